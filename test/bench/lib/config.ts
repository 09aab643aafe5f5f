import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const BENCH_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const ROOT = path.resolve(BENCH_DIR, '..', '..');
/** Git-ignored scratch space: generated JSONL files and databases. */
export const TMP_DIR = path.join(BENCH_DIR, 'tmp');
export const RESULTS_FILE = path.join(BENCH_DIR, 'results.json');
/** Quick or partial runs are for development: their results stay in the scratch folder. */
export const QUICK_RESULTS_FILE = path.join(TMP_DIR, 'results.partial.json');

export const isQuick = (): boolean => process.env.BENCH_QUICK === '1' || process.env.BENCH_QUICK === 'true';

/** A fresh folder under tmp/ for one scenario, removed by the caller. */
export function scratchDir(name: string): string {
  fs.mkdirSync(TMP_DIR, { recursive: true });
  return fs.mkdtempSync(path.join(TMP_DIR, `${name}-`));
}
