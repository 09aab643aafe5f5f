/** What the Problem page tells of a problem beyond its content: whether it needs annotators, its last reopen. */
import { get, type DB } from './database';
import { NEEDS_ANNOTATORS_SQL } from './problems';

/** Whether the problem needs annotators, by the one definition every page counts with. */
export function problemNeedsAnnotators(db: DB, problemId: number): boolean {
  const row = get<{ needs: 0 | 1 }>(db, `SELECT ${NEEDS_ANNOTATORS_SQL} AS needs FROM problems p LEFT JOIN adjudications j ON j.problem_id = p.id WHERE p.id = ?`, [problemId]);
  return row?.needs === 1;
}

export interface ReopenRow {
  at: string;
  actor: string | null;
  reason: string | null;
}

/** The problem's latest reopen (when and by whom, and the reason given), or undefined when it was never reopened. */
export function findLatestReopen(db: DB, questionId: string): ReopenRow | undefined {
  return get<ReopenRow>(
    db,
    `SELECT at, actor, CASE WHEN json_valid(details) THEN json_extract(details, '$.reason') END AS reason FROM events
      WHERE action = 'adjudication.reopen' AND entity_type = 'adjudication' AND entity_id = ? ORDER BY id DESC LIMIT 1`,
    [questionId],
  );
}
