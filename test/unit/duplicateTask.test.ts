import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { serializeRelease, type ReleaseRecord } from '../../shared/release/format';
import { validateRelease } from '../../shared/release/validate';

const record = (taskId: string, questionId: string, questions: string[], text = 'Print the answer.'): ReleaseRecord => ({
  task_id: taskId,
  question_id: questionId,
  keywords: ['Behavior'],
  modified_content: text,
  qa_pairs: questions.map((question) => ({ question, answer: 'As a decimal.' })),
});
const duplicates = (...records: ReleaseRecord[]) => validateRelease(serializeRelease(records)).findings.filter((f) => f.rule === 'duplicate-task').map((f) => f.task_id);

describe('duplicate-task tells problems and question lists apart exactly', () => {
  it('finds a repeated task, but not questions or ids that only run together the same way', () => {
    expect(duplicates(record('task_1', 'abc1_a', ['How?', 'Why?']), record('task_2', 'abc1_a', ['How?', 'Why?']))).toEqual(['task_2']);
    expect(duplicates(record('task_1', 'abc1_a', ['How?Why?']), record('task_2', 'abc1_a', ['How?', 'Why?']))).toEqual([]);
    expect(duplicates(record('task_1', 'abc1_a', ['4:How?', 'Why?']), record('task_2', 'abc1_a', ['4:How?4:Why?']))).toEqual([]);
    expect(duplicates(record('task_1', 'abc1', ['_a How?']), record('task_2', 'abc1_a', [' How?']))).toEqual([]);
  });

  it('names the first task with the same text, however many texts share a problem and questions', () => {
    for (const count of [3, 40]) {
      const texts = Array.from({ length: count }, (_, i) => record(`task_${i + 1}`, 'abc1_a', ['How?'], `Print answer ${i}.`));
      const copies = [record('copy_a', 'abc1_a', ['How?'], 'Print answer 1.'), record('copy_b', 'abc1_a', ['How?'], `Print answer ${count - 1}.`)];
      const findings = validateRelease(serializeRelease([...texts, ...copies])).findings.filter((f) => f.rule === 'duplicate-task');
      expect(findings.map((f) => [f.task_id, f.message.replace(/^line \d+: /, '')])).toEqual([
        ['copy_a', 'same problem, text and questions as task_2'],
        ['copy_b', `same problem, text and questions as task_${count}`],
      ]);
    }
  });

  it('finds exactly the duplicates a map of (problem, questions, text) finds, with few or many question lists per problem', () => {
    // Few problems, questions and texts, so lists repeat, collide when joined, and pass FEW_TEXTS per problem.
    const piece = fc.constantFrom('How?', 'Why?', 'How?Why?', '4:How?', '', 'a');
    const rec = fc.record({ questionId: fc.constantFrom('abc1_a', 'abc1', '_a'), questions: fc.array(piece, { maxLength: 3 }), text: fc.constantFrom('T1', 'T2', 'T3') });
    fc.assert(
      fc.property(fc.array(rec, { maxLength: 60 }), (specs) => {
        const records = specs.map((s, i) => record(`task_${i + 1}`, s.questionId, s.questions, s.text));
        const first = new Map<string, string>();
        const expected: [string, string][] = [];
        for (const r of records) {
          const key = JSON.stringify([r.question_id, r.qa_pairs.map((qa) => qa.question), r.modified_content]);
          const seen = first.get(key);
          if (seen) expected.push([r.task_id, `same problem, text and questions as ${seen}`]);
          else first.set(key, r.task_id);
        }
        const found = validateRelease(serializeRelease(records)).findings.filter((f) => f.rule === 'duplicate-task');
        expect(found.map((f) => [f.task_id, f.message.replace(/^line \d+: /, '')])).toEqual(expected);
      }),
      { numRuns: 500 },
    );
  });
});
