import fs from 'node:fs';
import path from 'node:path';
import { all, openDatabase } from '../../../db/database';
import { agreementReport } from '../../../server/services/agreement';
import { alignPoints } from '../../../shared/alignment';
import { computeAgreement, type AgreementItem } from '../../../shared/agreement';
import { doublyAnnotated } from '../data/doubleAnnotations';
import { buildExportDb } from '../data/exportDb';
import { scratchDir } from '../lib/config';
import { median, timeInterleaved } from '../lib/stats';
import { row, type BenchContext, type BenchRow, type Scenario } from '../lib/types';

/** The first pass's size (target 500 ms) and the second pass's (20,000 problems in at most 1 s). */
const SIZES = [
  { problems: 2000, limit: 500 },
  { problems: 20_000, limit: 1000 },
];

/** The same figures as `npm run cli -- agreement` computes them: from a database, loading included. */
async function fromDatabase(ctx: BenchContext, problems: number, limit: number, runs: number): Promise<BenchRow> {
  const dir = scratchDir('agreement');
  try {
    const file = path.join(dir, 'agreement.sqlite');
    buildExportDb(file, problems);
    ctx.log(`database of ${problems} problems, each with two submitted annotations and a resolved adjudication`);
    const db = openDatabase(file);
    try {
      const bareSelect = () =>
        all(db, `SELECT a.problem_id, a.user_id, p.deletions, p.type FROM annotations a JOIN annotation_points p ON p.annotation_id = a.id WHERE a.status = 'submitted'`);
      const [report, baseline] = await timeInterleaved([() => agreementReport(db), bareSelect], runs);
      const counted = agreementReport(db).problems;
      if (counted !== problems) throw new Error(`agreementReport counted ${counted} problems, expected ${problems}`);
      return row(`agreement from a database of ${problems} doubly-annotated problems, as the CLI (baseline: bare SELECT of the points)`, 'ms', median(report!), median(baseline!), { kind: 'value-max', limit, unit: 'ms' }, runs);
    } finally {
      db.close();
    }
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/** computeAgreement in memory over `problems` generated problems (baseline: alignPoints alone). */
async function inMemory(ctx: BenchContext, problems: number, limit: number, runs: number): Promise<BenchRow> {
  const items: AgreementItem[] = doublyAnnotated(problems).map((p) => ({
    questionId: p.questionId,
    baseLength: p.base.length,
    annotatorA: p.annotatorA,
    annotatorB: p.annotatorB,
    pointsA: p.pointsA,
    pointsB: p.pointsB,
    gold: p.gold,
  }));
  ctx.log(`${items.length} doubly-annotated problems, ${items.reduce((s, i) => s + i.pointsA.length + i.pointsB.length, 0)} points; ${runs} runs`);
  let pairs = 0;
  const [agreement, baseline] = await timeInterleaved(
    [
      () => computeAgreement(items),
      () => {
        pairs = 0;
        for (const item of items) pairs += alignPoints(item.pointsA, item.pointsB).pairs.length;
      },
    ],
    runs,
  );
  const report = computeAgreement(items);
  if (report.problems !== problems) throw new Error(`computeAgreement counted ${report.problems} problems, expected ${problems}`);
  ctx.log(`matched pairs ${pairs}; types.kappa ${report.types.kappa.value?.toFixed(3) ?? report.types.kappa.reason}`);
  return row(`agreement, all coefficients over ${problems} doubly-annotated problems (baseline: alignPoints only)`, 'ms', median(agreement!), median(baseline!), { kind: 'value-max', limit, unit: 'ms' }, runs);
}

export const scenario: Scenario = {
  id: 5,
  name: 'Agreement',
  async run(ctx) {
    const rows: BenchRow[] = [];
    for (const { problems, limit } of SIZES) {
      // Quick mode keeps the shape at a tenth of the larger size.
      const size = ctx.quick && problems > 2000 ? problems / 10 : problems;
      const runs = ctx.quick ? 3 : problems > 2000 ? 5 : 9;
      rows.push(await inMemory(ctx, size, limit, runs));
      rows.push(await fromDatabase(ctx, size, limit, runs));
    }
    return rows;
  },
};
