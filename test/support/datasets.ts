import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

/** The public release and its source problems, read in place (never copied into the repo). */
export const DATASETS_DIR = path.resolve(process.env.CCB_DATASETS ?? path.join(ROOT, '..', 'shared', 'datasets'));
export const LCB_SUBSET = path.join(DATASETS_DIR, 'lcb_v6_subset.jsonl');
export const PUBLIC_RELEASE = path.join(DATASETS_DIR, 'ClarifyCodeBench.jsonl');
/** A run over the public release and the figures the benchmark's reference implementation computes on it. */
export const EXAMPLE_RUN = path.join(DATASETS_DIR, 'runs', 'example-model.jsonl');
export const EXAMPLE_RUN_REFERENCE = path.join(DATASETS_DIR, 'runs', 'example-model.reference.json');

/** Fails loudly (instead of skipping) when a dataset test runs without the data. */
export function requireDataset(file: string): string {
  if (!fs.existsSync(file)) throw new Error(`dataset missing: ${file} (tests on the public data need ../shared/datasets)`);
  return file;
}
