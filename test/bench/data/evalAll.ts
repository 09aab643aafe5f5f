import { pick, seededRandom } from './random';

const WORDS = 'sequence integer output print index range order tie empty string grid cell value count minimum maximum sum each query'.split(' ');

const truncated = (text: string) => (text.length <= 300 ? text : `${text.slice(0, 150)}...(truncated) ...${text.slice(-150)}`);

/**
 * A failing code's metadata as run_test gives it: mostly wrong answers with the (truncated) output,
 * input and expected output, some time limits and runtime errors, a syntax error now and then.
 */
function failure(random: () => number, sentence: (n: number) => string): Record<string, unknown> {
  const r = random();
  const inputs = truncated(sentence(80));
  if (r < 0.6) return { output: truncated(sentence(60)), inputs, expected: truncated(sentence(60)), error_code: -2, error_message: `Wrong answer at output_line_idx=0: ${sentence(2)} != ${sentence(2)}` };
  if (r < 0.8) return { error: 'TimeoutException()', error_code: -3, error_message: 'Time Limit Exceeded', inputs, expected: truncated(sentence(60)) };
  if (r < 0.95) return { error: "ValueError('invalid literal for int() with base 10')", error_code: -4, error_message: 'Runtime Error', inputs, expected: truncated(sentence(60)) };
  return { error_code: -4, error_message: 'Error during testing: invalid syntax (<string>, line 12)' };
}

/**
 * LiveCodeBench's `_codegeneration_output_eval_all.json` for an export-lcb list, as the custom
 * evaluator writes it (indent 4; the problem's fields, output_list = code_list, graded_list,
 * pass@1, metadata per code), graded by a seeded coin.
 */
export function evalAllFile(entries: readonly { question_id: string; code_list: string[] }[], seed = 5): string {
  const random = seededRandom(seed);
  const sentence = (n: number) => Array.from({ length: n }, () => pick(random, WORDS)).join(' ');
  const graded = entries.map((e) => {
    const grades = e.code_list.map(() => random() < 0.4);
    return {
      question_title: sentence(3),
      question_content: `${sentence(300)}\n\nInput\n\n${sentence(40)}\n\nOutput\n\n${sentence(40)}`,
      platform: 'atcoder',
      question_id: e.question_id,
      contest_id: e.question_id.split('_')[0],
      contest_date: '2025-01-12T00:00:00',
      starter_code: '',
      difficulty: 'hard',
      output_list: e.code_list,
      code_list: e.code_list,
      graded_list: grades,
      'pass@1': grades.filter(Boolean).length / grades.length,
      metadata: grades.map((g) => JSON.stringify(g ? { 'execution time': random() } : failure(random, sentence))),
    };
  });
  return JSON.stringify(graded, null, 4);
}
