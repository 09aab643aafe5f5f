import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { runChild } from '../lib/child';
import { scratchDir } from '../lib/config';
import { median } from '../lib/stats';
import { row, type BenchContext, type BenchRow, type Scenario } from '../lib/types';
import { ensureLcbFile } from '../data/lcbFile';
import type { ImportRun } from './importChild';

const CHILD = path.join(path.dirname(fileURLToPath(import.meta.url)), 'importChild.ts');
const RSS_LIMIT_MB = 300;

async function measureSize(ctx: BenchContext, megabytes: number, runs: number): Promise<BenchRow[]> {
  const { file, bytes, records } = ensureLcbFile(path.join(ctx.tmpDir, 'lcb'), megabytes);
  const mb = bytes / (1024 * 1024);
  ctx.log(`${path.basename(file)}: ${mb.toFixed(0)} MB, ${records} records; ${runs} runs each, one process per run`);
  const dir = scratchDir('import');
  const baseline: ImportRun[] = [];
  const imported: ImportRun[] = [];
  try {
    // Interleaved, so that load from the other users of the machine hits both sides alike.
    for (let r = 0; r < runs; r++) {
      baseline.push(await runChild<ImportRun>(CHILD, ['baseline', file]));
      const dbFile = path.join(dir, `run${r}.sqlite`);
      imported.push(await runChild<ImportRun>(CHILD, ['import', file, dbFile]));
      for (const suffix of ['', '-wal', '-shm']) fs.rmSync(dbFile + suffix, { force: true });
      const last = imported[imported.length - 1]!;
      if (last.records !== records) throw new Error(`import stored ${last.records} problems, expected ${records}`);
    }
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
  const throughput = (rs: ImportRun[]) => median(rs.map((x) => mb / (x.ms / 1000)));
  const rss = (rs: ImportRun[]) => Math.max(...rs.map((x) => x.peakRssMb));
  const startRss = median(imported.map((x) => x.startRssMb));
  const label = `${Math.round(mb)} MB`;
  ctx.log(`${label}: baseline ${throughput(baseline).toFixed(0)} MB/s, import ${throughput(imported).toFixed(0)} MB/s, peak RSS ${rss(imported).toFixed(0)} MB`);
  return [
    row(`import ${label} LCB JSONL: throughput (baseline: readline + JSON.parse)`, 'MB/s', throughput(imported), throughput(baseline), { kind: 'ratio-min', limit: 0.5 }, runs),
    row(`import ${label}: peak RSS of the importing process (max of runs)`, 'MB', rss(imported), rss(baseline), { kind: 'value-below', limit: RSS_LIMIT_MB, unit: 'MB' }, runs, `${startRss.toFixed(0)} MB before reading`),
  ];
}

export const scenario: Scenario = {
  id: 1,
  name: 'Streaming LiveCodeBench import',
  async run(ctx) {
    const sizes = ctx.quick ? [5, 20] : [50, 200];
    const rows: BenchRow[] = [];
    for (const mb of sizes) rows.push(...(await measureSize(ctx, mb, ctx.quick ? 2 : 3)));
    return rows;
  },
};
