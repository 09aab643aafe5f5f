import fs from 'node:fs';
import path from 'node:path';
import { openDatabase, type DB } from '../../../db/database';
import type { Request } from 'express';
import { pairKeyerFor } from '../../../server/services/adjudications/pairKeys';
import { listQueue } from '../../../server/services/adjudications/queue';
import { agreementPage } from '../../../server/services/agreementCache';
import { queueQuery } from '../../../shared/schemas/adjudication';
import { listProblems } from '../../../server/services/problems';
import { agreementQuery } from '../../../shared/schemas/agreementPage';
import { problemListQuery } from '../../../shared/schemas/backoffice';
import { buildExportDb } from '../data/exportDb';
import { scratchDir } from '../lib/config';
import { timeInterleaved } from '../lib/stats';
import { row, type BenchContext, type BenchRow, type Scenario } from '../lib/types';

const LARGE = 8000;
const SMALL = 80;

/** The 95th percentile of the runs (nearest rank). */
function p95(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil(sorted.length * 0.95) - 1)]!;
}

/**
 * What each paged list endpoint does behind HTTP (the query schema's parse, the SQL, the
 * presenter), for a page of 50, on a database of 8,000 problems against one of 80.
 */
const LISTS: { name: string; call: (db: DB) => unknown }[] = [
  { name: 'Problems, first page', call: (db) => listProblems(db, problemListQuery.parse({})) },
  { name: 'Problems, page 100 sorted by title', call: (db) => listProblems(db, problemListQuery.parse({ sort: 'title', offset: '4950' })) },
  { name: 'Problems, text filter "abc" and difficulty', call: (db) => listProblems(db, problemListQuery.parse({ q: 'abc', difficulty: 'easy' })) },
  { name: 'Problems, adjudication status filter', call: (db) => listProblems(db, problemListQuery.parse({ adjudication: 'resolved', offset: '50' })) },
  { name: 'Assignments, problems needing annotators', call: (db) => listProblems(db, problemListQuery.parse({ assigned: 'open' })) },
  { name: 'Agreement, cached report with a page of the per-problem table', call: (db) => agreementPage(db, agreementQuery.parse({ offset: '50' })) },
  // A maintainer's session (no cookie: a fresh session secret); cross-checks cached by annotation versions.
  { name: 'Adjudication queue, page 2', call: (db) => listQueue(db, queueQuery.parse({ offset: '50', limit: '50' }), pairKeyerFor({ headers: {} } as Request), 0) },
];

async function measure(ctx: BenchContext, large: DB, small: DB, runs: number): Promise<BenchRow[]> {
  const rows: BenchRow[] = [];
  for (const list of LISTS) {
    const [big, little] = await timeInterleaved([() => list.call(large), () => list.call(small)], runs, 2);
    ctx.log(`${list.name}: p95 ${p95(big!).toFixed(2)} ms at ${LARGE}, ${p95(little!).toFixed(2)} ms at ${SMALL}`);
    rows.push(
      row(`${list.name}: p95 at ${LARGE} problems, page of 50 (baseline: at ${SMALL})`, 'ms', p95(big!), p95(little!), { kind: 'value-max', limit: 50, unit: 'ms' }, runs),
    );
  }
  return rows;
}

export const scenario: Scenario = {
  id: 7,
  name: 'Maintainer lists at scale',
  async run(ctx) {
    const dir = scratchDir('lists');
    try {
      const largeFile = path.join(dir, 'large.sqlite');
      const smallFile = path.join(dir, 'small.sqlite');
      buildExportDb(largeFile, LARGE);
      buildExportDb(smallFile, SMALL);
      ctx.log(`databases of ${LARGE} and ${SMALL} problems, each with two annotators, submitted annotations and a resolved adjudication`);
      const large = openDatabase(largeFile);
      const small = openDatabase(smallFile);
      try {
        const total = listProblems(large, problemListQuery.parse({})).total;
        if (total !== LARGE) throw new Error(`listProblems counted ${total} problems, expected ${LARGE}`);
        return await measure(ctx, large, small, ctx.quick ? 10 : 40);
      } finally {
        large.close();
        small.close();
      }
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  },
};
