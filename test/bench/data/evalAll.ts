import { pick, seededRandom } from './random';

const WORDS = 'sequence integer output print index range order tie empty string grid cell value count minimum maximum sum each query'.split(' ');

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
      metadata: grades.map((g) => JSON.stringify(g ? {} : { error: 'Wrong answer', error_code: -2 })),
    };
  });
  return JSON.stringify(graded, null, 4);
}
