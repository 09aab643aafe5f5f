import fs from 'node:fs';
import { lcbRecord as buildLcbRecord } from './lcb';

/** A numbered LiveCodeBench record (the builder in ./lcb with a generated problem n), for large generated files. */
export function lcbRecord(n: number, overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return buildLcbRecord({
    question_id: `gen${String(n).padStart(5, '0')}_a`,
    question_title: `Generated problem ${n}`,
    question_content: [
      `You are given ${n} integers A_1, A_2, \\ldots, A_N.`,
      'Print the sum of the even ones.',
      '',
      'Input',
      '',
      'N',
      'A_1 \\ldots A_N',
      '',
      'Constraints',
      '',
      '- 1 \\leq N \\leq 100',
      '',
      'Sample Input 1',
      '',
      '3',
      '1 2 4',
    ].join('\n'),
    contest_id: `gen${n}`,
    contest_date: '2025-01-25T00:00:00',
    public_test_cases: JSON.stringify([{ input: '3\n1 2 4', output: '6', testtype: 'stdin' }]),
    ...overrides,
  });
}

/** Write count records as JSONL; privateBytes of hidden tests per line make the file large, like real LiveCodeBench files. */
export function writeLcbFile(file: string, count: number, privateBytes = 0): void {
  const fd = fs.openSync(file, 'w');
  const hidden = privateBytes > 0 ? 'x'.repeat(privateBytes) : undefined;
  for (let i = 1; i <= count; i++) {
    const record = lcbRecord(i, hidden === undefined ? {} : { private_test_cases: hidden });
    fs.writeSync(fd, `${JSON.stringify(record)}\n`);
  }
  fs.closeSync(fd);
}
