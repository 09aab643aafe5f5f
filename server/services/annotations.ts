import { all, get, run, transaction, type DB } from '../../db/database';
import { appendEvent, type Actor } from '../../db/events';
import { validatePoints, type Point } from '../../shared/edits';
import type { AnnotationView, QueueItem, SavedDraft, SaveAnnotationRequest, SubmitBody } from '../../shared/schemas/annotation';
import { AppError, conflict, notFound, validationFailed } from '../http/errors';
import type { SessionUser } from '../http/route';
import {
  baseTextHash,
  presentAnnotation,
  presentPoint,
  presentQueueItem,
  type AnnotationRow,
  type AssignedProblem,
  type PointRow,
  type QueueRow,
} from '../presenters/annotations';

/** The caller's queue: every problem assigned to them, in import order, with their progress. */
export function getQueue(db: DB, user: SessionUser): QueueItem[] {
  const rows = all<QueueRow>(
    db,
    `SELECT p.question_id, p.title, p.difficulty, a.status
       FROM assignments s
       JOIN problems p ON p.id = s.problem_id
       LEFT JOIN annotations a ON a.problem_id = s.problem_id AND a.user_id = s.user_id
      WHERE s.user_id = ?
      ORDER BY p.import_order, p.id`,
    [user.id],
  );
  return rows.map(presentQueueItem);
}

/** The problem if it is assigned to the user; otherwise 404 (whether or not it exists). */
function assignedProblem(db: DB, user: SessionUser, questionId: string): AssignedProblem {
  const problem = get<AssignedProblem>(
    db,
    `SELECT p.id, p.question_id, p.title, p.base_text
       FROM problems p JOIN assignments s ON s.problem_id = p.id
      WHERE p.question_id = ? AND s.user_id = ?`,
    [questionId, user.id],
  );
  if (!problem) throw notFound(`Problem ${questionId} is not assigned to you.`);
  return problem;
}

function annotationRow(db: DB, problemId: number, userId: number): AnnotationRow | undefined {
  return get<AnnotationRow>(
    db,
    'SELECT id, status, version, active_ms, updated_at, submitted_at FROM annotations WHERE problem_id = ? AND user_id = ?',
    [problemId, userId],
  );
}

function pointRows(db: DB, annotationId: number | undefined): PointRow[] {
  if (annotationId === undefined) return [];
  return all<PointRow>(db, 'SELECT idx, deletions, repairs, question, answer, type FROM annotation_points WHERE annotation_id = ? ORDER BY idx', [annotationId]);
}

function view(db: DB, problem: AssignedProblem, userId: number): AnnotationView {
  const row = annotationRow(db, problem.id, userId);
  return presentAnnotation(problem, row, pointRows(db, row?.id));
}

/** The caller's own annotation of a problem; never anyone else's. */
export function getAnnotation(db: DB, user: SessionUser, questionId: string): AnnotationView {
  return view(db, assignedProblem(db, user, questionId), user.id);
}

/** Optimistic concurrency: a write must name the version it was based on; a submitted annotation is read-only. */
function checkWritable(row: AnnotationRow | undefined, version: number): void {
  if (row?.status === 'submitted') {
    throw conflict('This annotation is already submitted and is read-only.', { currentVersion: row.version, status: 'submitted' });
  }
  const current = row?.version ?? 0;
  if (version !== current) {
    throw conflict(
      `Your copy (version ${version}) is out of date: the annotation was saved elsewhere (version ${current}). Load the latest version; nothing was overwritten.`,
      { currentVersion: current },
    );
  }
}

/** The last base texts hashed, by problem id: a save re-checks the same text again and again. */
const hashedTexts = new Map<number, { text: string; hash: string }>();
const HASHED_TEXTS_KEPT = 1000;

/** The SHA-256 of the problem's base text, hashed again only when the text differs from the one cached for its id. */
function currentBaseTextHash(problem: AssignedProblem): string {
  const known = hashedTexts.get(problem.id);
  if (known && known.text === problem.base_text) return known.hash;
  const hash = baseTextHash(problem.base_text);
  hashedTexts.delete(problem.id);
  if (hashedTexts.size >= HASHED_TEXTS_KEPT) hashedTexts.delete(hashedTexts.keys().next().value!);
  hashedTexts.set(problem.id, { text: problem.base_text, hash });
  return hash;
}

/**
 * Offsets mean something only in the text they were made on: a save or submit names that text
 * (its hash); if the problem was re-imported with another base text since, 409 and nothing saved.
 */
function checkBaseText(problem: AssignedProblem, hash: string): void {
  const current = currentBaseTextHash(problem);
  if (hash !== current) {
    throw new AppError(
      409,
      'base_text_changed',
      `The statement of ${problem.question_id} changed after you opened it (it was re-imported); your edits point into the old text, so nothing was saved. Reload to work on the new text.`,
      { baseTextHash: current },
    );
  }
}

/**
 * Store the points of a draft. Rows are updated in place (upsert by index) and only surplus
 * rows deleted: a delete-and-insert would move every row and touch several more pages per save.
 */
