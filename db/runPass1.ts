/** pass@1's SQL (run_pass1, run_pass1_complete, run_records.pass1_code): named functions with parameterised statements. */
import { all, get, run, type DB } from './database';
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
  all<Pass1CodeRow>(
    db,
    `SELECT rr.task_id, t.question_id, ${PASS1_CODE_SQL} AS code
       FROM run_records rr JOIN runs u ON u.id = rr.run_id
       JOIN run_release_tasks t ON t.release_sha256 = u.release_sha256 AND t.task_id = rr.task_id
      WHERE rr.run_id = ? ORDER BY t.question_id, t.position`,
    [runId],
  );

export interface Pass1Grade {
  taskId: string;
  questionId: string;
  code: string;
  passed: boolean;
}

/** How many grades of each setting a model has: what a re-import replaces. */
export function pass1Counts(db: DB, model: string): { interactive: number; complete: number } {
  const count = (table: 'run_pass1' | 'run_pass1_complete') => get<{ n: number }>(db, `SELECT COUNT(*) AS n FROM ${table} WHERE model = ?`, [model])!.n;
  return { interactive: count('run_pass1'), complete: count('run_pass1_complete') };
}

/**
 * Replace a model's interactive grades (inside the caller's transaction). Only what differs is
 * written: rows of tasks no longer graded go, a row whose grade and code are unchanged stays.
 */
export function replacePass1Grades(db: DB, model: string, releaseSha256: string, grades: readonly Pass1Grade[]): void {
  const keep = JSON.stringify(grades.map((g) => g.taskId));
  for (const table of ['run_pass1', 'run_pass1_codes'] as const) {
    run(db, `DELETE FROM ${table} WHERE model = ? AND task_id NOT IN (SELECT value FROM json_each(?))`, [model, keep]);
  }
  // The grades in one statement (SQLite walks the JSON itself); unchanged rows are left as they are.
  run(
    db,
    `INSERT INTO run_pass1 (model, release_sha256, task_id, question_id, passed)
     SELECT ?, ?, value ->> 0, value ->> 1, value ->> 2 FROM json_each(?) WHERE true
     ON CONFLICT (model, task_id) DO UPDATE SET release_sha256 = excluded.release_sha256, question_id = excluded.question_id, passed = excluded.passed
     WHERE run_pass1.passed IS NOT excluded.passed OR run_pass1.release_sha256 IS NOT excluded.release_sha256 OR run_pass1.question_id IS NOT excluded.question_id`,
    [model, releaseSha256, JSON.stringify(grades.map((g) => [g.taskId, g.questionId, g.passed ? 1 : 0]))],
  );
  // The codes graded: written only where they changed.
  const code = db.prepare(
    `INSERT INTO run_pass1_codes (model, task_id, code) VALUES (?, ?, ?)
     ON CONFLICT (model, task_id) DO UPDATE SET code = excluded.code WHERE run_pass1_codes.code IS NOT excluded.code`,
  );
  for (const g of grades) code.run(model, g.taskId, g.code);
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
