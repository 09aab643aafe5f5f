import { describe, expect, it } from 'vitest';
import { quickRunLine, runLineSchema, toRunRecord } from '../../shared/runs/runLine';
import { runLine } from '../support/runFixture';

const base = runLine('task_1', 'abc301_a', 2, ['Is it sorted?', 'May it be empty?'], [1, 0]);

describe('the fast path of the run-line schema', () => {
  it('gives what the schema gives for well-formed lines (unknown fields and message keys dropped)', () => {
    const lines: Record<string, unknown>[] = [
      base,
      { ...base, extra: { nested: [1, 2] }, messages: [{ role: 'assistant', content: '[QUESTION] x [/QUESTION]', name: 'bot' }] },
      { id: 'abc301_a', task_id: 'task_1', qa_pairs: [{}, 'anything'], hit_dict: { '0': 1, '2': 0, '1': 1 } },
      { ...base, key_question_num: 0, turns: 0, finished: false, final_code: '', prompt: '' },
    ];
    for (const line of lines) {
      const quick = quickRunLine(JSON.parse(JSON.stringify(line)));
      expect(quick).toEqual(runLineSchema.parse(JSON.parse(JSON.stringify(line))));
      expect(toRunRecord(quick!)).toEqual(toRunRecord(runLineSchema.parse(line)));
    }
    const nulls = { ...base, key_question_num: null, turns: null, messages: null, hit_dict: null, finished: null };
    expect(toRunRecord(quickRunLine(nulls)!)).toEqual(toRunRecord(runLineSchema.parse(nulls)));
  });

  it('declines every line the schema refuses, and anything unusual, leaving the wording to the schema', () => {
    const refused: unknown[] = [
      [base],
      null,
      { ...base, id: '' },
      { ...base, task_id: 5 },
      { ...base, key_question_num: 1.5 },
      { ...base, key_question_num: -1 },
      { ...base, turns: -1 },
      { ...base, turns: '3' },
      { ...base, qa_pairs: {} },
      { ...base, prompt: 1 },
      { ...base, messages: [{ role: 'user' }] },
      { ...base, messages: [null] },
      { ...base, messages: {} },
      { ...base, response_contents: [1] },
      { ...base, hit_dict: { '0': 2 } },
      { ...base, hit_dict: { '0': true } },
      { ...base, hit_dict: [1, 0] },
      { ...base, hit_questions: 'x' },
      { ...base, final_code: 1 },
      { ...base, finished: 'yes' },
    ];
    for (const line of refused) {
      expect(quickRunLine(line)).toBeNull();
      expect(runLineSchema.safeParse(line).success).toBe(false);
    }
    // Unusual but valid: the schema decides.
    const proto = JSON.parse(`{"id":"a","task_id":"t","hit_dict":{"__proto__":1}}`) as unknown;
    expect(quickRunLine(proto)).toBeNull();
  });
});