function writePoints(db: DB, annotationId: number, points: readonly Point[]): void {
  points.forEach((p, idx) => {
    run(
      db,
      `INSERT INTO annotation_points (annotation_id, idx, deletions, repairs, question, answer, type) VALUES (?, ?, ?, ?, ?, ?, ?)
       ON CONFLICT (annotation_id, idx) DO UPDATE SET
         deletions = excluded.deletions, repairs = excluded.repairs, question = excluded.question, answer = excluded.answer, type = excluded.type`,
      [annotationId, idx, JSON.stringify(p.deletions), JSON.stringify(p.repairs), p.question, p.answer, p.type],
    );
  });
  run(db, 'DELETE FROM annotation_points WHERE annotation_id = ? AND idx >= ?', [annotationId, points.length]);
}

/** What a save may report beyond the wall time since the previous one: request latency, clock granularity. */
export const ACTIVE_MS_SLACK = 5_000;

/**
 * The active time a save is credited: what the client reports, but never more than the wall
 * time since this annotation's previous save (for a first save: since it was assigned) plus a
 * small slack — a client cannot add hours in a second. The schema already refuses negative
 * values and more than ten minutes per save.
 */
function creditedActiveMs(db: DB, row: AnnotationRow | undefined, problemId: number, userId: number, reported: number): number {
  const since = row?.updated_at ?? get<{ created_at: string }>(db, 'SELECT created_at FROM assignments WHERE problem_id = ? AND user_id = ?', [problemId, userId])?.created_at;
  const wall = since === undefined ? 0 : Math.max(0, Date.now() - Date.parse(since));
  return Math.min(reported, Math.floor(wall) + ACTIVE_MS_SLACK);
}

interface SavedRow {
  id: number;
  version: number;
  active_ms: number;
  updated_at: string;
}

/** The next version of an existing draft, or the first version of a new one. */
function writeDraftRow(db: DB, row: AnnotationRow | undefined, problemId: number, userId: number, activeMs: number): SavedRow {
  const saved = row
    ? get<SavedRow>(
        db,
        `UPDATE annotations SET version = version + 1, active_ms = active_ms + ?, updated_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now')
          WHERE id = ? RETURNING id, version, active_ms, updated_at`,
        [activeMs, row.id],
      )
    : get<SavedRow>(
        db,
        `INSERT INTO annotations (problem_id, user_id, status, version, active_ms) VALUES (?, ?, 'draft', 1, ?)
          RETURNING id, version, active_ms, updated_at`,
        [problemId, userId, activeMs],
      );
  return saved!;
}

/**
 * Save a draft: version check, structural validation, then annotation + points + event in
 * one transaction. Returns the new version, not the whole annotation: the points saved are
 * the ones sent.
 */
export function saveDraft(db: DB, user: SessionUser, actor: Actor, questionId: string, body: SaveAnnotationRequest): SavedDraft {
  return transaction(db, () => {
    const problem = assignedProblem(db, user, questionId);
    checkBaseText(problem, body.baseTextHash);
    const row = annotationRow(db, problem.id, user.id);
    checkWritable(row, body.version);
    const findings = validatePoints(problem.base_text, body.points, 'draft');
    if (findings.length > 0) throw validationFailed(findings);
    const reportedActiveMs = body.activeMs ?? 0;
    const activeMs = creditedActiveMs(db, row, problem.id, user.id, reportedActiveMs);
    const saved = writeDraftRow(db, row, problem.id, user.id, activeMs);
    writePoints(db, saved.id, body.points);
    appendEvent(db, actor, {
      action: 'annotation.save',
      entityType: 'annotation',
      entityId: saved.id,
      // Every draft version was written by a save whose event holds its points (imports are
      // submitted, hence never saved over), so the previous points are not stored again.
      before: { version: row?.version ?? 0 },
      after: { version: saved.version, points: body.points },
      details: { questionId, activeMs, ...(activeMs < reportedActiveMs ? { reportedActiveMs } : {}) },
    });
    return { questionId: problem.question_id, status: 'draft', version: saved.version, activeMs: saved.active_ms, updatedAt: saved.updated_at };
  });
}

/** Submit: the stored points must pass the complete (submit) rules; afterwards the annotation is read-only. */
export function submitAnnotation(db: DB, user: SessionUser, actor: Actor, questionId: string, body: SubmitBody): AnnotationView {
  return transaction(db, () => {
    const problem = assignedProblem(db, user, questionId);
    checkBaseText(problem, body.baseTextHash);
    const row = annotationRow(db, problem.id, user.id);
    checkWritable(row, body.version);
    const points = pointRows(db, row?.id).map(presentPoint);
    const findings = validatePoints(problem.base_text, points, 'submit');
    if (findings.length > 0 || !row) throw validationFailed(findings);
    run(
      db,
      `UPDATE annotations SET status = 'submitted', version = version + 1,
         submitted_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now'), updated_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now')
       WHERE id = ?`,
      [row.id],
    );
    appendEvent(db, actor, {
      action: 'annotation.submit',
      entityType: 'annotation',
      entityId: row.id,
      before: { status: 'draft', version: row.version },
      after: { status: 'submitted', version: row.version + 1 },
      details: { questionId, points: points.length, activeMs: row.active_ms },
    });
    return view(db, problem, user.id);
  });
}
