import { describe, expect, it } from 'vitest';
import type { ReleaseRecord } from '../../shared/release/format';
import { matchPoints } from '../../shared/release/matchPoints';
import { attributeKeyQuestions, singlePointTasks, type TypedPoint } from '../../shared/runs/attribution';
import { generateTasks, type GoldPointLike } from '../../shared/tasks';

// A key question's type is the type of the point it was written for, found by
// that point's identity, never by the question's position in the task.

const Q = {
  zero: { question: 'Is it allowed to perform zero operations?', answer: 'Yes.' },
  after: { question: 'After an operation, is bag A empty?', answer: 'Yes, it is empty.' },
  what: { question: 'What does B_i stand for?', answer: 'The stones in bag i.' },
};

const record = (taskId: string, keywords: string[], qa: { question: string; answer: string; type?: string }[]): ReleaseRecord => ({
  task_id: taskId,
  question_id: 'p1',
  keywords,
  modified_content: 'text',
  qa_pairs: qa,
});

/** A problem of three single-point tasks and combination tasks listing their questions out of point order. */
const singles = [record('t1', ['Terminology'], [Q.after]), record('t2', ['Edge Cases'], [Q.zero]), record('t3', ['Units'], [Q.what])];
const typesOf = (r: ReleaseRecord, context: Parameters<typeof attributeKeyQuestions>[1]) => attributeKeyQuestions(r, context).map((k) => k.type);
const fileContext = (r: ReleaseRecord) => ({ singles: singlePointTasks([...singles, r]).get('p1') ?? [] });

describe('types of a release file that carries none', () => {
  it("take the type of the same problem's one-question task with the same (whitespace-normalised) question, whatever the order", () => {
    // Keywords are a de-duplicated set in point order; the qa pairs list point 1 before point 0.
    const pair = record('t4', ['Terminology', 'Edge Cases'], [{ ...Q.zero, question: `  ${Q.zero.question.replace(' ', '\n ')}` }, Q.after]);
    expect(typesOf(pair, fileContext(pair))).toEqual(['Edge Cases', 'Terminology']);
    const triple = record('t5', ['Terminology', 'Edge Cases', 'Units'], [Q.what, Q.zero, Q.after]);
    expect(typesOf(triple, fileContext(triple))).toEqual(['Units', 'Edge Cases', 'Terminology']);
  });

  it('find a reworded question by its question and answer, as import-release matches points', () => {
    const pair = record('t4', ['Terminology', 'Edge Cases'], [{ question: 'May zero operations be performed at all?', answer: Q.zero.answer }, Q.after]);
    expect(typesOf(pair, fileContext(pair))).toEqual(['Edge Cases', 'Terminology']);
  });

  it("fall back to the task's keyword only when the task has a single type; else the question is unattributed", () => {
    const unknown = { question: 'Is the output sorted?', answer: 'No.' };
    const oneType = record('t6', ['Terminology', 'Terminology'], [unknown, { question: 'Which bag?', answer: 'A.' }]);
    expect(typesOf(oneType, { singles: [] })).toEqual(['Terminology', 'Terminology']);
    // Two keywords for two questions is no reason to pair them up by position.
    const twoTypes = record('t7', ['Terminology', 'Edge Cases'], [unknown, { question: 'Which bag?', answer: 'A.' }]);
    expect(typesOf(twoTypes, { singles: [] })).toEqual([null, null]);
  });

  it("keep an extended release's own per-pair types", () => {
    const typed = record('t8', ['Units', 'Behavior'], [{ ...Q.zero, type: 'Behavior' }, { ...Q.after, type: 'Units' }]);
    expect(typesOf(typed, fileContext(typed))).toEqual(['Behavior', 'Units']);
  });
});

describe('types of a release of this database', () => {
  const gold: TypedPoint[] = [
    { ...Q.after, type: 'Terminology' },
    { ...Q.zero, type: 'Edge Cases' },
    { ...Q.what, type: 'Terminology' },
  ];

  it('take the type of the gold point each question was written for, within the kept subset, not the i-th point of it', () => {
    const pair = record('t4', ['Terminology', 'Edge Cases'], [Q.zero, Q.after]);
    expect(typesOf(pair, { gold, subset: [0, 1], singles: [] })).toEqual(['Edge Cases', 'Terminology']);
    // A reworded question of the subset still finds its point.
    const reworded = record('t5', ['Terminology', 'Edge Cases'], [{ question: 'What do the B_i denote?', answer: Q.what.answer }, Q.zero]);
    expect(typesOf(reworded, { gold, subset: [1, 2], singles: [] })).toEqual(['Terminology', 'Edge Cases']);
  });

  it('use every gold point of the problem when the subset is unknown', () => {
    const pair = record('t4', ['Terminology', 'Edge Cases'], [Q.zero, Q.what]);
    expect(typesOf(pair, { gold, singles: [] })).toEqual(['Edge Cases', 'Terminology']);
  });
});

describe('matching points by identity', () => {
  it('pairs each question with the point asking it, and finds none for a pair that agrees with no point', () => {
    const points = [
      { question: 'Is N at most 100?', answer: 'Yes.' },
      { question: 'Is N at least 1?', answer: 'Yes.' },
    ];
    expect(matchPoints(points, [{ question: 'Is N at least 1?', answer: 'Yes.' }, { question: 'Is N at most 100?', answer: 'Yes.' }])).toEqual([1, 0]);
    expect(matchPoints(points, [{ question: 'Something else entirely', answer: 'Other' }])).toBeNull();
  });
});

describe('task generation with a legacy qa order', () => {
  it("lists the pairs in the release's order, each with its own point's type", () => {
    const points: GoldPointLike[] = [
      { deletions: [], repairs: [], ...Q.after, type: 'Terminology' },
      { deletions: [], repairs: [], ...Q.zero, type: 'Edge Cases' },
    ];
    const override = { subset: '0,1', text: null, questions: null, answers: null, keywords: null, qaOrder: [1, 0], kind: 'edit' as const };
    const task = generateTasks('base', points, 'all-subsets', [override]).find((t) => t.key === '0,1')!;
    expect(task.qa.map((q) => [q.question, q.type])).toEqual([
      [Q.zero.question, 'Edge Cases'],
      [Q.after.question, 'Terminology'],
    ]);
    expect(task.keywords).toEqual(['Terminology', 'Edge Cases']);
  });
});
