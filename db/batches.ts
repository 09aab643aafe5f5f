import { all, get, run, type DB } from './database';
import type { AdjudicationProgress, AnnotationProgress } from '../shared/schemas/backoffice';
import type { SuggestionPolicy } from '../shared/schemas/batches';
import { ADJUDICATION_SQL, ANNOTATION_PROGRESS_SQL, NEEDS_ANNOTATORS_SQL } from './problems';

/** Batches: named groups of problems with a due date (a problem is in at most one). */

export interface BatchRow {
  id: number;
  name: string;
  due_date: string;
  suggestion_policy: SuggestionPolicy | null;
  created_at: string;
}

const BATCH_COLUMNS = 'b.id, b.name, b.due_date, b.suggestion_policy, b.created_at';

export function insertBatch(db: DB, batch: { name: string; due: string; suggestionPolicy: SuggestionPolicy | null; createdBy: number | null }): number {
  const { lastInsertRowid } = run(db, 'INSERT INTO batches (name, due_date, suggestion_policy, created_by) VALUES (?, ?, ?, ?)', [batch.name, batch.due, batch.suggestionPolicy, batch.createdBy]);
  return Number(lastInsertRowid);
}

export function insertBatchProblems(db: DB, batchId: number, problemIds: readonly number[]): void {
  run(db, 'INSERT INTO batch_problems (problem_id, batch_id) SELECT value, ? FROM json_each(?)', [batchId, JSON.stringify(problemIds)]);
}

export function findBatch(db: DB, name: string): BatchRow | undefined {
  return get<BatchRow>(db, `SELECT ${BATCH_COLUMNS} FROM batches b WHERE b.name = ?`, [name]);
}

/** Every batch, the earliest due first. */
export function readBatches(db: DB): BatchRow[] {
  return all<BatchRow>(db, `SELECT ${BATCH_COLUMNS} FROM batches b ORDER BY b.due_date, b.name COLLATE NOCASE`);
}

/** Row ids of the given question ids; those not found are missing from the map. */
export function findProblemIds(db: DB, questionIds: readonly string[]): Map<string, number> {
  const rows = all<{ id: number; question_id: string }>(db, 'SELECT id, question_id FROM problems WHERE question_id IN (SELECT value FROM json_each(?))', [JSON.stringify(questionIds)]);
  return new Map(rows.map((r) => [r.question_id, r.id]));
}

/** Of the given problems, those already in a batch, with the batch's name (import order). */
export function readBatchedProblems(db: DB, problemIds: readonly number[]): { question_id: string; batch: string }[] {
  return all(
    db,
    `SELECT p.question_id, b.name AS batch FROM batch_problems bp JOIN problems p ON p.id = bp.problem_id JOIN batches b ON b.id = bp.batch_id
     WHERE bp.problem_id IN (SELECT value FROM json_each(?)) ORDER BY p.import_order`,
    [JSON.stringify(problemIds)],
  );
}

/** The question ids of a batch's problems, in import order. */
export function readBatchQuestionIds(db: DB, batchId: number): string[] {
  return all<{ question_id: string }>(db, 'SELECT p.question_id FROM batch_problems bp JOIN problems p ON p.id = bp.problem_id WHERE bp.batch_id = ? ORDER BY p.import_order', [batchId]).map((r) => r.question_id);
}

/** The batch a problem is in. */
export function findBatchOfProblem(db: DB, questionId: string): BatchRow | undefined {
  return get<BatchRow>(db, `SELECT ${BATCH_COLUMNS} FROM batches b JOIN batch_problems bp ON bp.batch_id = b.id JOIN problems p ON p.id = bp.problem_id WHERE p.question_id = ?`, [questionId]);
}

/** Per batch (all batches when batchId is null): how many problems stand at each state, and how many lack annotators. */
export function readBatchProblemStates(db: DB, batchId: number | null): { batch_id: number; state: AdjudicationProgress; needs_annotators: 0 | 1; n: number }[] {
  return all(
    db,
    `SELECT bp.batch_id, ${ADJUDICATION_SQL} AS state, ${NEEDS_ANNOTATORS_SQL} AS needs_annotators, COUNT(*) AS n
     FROM batch_problems bp JOIN problems p ON p.id = bp.problem_id LEFT JOIN adjudications j ON j.problem_id = p.id
     WHERE ? IS NULL OR bp.batch_id = ?
     GROUP BY bp.batch_id, state, needs_annotators`,
    [batchId, batchId],
  );
}

