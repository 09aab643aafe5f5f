import { describe, expect, it } from 'vitest';
import {
  evalEntrySchema,
  exportedProblems,
  interactiveGrades,
  lcbEntries,
  lcbPass1,
  PADDING_CODE,
  PLACEHOLDER_CODE,
  quickEvalEntry,
  type GradedTask,
  type LcbEntry,
} from '../../shared/runs/pass1';
import { acceptedByEvaluator } from '../support/lcbEvaluator';

describe('the evaluator input', () => {
  const problems = exportedProblems([
    { taskId: 't2', questionId: 'b_1', code: 'x' },
    { taskId: 't1', questionId: 'b_1', code: 'y' },
    { taskId: 't9', questionId: 'a_1', code: 'z' },
  ]);
  it('keeps each problem’s tasks in the order given, pads every code_list to the widest and sorts the entries by question_id in code-point order', () => {
    const out = lcbEntries(problems, ['c_1', 'b_1', 'a_1', 'B_1']);
    expect(out).toEqual({
      entries: [
        { question_id: 'B_1', code_list: [PLACEHOLDER_CODE, PLACEHOLDER_CODE] },
        { question_id: 'a_1', code_list: ['z', PADDING_CODE] },
        { question_id: 'b_1', code_list: ['x', 'y'] },
        { question_id: 'c_1', code_list: [PLACEHOLDER_CODE, PLACEHOLDER_CODE] },
      ],
    });
    expect(lcbEntries(problems, ['b_1'])).toEqual({ missing: ['a_1'] });
  });
});

describe("LiveCodeBench's constraints on an export of a run over problems with 1, 3 and 7 tasks", () => {
  const tasks = (questionId: string, n: number) => Array.from({ length: n }, (_v, i) => ({ taskId: `${questionId}#${i + 1}`, questionId, code: `print(${JSON.stringify(`${questionId} ${i + 1}`)})` }));
  const problems = exportedProblems([...tasks('abc300_c', 7), ...tasks('abc100_a', 1), ...tasks('abc200_b', 3)]);
  const window = ['arc010_a', 'abc300_c', 'abc100_a', 'abc200_b', 'abc050_z'];
  const { entries } = lcbEntries(problems, window) as { entries: LcbEntry[] };

  it('one entry per window problem, in the order the evaluator sorts them, every code_list as long as the first', () => {
    expect(acceptedByEvaluator(entries, window)).toEqual(entries);
    expect(entries.map((e) => e.code_list.length)).toEqual([7, 7, 7, 7, 7]);
    // Without the padding the evaluator grades everything and then refuses the file.
    const unpadded = entries.map((e) => ({ ...e, code_list: e.code_list.filter((c) => c !== PADDING_CODE) }));
    expect(() => acceptedByEvaluator(unpadded, window)).toThrow('AssertionError: len(final_metadata[i])=1');
    expect(() => acceptedByEvaluator(entries.slice(1), window)).toThrow('AssertionError: 4 != 5');
  });

  it("graded back, graded_list[i] is the i-th task's grade, the padding and placeholders passed over; LiveCodeBench's own figure counts them as failing", () => {
    const graded = entries.map((e) => {
      const grades = e.code_list.map((c) => c.includes(' 1"') || c.includes(' 3"'));
      return { ...e, graded_list: grades, 'pass@1': grades.filter(Boolean).length / grades.length, metadata: grades.map((g) => (g ? '{"execution time": 0.01}' : '{"error_code": -2, "error_message": "Wrong Answer"}')) };
    });
    const result = interactiveGrades(graded, problems) as { grades: GradedTask[] };
    expect(result.grades.map((g) => [g.taskId, g.passed])).toEqual([
      ['abc100_a#1', true],
      ['abc200_b#1', true],
      ['abc200_b#2', false],
      ['abc200_b#3', true],
      ...[1, 2, 3, 4, 5, 6, 7].map((i) => [`abc300_c#${i}`, i === 1 || i === 3]),
    ]);
    expect(result.grades[2]!.metadata).toEqual({ errorCode: -2, errorMessage: 'Wrong Answer' });
    // Problems: abc050_z 0/7, abc100_a 1/7, abc200_b 2/7, abc300_c 2/7, arc010_a 0/7.
    expect(lcbPass1(graded)).toBeCloseTo(5 / 35, 12);
  });

  it('refuses padding that is not what export wrote', () => {
    const changed = entries.map((e) => (e.question_id === 'abc200_b' ? { ...e, code_list: [...e.code_list.slice(0, 6), 'print(1)'] } : e));
    const graded = changed.map((e) => ({ ...e, graded_list: e.code_list.map(() => false), 'pass@1': 0 }));
    expect(interactiveGrades(graded, problems)).toEqual({
      issues: [{ entry: 3, field: 'code_list', message: 'not what was exported for abc200_b: code 7 is not the padding export-lcb wrote (codes 4–7 of this problem are padding)' }],
    });
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
