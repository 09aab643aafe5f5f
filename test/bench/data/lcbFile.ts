import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { loadLcbSubset } from './lcbSubset';
import { randomInt, seededRandom } from './random';

const MB = 1024 * 1024;
// Bump when the generated content changes, so cached files are rebuilt.
const GENERATOR_VERSION = 1;

/**
 * A LiveCodeBench-format JSONL of about `megabytes` MB: the 80 real records cycled with
 * fresh question_ids, each carrying a `private_test_cases` string of 0.5–6 MB (as the real
 * files do). Cached in `dir` across runs; returns the path and size.
 */
export function ensureLcbFile(dir: string, megabytes: number): { file: string; bytes: number; records: number } {
  const file = path.join(dir, `lcb-${megabytes}mb-v${GENERATOR_VERSION}.jsonl`);
  const meta = `${file}.records`;
  if (fs.existsSync(file) && fs.existsSync(meta)) {
    return { file, bytes: fs.statSync(file).size, records: Number(fs.readFileSync(meta, 'utf8')) };
  }
  fs.mkdirSync(dir, { recursive: true });
  const source = loadLcbSubset();
  const random = seededRandom(megabytes);
  const partial = `${file}.partial`;
  const fd = fs.openSync(partial, 'w');
  let bytes = 0;
  let records = 0;
  try {
    while (bytes < megabytes * MB) {
      const base = source[records % source.length]!;
      const left = megabytes * MB - bytes;
      const testsBytes = Math.min(Math.max(left - 4096, 1024), randomInt(random, MB / 2, 6 * MB));
      // base64 of random bytes: about 4/3 of the raw size, like LiveCodeBench's compressed tests.
      const record = { ...base, question_id: `${base.question_id}_bench${records}`, private_test_cases: randomBytes(Math.ceil((testsBytes * 3) / 4)).toString('base64') };
      const line = `${JSON.stringify(record)}\n`;
      bytes += fs.writeSync(fd, line);
      records++;
    }
  } finally {
    fs.closeSync(fd);
  }
  fs.renameSync(partial, file);
  fs.writeFileSync(meta, String(records));
  return { file, bytes, records };
}