/** Per batch (all when batchId is null) and annotator: how many of their assignments stand at each state. */
export function readBatchAnnotationStates(db: DB, batchId: number | null): { batch_id: number; username: string; active: number; status: AnnotationProgress; n: number }[] {
  return all(
    db,
    `SELECT bp.batch_id, u.username, u.active, ${ANNOTATION_PROGRESS_SQL} AS status, COUNT(*) AS n
     FROM batch_problems bp JOIN assignments a ON a.problem_id = bp.problem_id JOIN users u ON u.id = a.user_id
     LEFT JOIN annotations n ON n.problem_id = a.problem_id AND n.user_id = a.user_id
     WHERE ? IS NULL OR bp.batch_id = ?
     GROUP BY bp.batch_id, u.id, status
     ORDER BY u.username COLLATE NOCASE`,
    [batchId, batchId],
  );
}

/** A batch's problem as a bulk action sees it: who holds which slot and how far their annotation is. */
export interface BatchSlotRow {
  problem_id: number;
  question_id: string;
  title: string;
  /** 1 with resolved gold; in_adjudication: an adjudication not resolved (sent back). */
  resolved: number;
  in_adjudication: number;
  user_id: number | null;
  username: string | null;
  slot: 1 | 2 | null;
  /** The annotation's progress (null: no assignment in this row). */
  status: AnnotationProgress | null;
}

/** One row per assignment of the batch's problems (one row with null user for a problem without any), import order, slot order. */
export function readBatchSlots(db: DB, batchId: number): BatchSlotRow[] {
  return all<BatchSlotRow>(
    db,
    `SELECT p.id AS problem_id, p.question_id, p.title,
            EXISTS (SELECT 1 FROM adjudications j WHERE j.problem_id = p.id AND j.status = 'resolved') AS resolved,
            EXISTS (SELECT 1 FROM adjudications j WHERE j.problem_id = p.id AND j.status <> 'resolved') AS in_adjudication,
            a.user_id, u.username, a.slot, CASE WHEN a.user_id IS NULL THEN NULL ELSE ${ANNOTATION_PROGRESS_SQL} END AS status
     FROM batch_problems bp JOIN problems p ON p.id = bp.problem_id
     LEFT JOIN assignments a ON a.problem_id = p.id LEFT JOIN users u ON u.id = a.user_id
     LEFT JOIN annotations n ON n.problem_id = a.problem_id AND n.user_id = a.user_id
     WHERE bp.batch_id = ?
     ORDER BY p.import_order, a.slot`,
    [batchId],
  );
}

/** Move a problem's slot from one annotator to another (the slot stays). */
export function moveAssignment(db: DB, problemId: number, fromUserId: number, toUserId: number, assignedBy: number | null): void {
  run(db, 'UPDATE assignments SET user_id = ?, assigned_by = ?, created_at = strftime(\'%Y-%m-%dT%H:%M:%fZ\', \'now\') WHERE problem_id = ? AND user_id = ?', [toUserId, assignedBy, problemId, fromUserId]);
}

/** Rename a batch and set its due date (either may stay as it was). */
export function updateBatch(db: DB, batchId: number, changes: { name: string; due: string }): void {
  run(db, 'UPDATE batches SET name = ?, due_date = ? WHERE id = ?', [changes.name, changes.due, batchId]);
}

/** Take problems out of a batch (they are then in no batch; their assignments and work stay). */
export function deleteBatchProblems(db: DB, batchId: number, problemIds: readonly number[]): void {
  run(db, 'DELETE FROM batch_problems WHERE batch_id = ? AND problem_id IN (SELECT value FROM json_each(?))', [batchId, JSON.stringify(problemIds)]);
}

/** Delete a batch; its problems stay, in no batch (batch_problems cascades). */
export function deleteBatch(db: DB, batchId: number): void {
  run(db, 'DELETE FROM batches WHERE id = ?', [batchId]);
}

/** Of the given problems, the question ids of those with a submitted annotation (import order). */
export function readProblemsWithSubmittedWork(db: DB, problemIds: readonly number[]): string[] {
  return all<{ question_id: string }>(
    db,
    `SELECT p.question_id FROM problems p
      WHERE p.id IN (SELECT value FROM json_each(?)) AND EXISTS (SELECT 1 FROM annotations a WHERE a.problem_id = p.id AND a.status = 'submitted')
      ORDER BY p.import_order`,
    [JSON.stringify(problemIds)],
  ).map((r) => r.question_id);
}
