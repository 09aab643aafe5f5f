import { describe, expect, it } from 'vitest';
import { serializeRelease, type ReleaseRecord } from '../../shared/release/format';
import { validateRelease, type ReleaseFinding, type Rule, type ValidateOptions } from '../../shared/release/validate';

const BASE = [
  'You are given a string S of length N consisting of lowercase English letters.',
  'Print the number of distinct characters in S.',
  'Constraints',
  '- 1 \\leq N \\leq 100',
].join('\n');
const PROBLEMS = new Map([['abc001_a', BASE]]);

function record(overrides: Partial<ReleaseRecord> = {}): ReleaseRecord {
  return {
    task_id: 'task_1',
    question_id: 'abc001_a',
    keywords: ['Terminology'],
    modified_content: BASE.replace(' distinct', ''),
    qa_pairs: [{ question: 'Should repeated characters be counted once?', answer: 'Count distinct characters only.' }],
    ...overrides,
  };
}

const file = (...records: ReleaseRecord[]) => serializeRelease(records);
const rules = (findings: ReleaseFinding[], severity: 'error' | 'warning' = 'error') => findings.filter((f) => f.severity === severity).map((f) => f.rule);

function errorsOf(text: string, options: ValidateOptions = {}): { rules: Rule[]; findings: ReleaseFinding[] } {
  const report = validateRelease(text, options);
  return { rules: rules(report.findings), findings: report.findings };
}

describe('release validation: a good file', () => {
  it('has no findings, with or without the source problems', () => {
    const good = file(record(), record({ task_id: 'task_2', keywords: ['String & Localization'], modified_content: BASE.replace(' consisting of lowercase English letters', ''), qa_pairs: [{ question: 'Which characters can S contain?', answer: 'Lowercase English letters.' }] }));
    expect(validateRelease(good).findings).toEqual([]);
    expect(validateRelease(good, { problems: PROBLEMS })).toEqual({ tasks: 2, errors: 0, warnings: 0, findings: [] });
  });
});

describe('release validation: one test per error rule', () => {
  it('schema: invalid JSON, an empty line and a wrong field type, each with its line number', () => {
    const text = `${file(record())}{"task_id": "task_2",\n\n${JSON.stringify({ ...record({ task_id: 'task_4' }), qa_pairs: 'none' })}\n`;
    const { findings } = errorsOf(text);
    expect(findings.map((f) => [f.rule, f.line, f.task_id])).toEqual([
      ['schema', 2, 'line 2'],
      ['schema', 3, 'line 3'],
      ['schema', 4, 'task_4'],
    ]);
    expect(findings[0]!.message).toMatch(/^line 2: not valid JSON/);
    expect(findings[2]!.message).toMatch(/^line 4: qa_pairs: /);
    expect(validateRelease(text).tasks).toBe(4);
  });

  it('schema: a missing field', () => {
    const { task_id: _drop, ...rest } = record();
    const { findings } = errorsOf(`${JSON.stringify(rest)}\n`);
    expect(findings).toEqual([expect.objectContaining({ rule: 'schema', severity: 'error', message: expect.stringMatching(/^line 1: task_id: /) })]);
  });

  it('k-range: K must be 1 to 3', () => {
    const qa = { question: 'Q?', answer: 'Count distinct characters.' };
    expect(errorsOf(file(record({ qa_pairs: [] }))).rules).toContain('k-range');
    expect(errorsOf(file(record({ qa_pairs: [qa, qa, qa, qa] }))).rules).toEqual(['k-range']);
  });

  it('keywords-empty: no keywords, or an empty keyword', () => {
    expect(errorsOf(file(record({ keywords: [] }))).rules).toEqual(['keywords-empty']);
    expect(errorsOf(file(record({ keywords: [' '] }))).rules).toEqual(['keywords-empty']);
  });

  it('keyword-unknown: a keyword outside the taxonomy', () => {
    const { rules: found, findings } = errorsOf(file(record({ keywords: ['Spelling'] })));
    expect(found).toEqual(['keyword-unknown']);
    expect(findings[0]!.message).toContain('"Spelling"');
  });

  it('keywords-mismatch: with per-point types, keywords must be their de-duplicated list in point order', () => {
    const qa = (type: string) => ({ question: `About ${type}?`, answer: 'Count distinct characters.', type });
    const typed = record({ keywords: ['Terminology', 'Units'], qa_pairs: [qa('Behavior'), qa('Terminology')] });
    expect(errorsOf(file(typed)).rules).toEqual(['keywords-mismatch']);
    expect(errorsOf(file(record({ keywords: ['Behavior'], qa_pairs: [qa('Behavior'), qa('Terminology')] }))).rules).toEqual(['keywords-mismatch']);
    const same = record({ keywords: ['Terminology'], qa_pairs: [qa('Terminology'), qa('Terminology')] });
    expect(errorsOf(file(same)).rules).toEqual([]);
    // The same types in another order: a warning, since consumers read keywords as a set.
    const swapped = validateRelease(file(record({ keywords: ['Terminology', 'Behavior'], qa_pairs: [qa('Behavior'), qa('Terminology')] })));
    expect(swapped.errors).toBe(0);
    expect(rules(swapped.findings, 'warning')).toContain('keywords-order');
  });

  it('keywords-mismatch: without per-point types, more keywords than points, or a repeated keyword', () => {
    expect(errorsOf(file(record({ keywords: ['Terminology', 'Behavior'] }))).rules).toEqual(['keywords-mismatch']);
    const two = record({ keywords: ['Terminology', 'Terminology'], qa_pairs: [record().qa_pairs[0]!, { question: 'Other?', answer: 'Distinct.' }] });
    expect(errorsOf(file(two)).rules).toEqual(['keywords-mismatch']);
  });

  it('question-empty and answer-empty', () => {
    expect(errorsOf(file(record({ qa_pairs: [{ question: ' ', answer: 'Distinct.' }] }))).rules).toEqual(['question-empty']);
    expect(errorsOf(file(record({ qa_pairs: [{ question: 'Once?', answer: '' }] }))).rules).toEqual(['answer-empty']);
  });

  it('duplicate-task-id', () => {
    const second = record({ modified_content: BASE.replace(' of length N', ''), qa_pairs: [{ question: 'How long is S?', answer: 'Length N.' }] });
    const { findings } = errorsOf(file(record(), second));
    expect(findings).toEqual([expect.objectContaining({ rule: 'duplicate-task-id', line: 2, message: 'line 2: task_id: "task_1" is already used on line 1' })]);
  });

  it('duplicate-task: same problem, same text, same questions under another id', () => {
    const { findings } = errorsOf(file(record(), record({ task_id: 'task_2', keywords: ['Behavior'] })));
    expect(findings).toEqual([expect.objectContaining({ rule: 'duplicate-task', task_id: 'task_2', message: 'line 2: same problem, text and questions as task_1' })]);
    expect(errorsOf(file(record(), record({ task_id: 'task_2', question_id: 'abc002_a' }))).rules).toEqual([]);
  });

  it('unknown-question-id (with the source problems)', () => {
    const text = file(record({ question_id: 'zzz999_z' }));
    expect(errorsOf(text).rules).toEqual([]);
    expect(errorsOf(text, { problems: PROBLEMS }).rules).toEqual(['unknown-question-id']);
  });

  it('not-derivable (with the source problems): text that deletions plus small repairs cannot explain', () => {
    const rewritten = record({ modified_content: BASE.replace(' distinct', ' different kinds of unusual and rare') });
    const { rules: found, findings } = errorsOf(file(rewritten), { problems: PROBLEMS });
    expect(found).toEqual(['not-derivable']);
    expect(findings.find((f) => f.rule === 'not-derivable')!.message).toContain('at offset');
  });
});

