import type { DB } from '../../db/database';
import { serializeRelease, type ReleaseRecord } from '../../shared/release/format';
import { buildProblem, type BuiltProblem } from './builders';

/** Apply literal replacements to a base text, failing loudly if one does not apply. */
export function edit(base: string, ...replacements: [string, string][]): string {
  let text = base;
  for (const [from, to] of replacements) {
    if (!text.includes(from)) throw new Error(`fixture: "${from}" is not in the text`);
    text = text.replace(from, to);
  }
  return text;
}

const Q = {
  which: { question: 'Which integers may A hold?', answer: 'Positive integers.' },
  print: { question: 'What exactly should be printed?', answer: 'Print Yes if it is, otherwise No.' },
  kind: { question: 'What kind of progression?', answer: 'A geometric progression.' },
  count: { question: 'How large can N be?', answer: 'N is at most 100.' },
  integers: { question: 'Are the inputs integers?', answer: 'All input values are integers.' },
};

// Point edits on the sample statement, as literal replacements.
const P0: [string, string] = [' of positive integers', ''];
const P1: [string, string][] = [[' geometric progression, print Yes; otherwise, print No.', ' geometric progression. Print Yes.']];
const P2: [string, string] = ['Determine whether A is a geometric progression.', 'Determine whether A is a nice sequence.'];

export interface LegacyFixture {
  problems: { a: BuiltProblem; b: BuiltProblem };
  records: ReleaseRecord[];
  jsonl: string;
  /** The question_id in the release that is not in the problems table. */
  missing: string;
}

/**
 * A small legacy release over two imported problems and one that is not imported:
 * problem A has three points — a pure deletion, one with small repairs (", p" → ". P"),
 * one rewritten ("a nice sequence") — whose pair {1,2} the release leaves out; its combination
 * tasks list keywords out of point order, one in reversed qa order with a reworded question.
 * Problem B has two pure points and all three tasks. Ids are not task_1…task_N.
 */
export function buildLegacyFixture(db: DB): LegacyFixture {
  const a = buildProblem(db, { questionId: 'leg100_a' });
  const b = buildProblem(db, { questionId: 'leg100_b' });
  const base = a.baseText;
  const missing = 'leg999_z';
  const t = (id: number, questionId: string, keywords: string[], text: string, qa: { question: string; answer: string }[]): ReleaseRecord => ({
    task_id: `task_${id}`,
    question_id: questionId,
    keywords,
    modified_content: text,
    qa_pairs: qa,
  });
  const reworded = { question: 'What sort of progression is meant?', answer: Q.kind.answer };
  const records = [
    t(10, a.questionId, ['Collection Semantics'], edit(base, P0), [Q.which]),
    t(11, a.questionId, ['Output Format'], edit(base, ...P1), [Q.print]),
    t(12, a.questionId, ['Terminology'], edit(base, P2), [Q.kind]),
    t(13, a.questionId, ['Output Format', 'Collection Semantics'], edit(base, P0, ...P1), [Q.which, Q.print]),
    t(14, a.questionId, ['Terminology', 'Collection Semantics'], edit(base, P0, P2), [reworded, Q.which]),
    t(15, a.questionId, ['Collection Semantics', 'Output Format', 'Terminology'], edit(base, P0, ...P1, P2), [Q.which, Q.print, Q.kind]),
    t(20, b.questionId, ['Edge Cases'], edit(base, ['- 2 \\leq N \\leq 100\n', '']), [Q.count]),
    t(21, b.questionId, ['Collection Semantics'], edit(base, ['\n- All input values are integers.', '']), [Q.integers]),
    t(22, b.questionId, ['Edge Cases', 'Collection Semantics'], edit(base, ['- 2 \\leq N \\leq 100\n', ''], ['\n- All input values are integers.', '']), [Q.count, Q.integers]),
    t(30, missing, ['Behavior'], 'Some statement of a problem that is not imported.', [{ question: 'What?', answer: 'That.' }]),
  ];
  return { problems: { a, b }, records, jsonl: serializeRelease(records), missing };
}

/**
 * `count` problems whose gold comes from an imported release (one pure deletion each), as a team
 * continuing the public benchmark has them: resolved, nothing to adjudicate. The jsonl to import.
 */
export function importedGoldRelease(db: DB, count: number): string {
  const records: ReleaseRecord[] = [];
  for (let i = 0; i < count; i++) {
    const p = buildProblem(db, { questionId: `imp${String(i).padStart(3, '0')}_a`, title: `Imported problem ${i}` });
    records.push({
      task_id: `task_${i + 1}`,
      question_id: p.questionId,
      keywords: ['Edge Cases'],
      modified_content: edit(p.baseText, ['- 2 \\leq N \\leq 100\n', '']),
      qa_pairs: [{ question: 'How many values can the input hold?', answer: 'Between 2 and 100.' }],
    });
  }
  return serializeRelease(records);
}
