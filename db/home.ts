/** The counts of the maintainer's home page: each one query over the tables it counts. */
import { all, get, type DB } from './database';
import type { AdjudicationProgress } from '../shared/schemas/backoffice';
import { ADJUDICATION_SQL } from './problems';

const count = (db: DB, sql: string, params: unknown[] = []): number => get<{ n: number }>(db, sql, params)?.n ?? 0;

/** Problems per adjudication state (as the Problems page words them). */
export function countProblemsByState(db: DB): Record<AdjudicationProgress, number> {
  const out: Record<AdjudicationProgress, number> = { waiting: 0, ready: 0, draft: 0, resolved: 0 };
  const rows = all<{ state: AdjudicationProgress; n: number }>(
    db,
    `SELECT ${ADJUDICATION_SQL} AS state, COUNT(*) AS n FROM problems p LEFT JOIN adjudications j ON j.problem_id = p.id GROUP BY state`,
  );
  for (const r of rows) out[r.state] = r.n;
  return out;
}

export const countOpenFlags = (db: DB): number => count(db, "SELECT COUNT(*) AS n FROM comments WHERE kind = 'flag' AND resolved_at IS NULL");

export const countFailedSuggestionJobs = (db: DB): number => count(db, "SELECT COUNT(*) AS n FROM suggestion_jobs WHERE status = 'failed'");

/** What was done since an instant (ISO text, compared as the tables store their times). */
export function countWorkSince(db: DB, since: string): { annotationsSubmitted: number; casesResolved: number; flagsRaised: number } {
  return {
    annotationsSubmitted: count(db, "SELECT COUNT(*) AS n FROM annotations WHERE status = 'submitted' AND submitted_at >= ?", [since]),
    casesResolved: count(db, "SELECT COUNT(*) AS n FROM adjudications WHERE status = 'resolved' AND resolved_at >= ?", [since]),
    flagsRaised: count(db, "SELECT COUNT(*) AS n FROM comments WHERE kind = 'flag' AND created_at >= ?", [since]),
  };
}
