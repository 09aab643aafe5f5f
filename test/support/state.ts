/**
 * What tests read of the stored state, in the domain's words: counts, audit events, who is
 * assigned. The few statements live here, so a column rename touches this file, not every test.
 */
import { all, get, type DB } from '../../db/database';
import { decodeAnyJson } from '../../db/storedJson';
import { findProblemId } from '../../db/problems';
import { findUser } from '../../db/users';
import { deleteAssignment, readAssignments, readSlots } from '../../db/assignments';
import { readDraftPoints } from '../../db/annotationDrafts';
import type { Point } from '../../shared/edits';
import { run } from '../../db/database';

/** Tables whose rows tests count. */
export type CountedTable = 'users' | 'problems' | 'assignments' | 'annotations' | 'annotation_points' | 'adjudications' | 'gold_points' | 'events' | 'releases' | 'release_files' | 'sessions' | 'runs' | 'run_records' | 'task_overrides';

export const rowCount = (db: DB, table: CountedTable): number => get<{ n: number }>(db, `SELECT COUNT(*) AS n FROM ${table}`)!.n;

/** An audit event as stored, its JSON decoded. */
export interface StoredEvent {
  id: number;
  actor: string;
  action: string;
  entityType: string;
  entityId: string | null;
  before: unknown;
  after: unknown;
  details: unknown;
}

/** The audit events of an action (every action when none is named), oldest first. */
export function eventsOf(db: DB, action?: string): StoredEvent[] {
  const rows = all<{ id: number; actor: string; action: string; entity_type: string; entity_id: string | null; before: string | null; after: string | null; details: string | null }>(
    db,
    `SELECT id, actor, action, entity_type, entity_id, before, after, details FROM events ${action === undefined ? '' : 'WHERE action = ?'} ORDER BY id`,
    action === undefined ? [] : [action],
  );
  return rows.map((r) => ({ id: r.id, actor: r.actor, action: r.action, entityType: r.entity_type, entityId: r.entity_id, before: decodeAnyJson(r.before), after: decodeAnyJson(r.after), details: decodeAnyJson(r.details) }));
}

export const lastEventOf = (db: DB, action: string): StoredEvent | undefined => eventsOf(db, action).at(-1);

export function userIdOf(db: DB, username: string): number {
  const user = findUser(db, username);
  if (!user) throw new Error(`no user ${username}`);
  return user.id;
}

export function problemIdOf(db: DB, questionId: string): number {
  const id = findProblemId(db, questionId);
  if (id === undefined) throw new Error(`no problem ${questionId}`);
  return id;
}

/** The usernames assigned to a problem, slot 1 first. */
export const assignedTo = (db: DB, questionId: string): string[] =>
  readSlots(db, problemIdOf(db, questionId))
    .sort((a, b) => a.slot - b.slot)
    .map((s) => s.username);

/** The problems assigned to a user, by problem id. */
export const assignedProblemIds = (db: DB, userId: number): number[] =>
  all<{ problem_id: number }>(db, 'SELECT problem_id FROM assignments WHERE user_id = ? ORDER BY problem_id', [userId]).map((r) => r.problem_id);

/** How many problems each user holds, by username. */
export const assignmentLoads = (db: DB): { username: string; n: number }[] =>
  all<{ username: string; n: number }>(db, 'SELECT u.username, COUNT(*) AS n FROM assignments a JOIN users u ON u.id = a.user_id GROUP BY u.id ORDER BY u.username');

/** Take every annotator off a problem. */
export function unassignAll(db: DB, problemId: number): void {
  for (const a of readAssignments(db, problemId)) deleteAssignment(db, problemId, a.user_id);
}

/** Remove a problem's annotations with their points (as if never started). */
export const deleteAnnotationsOf = (db: DB, problemId: number): void => void run(db, 'DELETE FROM annotations WHERE problem_id = ?', [problemId]);

/** A stored annotation of a problem, with its annotator and decoded points. */
export interface StoredAnnotation {
  id: number;
  username: string;
  status: 'draft' | 'submitted';
  source: string;
  version: number;
  points: Point[];
}

/** Every annotation of a problem, by id. */
export function annotationsOf(db: DB, problemId: number): StoredAnnotation[] {
  return all<Omit<StoredAnnotation, 'points'>>(
    db,
    'SELECT a.id, u.username, a.status, a.source, a.version FROM annotations a JOIN users u ON u.id = a.user_id WHERE a.problem_id = ? ORDER BY a.id',
    [problemId],
  ).map((a) => ({ ...a, points: readDraftPoints(db, a.id).points }));
}

/** How many login sessions a user holds. */
export const sessionCount = (db: DB, userId: number): number => get<{ n: number }>(db, 'SELECT COUNT(*) AS n FROM sessions WHERE user_id = ?', [userId])!.n;

/** Every problem in import order, with what an import sets. */
export const problemsInImportOrder = (db: DB): { question_id: string; title: string; base_text: string; import_order: number }[] =>
  all(db, 'SELECT question_id, title, base_text, import_order FROM problems ORDER BY import_order');
