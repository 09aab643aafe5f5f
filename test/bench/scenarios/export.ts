import fs from 'node:fs';
import { performance } from 'node:perf_hooks';
import path from 'node:path';
import { all, openDatabase, type DB } from '../../../db/database';
import { readAllBaseTexts } from '../../../db/legacyReleases';
import { buildRelease, type BuiltRelease } from '../../../server/services/releases/build';
import { writeReleaseDir } from '../../../server/services/releases/writeDir';
import { RELEASE_FILE } from '../../../shared/release/format';
import { validateRelease } from '../../../shared/release/validate';
import { buildExportDb } from '../data/exportDb';
import { scratchDir } from '../lib/config';
import { median, timeInterleaved } from '../lib/stats';
import { row, type BenchContext, type BenchRow, type Scenario } from '../lib/types';

/** Baseline: the same gold rows by a bare SELECT, one JSON line each, written to a file. */
function bareDump(db: DB, out: string): void {
  const rows = all<Record<string, unknown>>(
    db,
    `SELECT p.question_id, p.base_text, g.idx, g.deletions, g.repairs, g.question, g.answer, g.type
       FROM problems p JOIN adjudications a ON a.problem_id = p.id JOIN gold_points g ON g.problem_id = p.id
      WHERE a.status = 'resolved' ORDER BY p.import_order, g.idx`,
  );
  fs.writeFileSync(out, rows.map((r) => JSON.stringify(r)).join('\n') + '\n');
}

/**
 * The real export, as `npm run cli -- export --out DIR` does it: build (validation and card
 * included), then write. What it returns is read after the timing (the JSONL's decoding for
 * the validation note is no part of an export).
 */
function realExport(db: DB, out: string): BuiltRelease {
  const built = buildRelease(db, { name: 'bench', notes: '', policy: 'all-subsets', extended: false });
  if (built.report.errors > 0) throw new Error(`the generated release has ${built.report.errors} validation error(s)`);
  writeReleaseDir(out, built.files);
  return built;
}

/** How long the validation step alone takes on the exported JSONL (for the note on the row). */
function validationMs(db: DB, jsonl: string): number {
  const problems = readAllBaseTexts(db);
  const start = performance.now();
  validateRelease(jsonl, { problems });
  return performance.now() - start;
}

interface Measured {
  problems: number;
  tasks: number;
  exportMs: number;
  baselineMs: number;
  validationMs: number;
  runs: number;
}

async function measure(ctx: BenchContext, problems: number, runs: number): Promise<Measured> {
  const dir = scratchDir('export');
  try {
    const file = path.join(dir, 'export.sqlite');
    const started = Date.now();
    const { tasks } = buildExportDb(file, problems);
    const db = openDatabase(file);
    try {
      ctx.log(`${problems} problems / ${tasks} tasks (database built in ${((Date.now() - started) / 1000).toFixed(1)} s); ${runs} runs each`);
      let exported: BuiltRelease | null = null;
      const [exportMs, baselineMs] = await timeInterleaved(
        [() => (exported = realExport(db, path.join(dir, 'release'))), () => bareDump(db, path.join(dir, 'bare.jsonl'))],
        runs,
        problems > 1000 ? 0 : 1,
      );
      const built = exported as BuiltRelease | null;
      if (built?.manifest.counts.tasks !== tasks) throw new Error(`export wrote ${built?.manifest.counts.tasks} tasks, expected ${tasks}`);
      const jsonl = built.files.find((f) => f.path === RELEASE_FILE)!.content.toString('utf8');
      const validation = median(Array.from({ length: problems > 1000 ? 1 : 3 }, () => validationMs(db, jsonl)));
      const m = { problems, tasks, exportMs: median(exportMs!), baselineMs: median(baselineMs!), validationMs: validation, runs };
      ctx.log(`export ${m.exportMs.toFixed(0)} ms, bare dump ${m.baselineMs.toFixed(0)} ms`);
      return m;
    } finally {
      db.close();
    }
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

const exportRow = (m: Measured): BenchRow =>
  row(
    `export ${m.problems} problems / ${m.tasks} tasks (validation and data card included; baseline: bare SELECT + JSON.stringify + write)`,
    'ms',
    m.exportMs,
    m.baselineMs,
    { kind: 'ratio-max', limit: 3 },
    m.runs,
    `validation alone ${Math.round(m.validationMs)} ms`,
  );

export const scenario: Scenario = {
  id: 2,
  name: 'Export',
  async run(ctx) {
    const small = await measure(ctx, 80, ctx.quick ? 3 : 9);
    const large = await measure(ctx, ctx.quick ? 800 : 8000, ctx.quick ? 1 : 3);
    const scale = large.problems / small.problems;
    return [
      exportRow(small),
      exportRow(large),
      row(`export growth: ${large.problems} vs ${small.problems} problems (${scale}× the data; baseline column: the small export)`, 'ms', large.exportMs, small.exportMs, { kind: 'ratio-max', limit: 1.2 * scale }, large.runs),
    ];
  },
};
