import { all, get, run, type DB } from './database';
import type { AnnotationProgress } from '../shared/schemas/backoffice';
import { ANNOTATION_PROGRESS_SQL } from './problems';

/** An active annotator with their number of assignments. */
export interface AnnotatorLoad {
  id: number;
  username: string;
  load: number;
}

export function readActiveAnnotatorLoads(db: DB): AnnotatorLoad[] {
  return all<AnnotatorLoad>(
    db,
    `SELECT u.id, u.username, (SELECT COUNT(*) FROM assignments a WHERE a.user_id = u.id) AS load
     FROM users u WHERE u.role = 'annotator' AND u.active = 1`,
  );
}

/** A problem with fewer than `below` assignments: its taken "user:slot" pairs, and whether it has resolved gold. */
export interface OpenProblemRow {
  id: number;
  question_id: string;
  assigned: string | null;
  /** 1 when the problem already has a resolved gold version (e.g. from a legacy release). */
  resolved: number;
  /** 1 when it has an adjudication that is not resolved: sent back to adjudication (a Runs flag, a reopen). */
  in_adjudication: number;
}

export function readOpenProblems(db: DB, below: number): OpenProblemRow[] {
  return all<OpenProblemRow>(
    db,
    `SELECT p.id, p.question_id, (SELECT group_concat(a.user_id || ':' || a.slot) FROM assignments a WHERE a.problem_id = p.id) AS assigned,
            EXISTS (SELECT 1 FROM adjudications j WHERE j.problem_id = p.id AND j.status = 'resolved') AS resolved,
            EXISTS (SELECT 1 FROM adjudications j WHERE j.problem_id = p.id AND j.status <> 'resolved') AS in_adjudication
     FROM problems p WHERE (SELECT COUNT(*) FROM assignments a WHERE a.problem_id = p.id) < ? ORDER BY p.import_order`,
    [below],
  );
}

export function insertAssignment(db: DB, problemId: number, userId: number, slot: 1 | 2, assignedBy: number | null): void {
  run(db, 'INSERT INTO assignments (problem_id, user_id, slot, assigned_by) VALUES (?, ?, ?, ?)', [problemId, userId, slot, assignedBy]);
}

export function deleteAssignment(db: DB, problemId: number, userId: number): void {
  run(db, 'DELETE FROM assignments WHERE problem_id = ? AND user_id = ?', [problemId, userId]);
}

/** A problem's current assignment with the status of the annotator's annotation (null: not started). */
export interface CurrentAssignment {
  user_id: number;
  username: string;
  slot: 1 | 2;
  annotation_status: string | null;
}

export function readAssignments(db: DB, problemId: number): CurrentAssignment[] {
  return all<CurrentAssignment>(
    db,
    `SELECT a.user_id, u.username, a.slot, n.status AS annotation_status FROM assignments a JOIN users u ON u.id = a.user_id
     LEFT JOIN annotations n ON n.problem_id = a.problem_id AND n.user_id = a.user_id
     WHERE a.problem_id = ? ORDER BY a.slot`,
    [problemId],
  );
}

/** Usernames and slots of a problem's assignments. */
export function readSlots(db: DB, problemId: number): { username: string; slot: 1 | 2 }[] {
  return all<{ username: string; slot: 1 | 2 }>(db, 'SELECT u.username, s.slot FROM assignments s JOIN users u ON u.id = s.user_id WHERE s.problem_id = ?', [problemId]);
}

/** One row per annotator (and anyone else holding assignments) and assignment, with its progress (null: no assignment). */
export function readWorkloadRows(db: DB): { username: string; active: number; status: AnnotationProgress | null }[] {
  return all(
    db,
    `SELECT u.username, u.active, CASE WHEN a.problem_id IS NULL THEN NULL ELSE ${ANNOTATION_PROGRESS_SQL} END AS status
     FROM users u
     LEFT JOIN assignments a ON a.user_id = u.id
     LEFT JOIN annotations n ON n.problem_id = a.problem_id AND n.user_id = u.id
     WHERE u.role = 'annotator' OR a.problem_id IS NOT NULL
     ORDER BY u.username COLLATE NOCASE`,
  );
}

/** How many problems have at least one assignment. */
export function countAssignedProblems(db: DB): number {
  return get<{ n: number }>(db, 'SELECT COUNT(DISTINCT problem_id) AS n FROM assignments')?.n ?? 0;
}

/** The problems assigned to a user, by problem id. */
export function assignedProblemIdsOf(db: DB, userId: number): number[] {
  return all<{ problem_id: number }>(db, 'SELECT problem_id FROM assignments WHERE user_id = ? ORDER BY problem_id', [userId]).map((r) => r.problem_id);
}

/** How many problems each user holds, by username. */
export function assignmentLoads(db: DB): { username: string; n: number }[] {
  return all(db, 'SELECT u.username, COUNT(*) AS n FROM assignments a JOIN users u ON u.id = a.user_id GROUP BY u.id ORDER BY u.username');
}

/** Every assignment as question id, username and slot, in question id and slot order. */
export function assignmentList(db: DB): { question_id: string; username: string; slot: number }[] {
  return all(db, 'SELECT p.question_id, u.username, s.slot FROM assignments s JOIN problems p ON p.id = s.problem_id JOIN users u ON u.id = s.user_id ORDER BY p.question_id, s.slot');
}

/** Set when a problem was given to an annotator (every assignment when none is named): the wall time a save's active time is capped by counts from it. */
export function setAssignedAt(db: DB, at: string, which?: { problemId: number; userId: number }): void {
  if (which) run(db, 'UPDATE assignments SET created_at = ? WHERE problem_id = ? AND user_id = ?', [at, which.problemId, which.userId]);
  else run(db, 'UPDATE assignments SET created_at = ?', [at]);
}
