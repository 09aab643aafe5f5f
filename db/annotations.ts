import { all, get, run, type DB } from './database';
import type { AnnotationStatus } from '../shared/schemas/annotation';
import { SUBMITTED_PAIRS } from './points';

/** An annotator's annotation of a problem (the editor's view of it). */
export interface AnnotationRow {
  id: number;
  status: AnnotationStatus;
  version: number;
  active_ms: number;
  /** Active time is credited up to here (ms since the epoch; see server/services/activeTime.ts); null before the first save since migration 240. */
  active_mark_ms?: number | null;
  updated_at: string;
  submitted_at: string | null;
  /** The adjudicator's note when the annotation was sent back to its annotator, until it is submitted again. */
  return_note?: string | null;
}

/** A problem as the annotator it is assigned to sees it. */
export interface AssignedProblem {
  id: number;
  question_id: string;
  title: string;
  base_text: string;
}

/** One line of an annotator's queue. */
export interface QueueRow {
  question_id: string;
  title: string;
  difficulty: string;
  status: AnnotationStatus | null;
  batch_name: string | null;
  batch_due: string | null;
  skip_reason: string | null;
  /** The adjudication's status (null: none yet), and whether its gold was ever reopened (0/1). */
  adjudication_status: 'draft' | 'resolved' | null;
  reopened: number;
}

/** Who holds each assignment slot of a problem and their annotation, if any (slot order). */
export interface SideRow {
  slot: number;
  user_id: number;
  username: string;
  id: number | null;
  status: 'draft' | 'submitted' | null;
  submitted_at: string | null;
}

export function readSideRows(db: DB, problemId: number): SideRow[] {
  return all<SideRow>(
    db,
    `SELECT s.slot, s.user_id, u.username, a.id, a.status, a.submitted_at
       FROM assignments s JOIN users u ON u.id = s.user_id
       LEFT JOIN annotations a ON a.problem_id = s.problem_id AND a.user_id = s.user_id
      WHERE s.problem_id = ? ORDER BY s.slot`,
    [problemId],
  );
}

/** True when the user is (or was) one of the problem's annotators: assigned it, or holds an annotation of it. */
export function hasAnnotated(db: DB, userId: number, questionId: string): boolean {
  return (
    get(
      db,
      `SELECT 1 FROM problems p WHERE p.question_id = ? AND (
         EXISTS (SELECT 1 FROM assignments s WHERE s.problem_id = p.id AND s.user_id = ?) OR
         EXISTS (SELECT 1 FROM annotations a WHERE a.problem_id = p.id AND a.user_id = ?))`,
      [questionId, userId, userId],
    ) !== undefined
  );
}

/** Ids of the problems a user is assigned or holds an annotation of. */
export function problemIdsAnnotatedBy(db: DB, userId: number): Set<number> {
  return new Set(
    all<{ problem_id: number }>(db, 'SELECT problem_id FROM assignments WHERE user_id = ? UNION SELECT problem_id FROM annotations WHERE user_id = ?', [userId, userId]).map(
      (r) => r.problem_id,
    ),
  );
}

/** A stored annotation as an import sees it, with the status of the adjudicators' gold built from it. */
export interface ImportedAnnotationRow {
  id: number;
  status: string;
  source: string;
  /** The status of the problem's adjudication by adjudicators, if any ('resolved' once used as gold). */
  adjudication: string | null;
}

export function findAnnotationForImport(db: DB, problemId: number, userId: number): ImportedAnnotationRow | undefined {
  return get<ImportedAnnotationRow>(
    db,
    `SELECT a.id, a.status, a.source, j.status AS adjudication FROM annotations a
       LEFT JOIN adjudications j ON j.problem_id = a.problem_id AND j.source = 'adjudication'
      WHERE a.problem_id = ? AND a.user_id = ?`,
    [problemId, userId],
  );
}

/** An imported annotation replaces a stored one: submitted again, one version later. */
export function resubmitImported(db: DB, annotationId: number): void {
  run(
    db,
    `UPDATE annotations SET status = 'submitted', version = version + 1, updated_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now'), submitted_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now') WHERE id = ?`,
    [annotationId],
  );
}

