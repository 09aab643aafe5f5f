import fs from 'node:fs';
import path from 'node:path';
import { tempDir } from './db';

export type LcbFields = Record<string, unknown>;

let counter = 0;

/** A valid LiveCodeBench code_generation_lite record; override any field (undefined removes it). */
export function lcbRecord(overrides: LcbFields = {}): LcbFields {
  const n = ++counter;
  const record: LcbFields = {
    question_id: `test${String(n).padStart(3, '0')}_a`,
    question_title: `Test Problem ${n}`,
    question_content: `Print the sum of A and B.\n\nInput\n\nA B\n\nOutput\n\nPrint A+B.\n\nConstraints\n\n- 1 \\leq A, B \\leq ${n}\n\nSample Input 1\n\n1 2\n\nSample Output 1\n\n3`,
    platform: 'atcoder',
    contest_id: `test${n}`,
    contest_date: '2025-02-01T00:00:00',
    difficulty: 'easy',
    starter_code: '',
    public_test_cases: JSON.stringify([{ input: '1 2', output: '3', testtype: 'stdin' }]),
    metadata: '{}',
    ...overrides,
  };
  for (const key of Object.keys(record)) if (record[key] === undefined) delete record[key];
  return record;
}

/** Write lines (records are JSON-encoded, strings written as they are) to a temporary .jsonl file. */
export function writeJsonl(lines: (LcbFields | string)[], name = 'problems.jsonl', eol = '\n'): string {
  const file = path.join(tempDir('ccb-lcb-'), name);
  fs.writeFileSync(file, lines.map((l) => (typeof l === 'string' ? l : JSON.stringify(l))).join(eol) + eol);
  return file;
}
