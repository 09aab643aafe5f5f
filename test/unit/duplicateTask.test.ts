import { describe, expect, it } from 'vitest';
import { serializeRelease, type ReleaseRecord } from '../../shared/release/format';
import { validateRelease } from '../../shared/release/validate';

const record = (taskId: string, questionId: string, questions: string[]): ReleaseRecord => ({
  task_id: taskId,
  question_id: questionId,
  keywords: ['Behavior'],
  modified_content: 'Print the answer.',
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
});
