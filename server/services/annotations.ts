import { transaction, transactionInGroup, type DB } from '../../db/database';
import type { AnnotationRow, AssignedProblem, QueueRow } from '../../db/annotations';
import { writeDismissals } from '../../db/suggestions';
import {
  assignedAt,
  bumpDraft,
  findAnnotationRow,
  findAssignedProblem,
  insertDraft,
  markSubmitted,
  readDraftPoints,
  NO_DRAFT_POINTS,
  readQueueRows,
  writeAnnotationPoints,
  type DraftPoints,
  type SavedRow,
} from '../../db/annotationDrafts';
import { appendEvent, type Actor } from '../../db/events';
import { currentGuidelinesVersion, recordGuidelinesVersion } from '../../db/guidelines';
import { validatePoints, type Point } from '../../shared/edits';
import { pointFindings, unacknowledged, type AcknowledgedFinding, type PointFinding } from '../../shared/writing/findings';
import { questionAskedElsewhere, readAcknowledged, readSkip, writeAcknowledged, writeSkip } from '../../db/pointFindings';
import type { SavedDraft, SaveAnnotationRequest, SkipState, SubmitBody } from '../../shared/schemas/annotation';
import { dayOf } from '../../shared/schemas/batches';
import type { Annotator } from '../domain/annotator';
import { DomainError, notFound, validationFailed } from '../domain/errors';
import { baseTextHash } from '../domain/baseText';
import { creditActiveTime, msOf, systemClock, type Clock, type Credit } from './activeTime';
import { currentSuggestions, serveSuggestions, type Served } from './suggestions/serve';
import { resolveOrigins } from './suggestions/origins';

/** An annotator's queue as read, and the day (YYYY-MM-DD) that decides which of its batches are overdue. */
export interface Queue {
  rows: QueueRow[];
  today: string;
}

/** The caller's queue: every problem assigned to them with their progress, grouped by batch (earliest due first), in import order. */
export function getQueue(db: DB, user: Annotator, clock: Clock = systemClock): Queue {
  return { rows: readQueueRows(db, user.id), today: dayOf(clock()) };
}

/** The shared rules' findings on an annotation's points, and those its annotator acknowledged. */
export interface AnnotationQuality {
  findings: PointFinding[];
  acknowledged: AcknowledgedFinding[];
}

/**
 * One annotator's annotation of a problem as it stands (server/presenters/annotations.ts makes
 * the API's view of it): no row yet for an unstarted one, and the suggestions served only
 * while it is a draft.
 */
export interface AnnotationState {
  problem: AssignedProblem;
  row: AnnotationRow | undefined;
  stored: DraftPoints;
  served: Served | null;
  quality: AnnotationQuality;
}

/** The problem if it is assigned to the user; otherwise 404 (whether or not it exists). */
function assignedProblem(db: DB, user: Annotator, questionId: string): AssignedProblem {
  const problem = findAssignedProblem(db, questionId, user.id);
  if (!problem) throw notFound(`Problem ${questionId} is not assigned to you.`);
  return problem;
}

function annotationRow(db: DB, problemId: number, userId: number): AnnotationRow | undefined {
  return findAnnotationRow(db, problemId, userId);
}

function draftPoints(db: DB, annotationId: number | undefined): DraftPoints {
  return annotationId === undefined ? NO_DRAFT_POINTS : readDraftPoints(db, annotationId);
}

/** The annotation, with the suggestions the policy shows this annotator (a serving records their exposure). */
function view(db: DB, problem: AssignedProblem, userId: number, clock: Clock): AnnotationState {
  const row = annotationRow(db, problem.id, userId);
  const served = row?.status === 'submitted' ? null : serveSuggestions(db, problem, userId, new Date(clock()).toISOString());
  const stored = draftPoints(db, row?.id);
  const quality = { findings: findingsOf(db, problem, stored.points), acknowledged: row ? readAcknowledged(db, row.id) : [] };
  return { problem, row, stored, served, quality };
}

/** The shared rules' findings on a problem's points, at the point of writing (question-repeated against the gold of other problems). */
export function findingsOf(db: DB, problem: Pick<AssignedProblem, 'id' | 'base_text'>, points: readonly Point[]): PointFinding[] {
  return pointFindings(problem.base_text, points, { askedElsewhere: (q) => questionAskedElsewhere(db, problem.id, q) });
}

