import { describe, expect, it } from 'vitest';
import { evalEntrySchema, exportedProblems, lcbEntries, PLACEHOLDER_CODE, quickEvalEntry } from '../../shared/runs/pass1';

describe('the evaluator input', () => {
  const problems = exportedProblems([
    { taskId: 't2', questionId: 'b_1', code: 'x' },
    { taskId: 't1', questionId: 'b_1', code: 'y' },
    { taskId: 't9', questionId: 'a_1', code: 'z' },
  ]);
  it('keeps each problem’s tasks in the order given and sorts the entries by question_id in code-point order', () => {
    const out = lcbEntries(problems, ['c_1', 'b_1', 'a_1', 'B_1']);
    expect(out).toEqual({
      entries: [
        { question_id: 'B_1', code_list: [PLACEHOLDER_CODE] },
        { question_id: 'a_1', code_list: ['z'] },
        { question_id: 'b_1', code_list: ['x', 'y'] },
        { question_id: 'c_1', code_list: [PLACEHOLDER_CODE] },
      ],
    });
    expect(lcbEntries(problems, ['b_1'])).toEqual({ missing: ['a_1'] });
  });
});

describe('the fast path of the _eval_all entry schema', () => {
  const good = { question_id: 'a_1', code_list: ['x', 'y'], graded_list: [true, false], 'pass@1': 0.5, question_content: 'dropped', metadata: ['{}'] };
  it('gives what the schema gives for a well-formed entry, and declines what the schema refuses', () => {
    expect(quickEvalEntry(good)).toEqual(evalEntrySchema.parse(good));
    const refused: unknown[] = [null, [good], { ...good, question_id: '' }, { ...good, code_list: [1] }, { ...good, graded_list: [1] }, { ...good, 'pass@1': 2 }, { ...good, 'pass@1': Number.NaN }, { ...good, 'pass@1': '1' }];
    for (const item of refused) {
      expect(quickEvalEntry(item)).toBeNull();
      expect(evalEntrySchema.safeParse(item).success).toBe(false);
    }
  });
});
