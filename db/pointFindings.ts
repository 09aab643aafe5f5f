import { z } from 'zod';
import { all, get, run, type DB } from './database';
import { acknowledgedSchema } from '../shared/schemas/annotation';
import type { AcknowledgedFinding } from '../shared/writing/findings';

/** The release's question-repeated rule at the point of writing: is this question a gold question of another problem? */
export const questionAskedElsewhere = (db: DB, problemId: number, question: string): boolean =>
  get<{ one: number }>(db, 'SELECT 1 AS one FROM gold_points WHERE question = ? AND problem_id <> ? LIMIT 1', [question, problemId]) !== undefined;

/** Store the findings the annotator acknowledged on submit. */
export function writeAcknowledged(db: DB, annotationId: number, acknowledged: readonly AcknowledgedFinding[]): void {
  run(db, 'UPDATE annotations SET acknowledged = ? WHERE id = ?', [JSON.stringify(acknowledged), annotationId]);
}

const storedAcknowledged = z.array(z.unknown());

/** Decode a stored list leniently: an entry that no longer reads as an acknowledged finding is dropped. */
export function decodeAcknowledged(json: string | null | undefined): AcknowledgedFinding[] {
  let value: unknown;
  try {
    value = JSON.parse(json ?? '[]');
  } catch {
    return [];
  }
  const list = storedAcknowledged.safeParse(value);
  if (!list.success) return [];
  return list.data.flatMap((item) => {
    const one = acknowledgedSchema.element.safeParse(item);
    return one.success ? [one.data] : [];
  });
}

/** The acknowledged findings of one annotation. */
export const readAcknowledged = (db: DB, annotationId: number): AcknowledgedFinding[] =>
  decodeAcknowledged(get<{ acknowledged: string }>(db, 'SELECT acknowledged FROM annotations WHERE id = ?', [annotationId])?.acknowledged);

/** Send a submitted annotation back to its annotator: a draft again (one version more), with the adjudicator's note. */
export function markReturned(db: DB, annotationId: number, note: string): void {
  run(
    db,
    `UPDATE annotations SET status = 'draft', version = version + 1, submitted_at = NULL, return_note = ?,
       updated_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now')
     WHERE id = ? AND status = 'submitted'`,
    [note, annotationId],
  );
}

/** Mark an assignment skipped with the annotator's reason, or (null) take the skip back. */
export function writeSkip(db: DB, problemId: number, userId: number, reason: string | null): void {
  run(db, "UPDATE assignments SET skip_reason = ?, skipped_at = CASE WHEN ? IS NULL THEN NULL ELSE strftime('%Y-%m-%dT%H:%M:%fZ', 'now') END WHERE problem_id = ? AND user_id = ?", [reason, reason, problemId, userId]);
}

/** The reason an assignment is skipped, or null. */
export const readSkip = (db: DB, problemId: number, userId: number): string | null =>
  get<{ skip_reason: string | null }>(db, 'SELECT skip_reason FROM assignments WHERE problem_id = ? AND user_id = ?', [problemId, userId])?.skip_reason ?? null;

/** The findings acknowledged on submit, by problem (question id), with who acknowledged each. */
export function acknowledgedByProblem(db: DB): Map<string, { annotator: string; point: number; rule: string; reason: string }[]> {
  const rows = all<{ question_id: string; username: string; acknowledged: string }>(
    db,
    `SELECT p.question_id, u.username, a.acknowledged FROM annotations a
     JOIN problems p ON p.id = a.problem_id JOIN users u ON u.id = a.user_id
     WHERE a.status = 'submitted' AND a.acknowledged IS NOT NULL AND a.acknowledged <> '[]'`,
  );
  const out = new Map<string, { annotator: string; point: number; rule: string; reason: string }[]>();
  for (const row of rows) {
    const list = out.get(row.question_id) ?? [];
    list.push(...decodeAcknowledged(row.acknowledged).map((a) => ({ annotator: row.username, ...a })));
    out.set(row.question_id, list);
  }
  return out;
}
