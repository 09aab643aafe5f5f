/**
 * A stand-in for LiveCodeBench's custom evaluator (lcb_runner/runner/custom_evaluator.py) with a
 * grading rule of our own: it reads the list export-lcb writes, asserts what the real one asserts
 * (acceptedByEvaluator), sorts by question_id and writes `<name>_codegeneration_output_eval_all.json` entries with
 * the real file's fields (question_id, code_list, graded_list, pass@1 and the problem's fields).
 */
import fs from 'node:fs';

export type Grader = (code: string) => boolean;

/** Our rule for the tests: a code passes when it contains "PASS". */
export const passWhenMarked: Grader = (code) => code.includes('PASS');

export interface EvalAllEntry {
  question_id: string;
  code_list: string[];
  graded_list: boolean[];
  'pass@1': number;
  metadata?: string[];
  [field: string]: unknown;
}

/**
 * The metadata run_test gives a code, as the real evaluator json.dumps it: a passing code's holds
 * only its execution time; a failing one's error_code and error_message (a code marked "SLOW" ran
 * out of time, one marked "SYNTAX" does not compile, which LiveCodeBench reports as a runtime
 * error during testing; any other is a wrong answer).
 */
export function codeMetadata(code: string, passed: boolean): Record<string, unknown> {
  if (passed) return { 'execution time': 0.0123 };
  if (code.includes('SLOW')) return { error: 'TimeoutException()', error_code: -3, error_message: 'Time Limit Exceeded', inputs: '1', expected: '2' };
  if (code.includes('SYNTAX')) return { error_code: -4, error_message: 'Error during testing: invalid syntax (<string>, line 1)' };
  return { output: '1', inputs: '1', expected: '2', error_code: -2, error_message: 'Wrong Answer' };
}

export interface EvaluatorInput {
  question_id: string;
  code_list: string[];
}

const byQuestionId = (a: EvaluatorInput, b: EvaluatorInput) => (a.question_id < b.question_id ? -1 : a.question_id > b.question_id ? 1 : 0);

/**
 * What LiveCodeBench's evaluator requires of its input, in its order: a list of as many entries
 * as the window has problems (custom_evaluator.py: `len(custom_outputs) == len(benchmark)`), paired
 * with the window's problems after sorting both by question_id (so each entry must land on its own
 * problem), and, after grading, as many codes for every problem as for the first
 * (codegen_metrics: `len(final_metadata[i]) == len(generations_list[0])`). Throws the evaluator's
 * complaint; returns the entries in the order it grades them.
 */
export function acceptedByEvaluator(input: readonly EvaluatorInput[], window?: readonly string[]): EvaluatorInput[] {
  if (window !== undefined && input.length !== window.length) throw new Error(`AssertionError: ${input.length} != ${window.length}`);
  const sorted = [...input].sort(byQuestionId);
  const problems = window === undefined ? sorted.map((e) => e.question_id) : [...window].sort();
  sorted.forEach((e, i) => {
    if (e.question_id !== problems[i]) throw new Error(`codes of ${e.question_id} would be graded against ${problems[i]}`);
  });
  for (const e of sorted) if (e.code_list.length !== sorted[0]!.code_list.length) throw new Error(`AssertionError: len(final_metadata[i])=${e.code_list.length}`);
  return sorted;
}

/** Grade an export file; returns the path of the `_eval_all.json` written next to it. */
export function evaluate(exportFile: string, grade: Grader = passWhenMarked, window?: readonly string[]): string {
  const input = JSON.parse(fs.readFileSync(exportFile, 'utf8')) as EvaluatorInput[];
  const entries: EvalAllEntry[] = acceptedByEvaluator(input, window)
    .map((e) => {
      const graded = e.code_list.map(grade);
      return {
        question_title: `Problem ${e.question_id}`,
        question_content: 'The statement.',
        platform: 'atcoder',
        question_id: e.question_id,
        contest_id: e.question_id.split('_')[0],
        contest_date: '2025-01-12T00:00:00',
        starter_code: '',
        difficulty: 'easy',
        output_list: e.code_list,
        code_list: e.code_list,
        graded_list: graded,
        'pass@1': graded.filter(Boolean).length / graded.length,
        metadata: e.code_list.map((code, i) => JSON.stringify(codeMetadata(code, graded[i]!))),
      };
    });
  const out = `${exportFile.slice(0, -'.json'.length)}_codegeneration_output_eval_all.json`;
  fs.writeFileSync(out, JSON.stringify(entries, null, 4));
  return out;
}
