/** pass@1's SQL (run_pass1, run_pass1_complete, run_records.pass1_code): named functions with parameterised statements. */
import { all, allRows, get, run, type DB } from './database';
import { PASS1_CODE_SQL } from './runs';

/** One task of a run as export-lcb writes it: its problem, its place in the release, its code. */
export interface Pass1CodeRow {
  task_id: string;
  question_id: string;
  /** The code prepare_pass1.py takes, or null for a record imported before pass1_code was kept. */
  code: string | null;
}

/** A run's tasks by problem (question_id in code-point order), each problem's tasks in release order. */
export const pass1CodeRows = (db: DB, runId: number): Pass1CodeRow[] =>
  allRows<[string, string, string | null]>(
    db,
    `SELECT rr.task_id, t.question_id, ${PASS1_CODE_SQL}
       FROM run_records rr JOIN runs u ON u.id = rr.run_id
       JOIN run_release_tasks t ON t.release_sha256 = u.release_sha256 AND t.task_id = rr.task_id
      WHERE rr.run_id = ? ORDER BY t.question_id, t.position`,
    [runId],
  ).map(([task_id, question_id, code]) => ({ task_id, question_id, code }));

/** LiveCodeBench's metadata of one graded code: why it failed (both null for a passing code). */
export interface Pass1CodeMetadata {
  errorCode: number | null;
  errorMessage: string | null;
}

export interface Pass1Grade {
  taskId: string;
  questionId: string;
  passed: boolean;
  /** null when the file carried no metadata for the code: its failure category is unknown. */
  metadata: Pass1CodeMetadata | null;
}

/** One current interactive grade of a model's run with what LiveCodeBench said of the code. */
export interface Pass1Verdict {
  taskId: string;
  questionId: string;
  passed: boolean;
  /** LiveCodeBench's error_code (-2 wrong answer, -3 time limit, -4 runtime error, -5 test-runner error); null when passed or unknown. */
  errorCode: number | null;
  errorMessage: string | null;
  /** False for a code graded without metadata: its failure is "unknown", never a category. */
  hasMetadata: boolean;
}

/**
 * A model's interactive grades that still hold (the release and the code graded are the run's
 * current ones, as the report counts them), by problem (question_id in code-point order), each
 * problem's tasks in release order.
 */
export const pass1Verdicts = (db: DB, model: string): Pass1Verdict[] =>
  allRows<[string, string, number, number, number | null, string | null]>(
    db,
    `SELECT p.task_id, p.question_id, p.passed, p.has_metadata, p.error_code, p.error_message
       FROM runs u JOIN run_records rr ON rr.run_id = u.id
       JOIN run_pass1 p ON p.model = u.model AND p.task_id = rr.task_id AND p.release_sha256 = u.release_sha256
       JOIN run_pass1_codes c ON c.model = p.model AND c.task_id = p.task_id AND c.code = ${PASS1_CODE_SQL}
       JOIN run_release_tasks t ON t.release_sha256 = u.release_sha256 AND t.task_id = rr.task_id
      WHERE u.model = ? ORDER BY t.question_id, t.position`,
    [model],
  ).map(([taskId, questionId, passed, hasMetadata, errorCode, errorMessage]) => ({
    taskId,
    questionId,
    passed: passed === 1,
    errorCode: hasMetadata === 1 ? errorCode : null,
    errorMessage: hasMetadata === 1 ? errorMessage : null,
    hasMetadata: hasMetadata === 1,
  }));

/** How many grades of one setting a model has: what a re-import replaces. */
export function pass1Count(db: DB, model: string, setting: 'interactive' | 'complete'): number {
  const table = setting === 'interactive' ? 'run_pass1' : 'run_pass1_complete';
  return get<{ n: number }>(db, `SELECT COUNT(*) AS n FROM ${table} WHERE model = ?`, [model])!.n;
}

/**
 * Replace a model's interactive grades by those of one run (inside the caller's transaction, which
 * has checked that the graded codes are the run's current codes). Only what differs is written:
 * rows of tasks no longer in the run go, a row whose grade and code are unchanged stays. The codes
 * are copied from the run's records inside SQLite rather than bound from JavaScript row by row.
 */
