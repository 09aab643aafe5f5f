import { all, get, run, type DB } from './database';
import type { AnnotationRow, AssignedProblem, QueueRow } from './annotations';
import { WAS_REOPENED_SQL } from './events';
import { pointFromRow, type PointRow } from './points';
import type { Point } from '../shared/edits';
import { OWN_ORIGIN, type PointOrigin, type PointProvenance } from '../shared/suggestions/schema';

/** A stored annotation point with its origin: typed by the annotator, or taken from a suggestion. */
export interface DraftPointRow extends PointRow {
  provenance: PointProvenance;
  suggestion_id: number | null;
  suggestion_point: number | null;
}

/** What a save stores of a point's origin. */
export interface StoredOrigin {
  provenance: PointProvenance;
  suggestionId: number | null;
  suggestionPoint: number | null;
  agent: string | null;
}

/** An annotator's own drafts: their queue, the problem and annotation they edit, and its saves. */

/**
 * Every problem assigned to the user with their annotation's status and its batch: batches the
 * earliest due first, problems in no batch last, each in import order.
 */
export const readQueueRows = (db: DB, userId: number): QueueRow[] =>
  all<QueueRow>(
    db,
    `SELECT p.question_id, p.title, p.difficulty, a.status, b.name AS batch_name, b.due_date AS batch_due, s.skip_reason,
            j.status AS adjudication_status, CASE WHEN a.status = 'submitted' THEN ${WAS_REOPENED_SQL} ELSE 0 END AS reopened
       FROM assignments s
       JOIN problems p ON p.id = s.problem_id
       LEFT JOIN adjudications j ON j.problem_id = p.id
       LEFT JOIN annotations a ON a.problem_id = s.problem_id AND a.user_id = s.user_id
       LEFT JOIN batch_problems bp ON bp.problem_id = s.problem_id
       LEFT JOIN batches b ON b.id = bp.batch_id
      WHERE s.user_id = ?
      ORDER BY b.id IS NULL, b.due_date, b.name COLLATE NOCASE, p.import_order, p.id`,
    [userId],
  );

/** The problem if it is assigned to the user. */
export const findAssignedProblem = (db: DB, questionId: string, userId: number): AssignedProblem | undefined =>
  get<AssignedProblem>(
    db,
    `SELECT p.id, p.question_id, p.title, p.base_text
       FROM problems p JOIN assignments s ON s.problem_id = p.id
      WHERE p.question_id = ? AND s.user_id = ?`,
    [questionId, userId],
  );

export const findAnnotationRow = (db: DB, problemId: number, userId: number): AnnotationRow | undefined =>
  get<AnnotationRow>(db, 'SELECT id, status, version, active_ms, active_mark_ms, updated_at, submitted_at, return_note FROM annotations WHERE problem_id = ? AND user_id = ?', [problemId, userId]);

/** A stored point row's origin as the API shows it (old and imported rows are 'own'). */
export function originOfRow(row: Pick<DraftPointRow, 'provenance' | 'suggestion_id' | 'suggestion_point'>): PointOrigin {
  if (row.provenance === 'own') return OWN_ORIGIN;
  return { provenance: row.provenance, suggestionId: row.suggestion_id, suggestionPoint: row.suggestion_point };
}

/** An annotation's points and their origins, in order (repaired as pointFromRow does). */
export interface DraftPoints {
  points: Point[];
  origins: PointOrigin[];
}

export const NO_DRAFT_POINTS: DraftPoints = { points: [], origins: [] };

/** An annotation's stored points, in order. */
export function readDraftPoints(db: DB, annotationId: number): DraftPoints {
  const rows = all<DraftPointRow>(
    db,
    'SELECT idx, deletions, repairs, question, answer, type, provenance, suggestion_id, suggestion_point FROM annotation_points WHERE annotation_id = ? ORDER BY idx',
    [annotationId],
  );
  return { points: rows.map(pointFromRow), origins: rows.map(originOfRow) };
}

/** When the problem was assigned to the user. */
export const assignedAt = (db: DB, problemId: number, userId: number): string | undefined =>
  get<{ created_at: string }>(db, 'SELECT created_at FROM assignments WHERE problem_id = ? AND user_id = ?', [problemId, userId])?.created_at;

export interface SavedRow {
  id: number;
  version: number;
  active_ms: number;
  updated_at: string;
}

/** The next version of an existing draft. */
export const bumpDraft = (db: DB, annotationId: number, activeMs: number, activeMarkMs: number): SavedRow =>
  get<SavedRow>(
    db,
    `UPDATE annotations SET version = version + 1, active_ms = active_ms + ?, active_mark_ms = ?, updated_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now')
      WHERE id = ? RETURNING id, version, active_ms, updated_at`,
    [activeMs, activeMarkMs, annotationId],
  )!;

/** The first version of a new draft. */
export const insertDraft = (db: DB, problemId: number, userId: number, activeMs: number, activeMarkMs: number): SavedRow =>
  get<SavedRow>(
    db,
    `INSERT INTO annotations (problem_id, user_id, status, version, active_ms, active_mark_ms) VALUES (?, ?, 'draft', 1, ?, ?)
      RETURNING id, version, active_ms, updated_at`,
    [problemId, userId, activeMs, activeMarkMs],
  )!;

/**
 * Store an annotation's points (a draft's save, an import; inside the caller's transaction), each
 * with its origin (none given: the annotator's own). Rows are updated in place (upsert by index)
 * and only surplus rows deleted: a delete-and-insert would move every row and touch several more
 * pages per save.
 */
export function writeAnnotationPoints(db: DB, annotationId: number, points: readonly Point[], origins: readonly StoredOrigin[] = []): void {
  points.forEach((p, idx) => {
    const o = origins[idx];
    run(
      db,
      `INSERT INTO annotation_points (annotation_id, idx, deletions, repairs, question, answer, type, provenance, suggestion_id, suggestion_point, suggestion_agent)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
       ON CONFLICT (annotation_id, idx) DO UPDATE SET
         deletions = excluded.deletions, repairs = excluded.repairs, question = excluded.question, answer = excluded.answer, type = excluded.type,
         provenance = excluded.provenance, suggestion_id = excluded.suggestion_id, suggestion_point = excluded.suggestion_point,
         suggestion_agent = excluded.suggestion_agent`,
      [
        annotationId,
        idx,
        JSON.stringify(p.deletions),
        JSON.stringify(p.repairs),
        p.question,
        p.answer,
        p.type,
        o?.provenance ?? 'own',
        o?.suggestionId ?? null,
        o?.suggestionPoint ?? null,
        o?.agent ?? null,
      ],
    );
  });
  run(db, 'DELETE FROM annotation_points WHERE annotation_id = ? AND idx >= ?', [annotationId, points.length]);
}

/** Submit an annotation: read-only from now, one version more. */
export function markSubmitted(db: DB, annotationId: number): void {
  run(
    db,
    `UPDATE annotations SET status = 'submitted', version = version + 1, return_note = NULL,
       submitted_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now'), updated_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now')
     WHERE id = ?`,
    [annotationId],
  );
}

/** Set when an annotation was last saved and the mark its active time counts from (a save some time ago). */
export function setLastSave(db: DB, annotationId: number, updatedAt: string, activeMarkMs: number): void {
  run(db, 'UPDATE annotations SET updated_at = ?, active_mark_ms = ? WHERE id = ?', [updatedAt, activeMarkMs, annotationId]);
}