describe('release validation: warnings', () => {
  const warnings = (text: string) => validateRelease(text, { problems: PROBLEMS }).findings.filter((f) => f.severity === 'warning');

  it('reports each tiny repair and each small rewording with its position, without errors', () => {
    const repaired = record({ modified_content: BASE.replace(' of length N consisting of lowercase English letters.', '.').replace('Print the number of distinct characters in S.', 'Print the number of characters in S;') });
    const found = warnings(file(repaired));
    expect(found.map((f) => f.rule)).toEqual(['repair']);
    expect(found[0]!.message).toMatch(/at offset \d+ \(base offset \d+\) "\." becomes ";"/);
    const reworded = record({ modified_content: BASE.replace('Print the number of distinct', 'Output the count of') });
    expect(warnings(file(reworded)).map((f) => f.rule)).toContain('rewording');
    expect(validateRelease(file(reworded), { problems: PROBLEMS }).errors).toBe(0);
  });

  it('flags answers that share no content word with the deleted text, and texts that delete nothing', () => {
    const unrelated = record({ qa_pairs: [{ question: 'Should repeated characters be counted once?', answer: 'Yes, once each.' }] });
    expect(warnings(file(unrelated)).map((f) => f.rule)).toEqual(['answer-not-from-deletion']);
    expect(warnings(file(record({ modified_content: BASE }))).map((f) => f.rule)).toEqual(['nothing-deleted']);
  });

  it('flags questions repeated verbatim across problems, answers left in the text, and unknown fields', () => {
    const other = record({ task_id: 'task_2', question_id: 'abc002_a' });
    expect(rules(validateRelease(file(record(), other)).findings, 'warning')).toEqual(['question-repeated']);
    const leaked = record({ qa_pairs: [{ question: 'What is N?', answer: 'of lowercase English letters' }], modified_content: BASE.replace(' distinct', '') });
    expect(rules(validateRelease(file(leaked)).findings, 'warning')).toEqual(['answer-in-text']);
    const extra = `${JSON.stringify({ ...record(), score: 1 })}\n`;
    expect(validateRelease(extra).findings).toEqual([expect.objectContaining({ rule: 'unknown-field', severity: 'warning' })]);
  });
});

describe('release serializer', () => {
  it('writes the public fields in order, Python json.dumps style, non-ASCII kept', () => {
    const line = serializeRelease([record({ modified_content: 'a\n"b" — ≤ \\ \u0001', qa_pairs: [{ question: 'Q?', answer: 'A.', type: 'Terminology' }] })]);
    expect(line).toBe(
      '{"task_id": "task_1", "question_id": "abc001_a", "keywords": ["Terminology"], "modified_content": "a\\n\\"b\\" — ≤ \\\\ \\u0001", "qa_pairs": [{"question": "Q?", "answer": "A.", "type": "Terminology"}]}\n',
    );
    expect(serializeRelease([record({ keywords: [] })])).toContain('"keywords": []');
  });
});