/** The caller's own annotation of a problem; never anyone else's. */
export function getAnnotation(db: DB, user: Annotator, questionId: string, clock: Clock = systemClock): AnnotationState {
  return view(db, assignedProblem(db, user, questionId), user.id, clock);
}

/** Optimistic concurrency: a write must name the version it was based on; a submitted annotation is read-only. */
function checkWritable(row: AnnotationRow | undefined, version: number): void {
  if (row?.status === 'submitted') {
    throw new DomainError('read_only', 'This annotation is already submitted and is read-only.', { currentVersion: row.version, status: 'submitted' });
  }
  const current = row?.version ?? 0;
  if (version !== current) {
    throw new DomainError(
      'stale_version',
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
    throw new DomainError(
      'base_text_changed',
      `The statement of ${problem.question_id} changed after you opened it (it was re-imported); your edits point into the old text, so nothing was saved. Reload to work on the new text.`,
      { baseTextHash: current },
    );
  }
}

export { ACTIVE_MS_SLACK } from './activeTime';

/**
 * The active time a save is credited (see activeTime.ts): what the client reports, but never
 * more than the wall time since this annotation's previous credited save (for a first save: since
 * it was assigned) plus one small slack shared by a burst of saves — a client cannot add hours in
 * a second. The schema already refuses negative values and more than ten minutes per save.
 */
function creditedActiveMs(db: DB, row: AnnotationRow | undefined, problemId: number, userId: number, reported: number, at: number): Credit {
  const since = row ? (row.active_mark_ms ?? msOf(row.updated_at)) : msOf(assignedAt(db, problemId, userId));
  return creditActiveTime(reported, at, since);
}

/** The next version of an existing draft, or the first version of a new one. */
function writeDraftRow(db: DB, row: AnnotationRow | undefined, problemId: number, userId: number, credit: Credit): SavedRow {
  return row ? bumpDraft(db, row.id, credit.credited, credit.mark) : insertDraft(db, problemId, userId, credit.credited, credit.mark);
}

/**
 * Save a draft: version check, structural validation, then annotation + points + event in
 * one transaction. Returns the new version, not the whole annotation: the points saved are
 * the ones sent.
 */
export function saveDraft(db: DB, user: Annotator, actor: Actor, questionId: string, body: SaveAnnotationRequest, clock: Clock = systemClock): SavedDraft {
  return transaction(db, () => {
    const problem = assignedProblem(db, user, questionId);
    checkBaseText(problem, body.baseTextHash);
    const row = annotationRow(db, problem.id, user.id);
    checkWritable(row, body.version);
    const issues = validatePoints(problem.base_text, body.points, 'draft');
    if (issues.length > 0) throw validationFailed(issues);
    const origins = resolveOrigins(db, problem, user.id, body.points, body.origins);
    const reportedActiveMs = body.activeMs ?? 0;
    const credit = creditedActiveMs(db, row, problem.id, user.id, reportedActiveMs, clock());
    const activeMs = credit.credited;
    const saved = writeDraftRow(db, row, problem.id, user.id, credit);
    writeAnnotationPoints(db, saved.id, body.points, origins);
    if (body.dismissed) writeKnownDismissals(db, problem, user.id, body.dismissed);
    appendEvent(db, actor, {
      action: 'annotation.save',
      entityType: 'annotation',
      entityId: saved.id,
      // Every draft version was written by a save whose event holds its points (imports are
      // submitted, hence never saved over), so the previous points are not stored again.
      before: { version: row?.version ?? 0 },
      after: { version: saved.version, points: body.points, ...(origins.some((o) => o.provenance !== 'own') ? { provenance: origins.map((o) => o.provenance) } : {}) },
      details: { questionId, activeMs, ...(activeMs < reportedActiveMs ? { reportedActiveMs } : {}) },
    });
    const findings = findingsOf(db, problem, body.points);
    return { questionId: problem.question_id, status: 'draft', version: saved.version, activeMs: saved.active_ms, updatedAt: saved.updated_at, findings };
  });
}

/**
 * A draft save as the server makes it: draft saves are the stream of small writes many
 * annotators make at once, so those arriving together commit together (each still all or nothing).
 */
export function saveDraftInGroup(db: DB, user: Annotator, actor: Actor, questionId: string, body: SaveAnnotationRequest, clock: Clock = systemClock): Promise<SavedDraft> {
  return transactionInGroup(db, () => saveDraft(db, user, actor, questionId, body, clock));
}

/**
 * Submit: the stored points must pass the complete (submit) rules; afterwards the annotation is
 * read-only. It records the guidelines version current at that moment.
 */
export function submitAnnotation(db: DB, user: Annotator, actor: Actor, questionId: string, body: SubmitBody): AnnotationState {
  return transaction(db, () => {
    const problem = assignedProblem(db, user, questionId);
    checkBaseText(problem, body.baseTextHash);
    const row = annotationRow(db, problem.id, user.id);
    checkWritable(row, body.version);
    const points = draftPoints(db, row?.id).points;
    const issues = validatePoints(problem.base_text, points, 'submit');
    if (issues.length > 0 || !row) throw validationFailed(issues);
    const acknowledged = checkAcknowledged(findingsOf(db, problem, points), body.acknowledged ?? []);
    writeAcknowledged(db, row.id, acknowledged);
    markSubmitted(db, row.id);
    const guidelinesVersion = currentGuidelinesVersion(db);
    recordGuidelinesVersion(db, row.id, guidelinesVersion);
    appendEvent(db, actor, {
      action: 'annotation.submit',
      entityType: 'annotation',
      entityId: row.id,
      before: { status: 'draft', version: row.version },
      after: { status: 'submitted', version: row.version + 1 },
      details: { questionId, points: points.length, activeMs: row.active_ms, guidelinesVersion, ...(acknowledged.length > 0 ? { acknowledged } : {}) },
    });
    return view(db, problem, user.id, systemClock);
  });
}

/**
 * A submit must acknowledge every finding of the shared rules, each with a reason: 409
 * `unacknowledged_findings` lists those that are not. What is kept are the acknowledgements of
 * findings that are there (one per point and rule; one for a finding no longer there is dropped).
 */
function checkAcknowledged(findings: readonly PointFinding[], acknowledged: readonly AcknowledgedFinding[]): AcknowledgedFinding[] {
  const open = unacknowledged(findings, acknowledged);
  if (open.length > 0) {
    const list = open.map((f) => `point ${f.point + 1} ${f.rule}`).join(', ');
    throw new DomainError('unacknowledged_findings', `Acknowledge each finding with a reason before submitting (${list}).`, { findings: open });
  }
  const kept: AcknowledgedFinding[] = [];
  for (const a of acknowledged) {
    const there = findings.some((f) => f.point === a.point && f.rule === a.rule);
    if (there && !kept.some((k) => k.point === a.point && k.rule === a.rule)) kept.push(a);
  }
  return kept;
}

/** Store the caller's dismissals of the problem's current suggested points (others are dropped: their suggestion was replaced). */
function writeKnownDismissals(db: DB, problem: AssignedProblem, userId: number, dismissed: NonNullable<SaveAnnotationRequest['dismissed']>): void {
  const known = new Set(currentSuggestions(db, problem).map((s) => s.id));
  writeDismissals(db, problem.id, userId, dismissed.filter((d) => known.has(d.suggestionId)));
}

/**
 * The assigned annotator skips a problem they cannot annotate (a broken statement), with a
 * reason: the queue shows it skipped, maintainers see it and can reassign. Not once submitted.
 */
export function skipProblem(db: DB, user: Annotator, actor: Actor, questionId: string, reason: string | null): SkipState {
  return transaction(db, () => {
    const problem = assignedProblem(db, user, questionId);
    const row = annotationRow(db, problem.id, user.id);
    if (row?.status === 'submitted') throw new DomainError('read_only', 'This annotation is already submitted; there is nothing to skip.', { status: 'submitted' });
    const before = readSkip(db, problem.id, user.id);
    writeSkip(db, problem.id, user.id, reason);
    appendEvent(db, actor, {
      action: reason === null ? 'assignment.unskip' : 'assignment.skip',
      entityType: 'assignment',
      entityId: questionId,
      before: { skipped: before },
      after: { skipped: reason },
      details: { questionId },
    });
    return { questionId, skipped: reason };
  });
}