export function replacePass1Grades(db: DB, model: string, runId: number, releaseSha256: string, grades: readonly Pass1Grade[]): void {
  for (const table of ['run_pass1', 'run_pass1_codes'] as const) {
    run(db, `DELETE FROM ${table} WHERE model = ? AND task_id NOT IN (SELECT task_id FROM run_records WHERE run_id = ?)`, [model, runId]);
  }
  // The grades and their metadata, row by row through one prepared statement: with the error
  // messages in them, handing SQLite one JSON text to walk (json_each) was several times slower.
  const upsert = db.prepare(
    `INSERT INTO run_pass1 (model, release_sha256, task_id, question_id, passed, has_metadata, error_code, error_message) VALUES (?, ?, ?, ?, ?, ?, ?, ?)
     ON CONFLICT (model, task_id) DO UPDATE SET release_sha256 = excluded.release_sha256, question_id = excluded.question_id, passed = excluded.passed,
       has_metadata = excluded.has_metadata, error_code = excluded.error_code, error_message = excluded.error_message
     WHERE run_pass1.passed IS NOT excluded.passed OR run_pass1.release_sha256 IS NOT excluded.release_sha256 OR run_pass1.question_id IS NOT excluded.question_id
       OR run_pass1.has_metadata IS NOT excluded.has_metadata OR run_pass1.error_code IS NOT excluded.error_code OR run_pass1.error_message IS NOT excluded.error_message`,
  );
  for (const g of grades) {
    upsert.run(model, releaseSha256, g.taskId, g.questionId, g.passed ? 1 : 0, g.metadata ? 1 : 0, g.metadata?.errorCode ?? null, g.metadata?.errorMessage ?? null);
  }
  // The codes graded (the records' own), written only where they differ from the code kept.
  run(
    db,
    `INSERT INTO run_pass1_codes (model, task_id, code)
     SELECT ?, rr.task_id, ${PASS1_CODE_SQL} FROM run_records rr WHERE rr.run_id = ? AND true
     ON CONFLICT (model, task_id) DO UPDATE SET code = excluded.code WHERE run_pass1_codes.code IS NOT excluded.code`,
    [model, runId],
  );
}

export interface CompletePass1 {
  questionId: string;
  pass1: number;
  codes: number;
}

/** Replace a model's complete pass@1 per problem (inside the caller's transaction). */
export function replaceCompletePass1(db: DB, model: string, rows: readonly CompletePass1[]): void {
  run(db, 'DELETE FROM run_pass1_complete WHERE model = ?', [model]);
  const insert = db.prepare('INSERT INTO run_pass1_complete (model, question_id, pass1, codes) VALUES (?, ?, ?, ?)');
  for (const r of rows) insert.run(model, r.questionId, r.pass1, r.codes);
}

/** Every model's complete pass@1: model → question_id → pass@1. */
export function completePass1ByModel(db: DB): Map<string, Map<string, number>> {
  const out = new Map<string, Map<string, number>>();
  for (const r of all<{ model: string; question_id: string; pass1: number }>(db, 'SELECT model, question_id, pass1 FROM run_pass1_complete')) {
    let byProblem = out.get(r.model);
    if (!byProblem) out.set(r.model, (byProblem = new Map()));
    byProblem.set(r.question_id, r.pass1);
  }
  return out;
}

/** Every stored interactive pass@1 grade with all it records (code, error, metadata flag), by task id. */
export const storedPass1Grades = (db: DB): Record<string, unknown>[] => all(db, 'SELECT * FROM run_pass1 ORDER BY task_id, model');

/** Every stored complete pass@1 (the model's own run on a problem's original statement), by problem. */
export const storedCompletePass1 = (db: DB): { model: string; question_id: string; pass1: number }[] =>
  all(db, 'SELECT model, question_id, pass1 FROM run_pass1_complete ORDER BY question_id, model');
