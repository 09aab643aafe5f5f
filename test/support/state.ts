/**
 * What tests read of the stored state, in the domain's words: counts, audit events, who is
 * assigned. The few statements live here, so a column rename touches this file, not every test.
 */
import type { DB } from '../../db/database';
import { findProblemId } from '../../db/problems';
import { findUser } from '../../db/users';
import { assignedProblemIdsOf, assignmentLoads as loads, deleteAssignment, readAssignments, readSlots } from '../../db/assignments';
import { readDraftPoints } from '../../db/annotationDrafts';
import type { Point } from '../../shared/edits';
import { countRows, type CountedTable } from '../../db/schema';
import { readEvents, type StoredEvent } from '../../db/events';
import { annotationRowsOfProblem, deleteAnnotationsOfProblem } from '../../db/annotations';
import { countSessionsOf } from '../../db/sessions';
import { problemsInImportOrder as inImportOrder } from '../../db/problems';
import { readReleaseFiles, readReleaseRow } from '../../db/releases';

export type { CountedTable, StoredEvent };

export const rowCount = (db: DB, table: CountedTable): number => countRows(db, table);

/** The audit events of an action (every action when none is named), oldest first. */
export const eventsOf = (db: DB, action?: string): StoredEvent[] => readEvents(db, action);

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
export const assignedProblemIds = (db: DB, userId: number): number[] => assignedProblemIdsOf(db, userId);

/** How many problems each user holds, by username. */
export const assignmentLoads = (db: DB): { username: string; n: number }[] => loads(db);

/** Take every annotator off a problem. */
export function unassignAll(db: DB, problemId: number): void {
  for (const a of readAssignments(db, problemId)) deleteAssignment(db, problemId, a.user_id);
}

/** Remove a problem's annotations with their points (as if never started). */
export const deleteAnnotationsOf = (db: DB, problemId: number): void => deleteAnnotationsOfProblem(db, problemId);

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
  return annotationRowsOfProblem(db, problemId).map((a) => ({ ...a, points: readDraftPoints(db, a.id).points }));
}

/** How many login sessions a user holds. */
export const sessionCount = (db: DB, userId: number): number => countSessionsOf(db, userId);

/** Every problem in import order, with what an import sets. */
export const problemsInImportOrder = (db: DB): { question_id: string; title: string; base_text: string; import_order: number }[] => inImportOrder(db);

/** The text of a stored release's JSONL file (the first by path), as cut or imported. */
export function releaseJsonl(db: DB, release: string): string {
  const row = readReleaseRow(db, release);
  if (!row) throw new Error(`no release ${release}`);
  const file = readReleaseFiles(db, row.id).find((f) => f.path.endsWith('.jsonl'));
  if (!file) throw new Error(`release ${release} has no JSONL file`);
  return file.content.toString('utf8');
}

/** The records of a stored release's JSONL file, one per task. */
export const releaseRecords = <T>(db: DB, release: string): T[] =>
  releaseJsonl(db, release)
    .trim()
    .split('\n')
    .map((l) => JSON.parse(l) as T);