/** A new submitted annotation with source 'import'; returns its id. */
export function insertImported(db: DB, problemId: number, userId: number): number {
  const { lastInsertRowid } = run(
    db,
    `INSERT INTO annotations (problem_id, user_id, status, version, source, submitted_at) VALUES (?, ?, 'submitted', 1, 'import', strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))`,
    [problemId, userId],
  );
  return Number(lastInsertRowid);
}

/** A submitted annotation of a problem with two, as agreement reads it. */
export interface PairAnnotationRow {
  id: number;
  problem_id: number;
  question_id: string;
  title: string;
  /** SQLite's length() of the base text: its code points, up to a first NUL. */
  chars: number;
  /** Its size in UTF-8 bytes: equal to `chars` only for ASCII without NUL. */
  bytes: number;
  username: string;
}

/**
 * The independent annotations of every problem with two submitted annotations, two rows per
 * problem in import order, the annotator of assignment slot 1 first. The base text's length is
 * read without the text (see agreement's baseLengths).
 */
export function readSubmittedPairAnnotations(db: DB): PairAnnotationRow[] {
  return all<PairAnnotationRow>(
    db,
    `SELECT a.id, a.problem_id, p.question_id, p.title, length(p.base_text) AS chars, length(CAST(p.base_text AS BLOB)) AS bytes, u.username
       FROM annotations a
       JOIN problems p ON p.id = a.problem_id
       JOIN users u ON u.id = a.user_id
       LEFT JOIN assignments s ON s.problem_id = a.problem_id AND s.user_id = a.user_id
      WHERE a.status = 'submitted' AND a.problem_id IN (${SUBMITTED_PAIRS})
      ORDER BY p.import_order, p.id, COALESCE(s.slot, 3), a.user_id`,
  );
}

/** Store an annotation as its annotator left it (submitted ones with the time of submission); returns its id. */
export function insertAnnotation(db: DB, problemId: number, userId: number, fields: { status: AnnotationStatus; version: number; activeMs?: number }): number {
  const { lastInsertRowid } = run(
    db,
    `INSERT INTO annotations (problem_id, user_id, status, version, active_ms, submitted_at)
     VALUES (?, ?, ?, ?, ?, CASE WHEN ? = 'submitted' THEN strftime('%Y-%m-%dT%H:%M:%fZ', 'now') END)`,
    [problemId, userId, fields.status, fields.version, fields.activeMs ?? 0, fields.status],
  );
  return Number(lastInsertRowid);
}

/** Remove a problem's annotations with their points (as if never started). */
export function deleteAnnotationsOfProblem(db: DB, problemId: number): void {
  run(db, 'DELETE FROM annotations WHERE problem_id = ?', [problemId]);
}

/** Every annotation of a problem, by id, with its annotator's name. */
export function annotationRowsOfProblem(db: DB, problemId: number): { id: number; username: string; status: AnnotationStatus; source: string; version: number }[] {
  return all(db, 'SELECT a.id, u.username, a.status, a.source, a.version FROM annotations a JOIN users u ON u.id = a.user_id WHERE a.problem_id = ? ORDER BY a.id', [problemId]);
}

/** Every stored annotation with its status, version and time on task, by id. */
export function annotationStates(db: DB): { id: number; problemId: number; userId: number; status: AnnotationStatus; source: string; version: number; activeMs: number }[] {
  return all(db, 'SELECT id, problem_id AS problemId, user_id AS userId, status, source, version, active_ms AS activeMs FROM annotations ORDER BY id');
}

/** Set one annotator's annotation of a problem to a status, nothing else changed. */
export function setAnnotationStatus(db: DB, problemId: number, userId: number, status: AnnotationStatus): void {
  run(db, 'UPDATE annotations SET status = ? WHERE problem_id = ? AND user_id = ?', [status, problemId, userId]);
}

/** Give every point of an annotation one taxonomy type. */
export function setAnnotationPointTypes(db: DB, annotationId: number, type: string): void {
  run(db, 'UPDATE annotation_points SET type = ? WHERE annotation_id = ?', [type, annotationId]);
}
