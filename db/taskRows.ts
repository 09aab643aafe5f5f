import { all, run, type DB } from './database';
import type { Repair } from '../shared/edits';
import type { TaskOverride } from '../shared/tasks';
import { repairsFromJson } from './points';
import { decodeJson, isStringList, stringList } from './storedJson';
import { z } from 'zod';

/**
 * The tables keyed by (problem_id, subset) whose rows describe one task of a problem's gold
 * points: overrides of its text or questions, kept task ids, and exclusions.
 */
export const TASK_TABLES = ['task_overrides', 'task_ids', 'task_exclusions'] as const;
export type TaskTable = (typeof TASK_TABLES)[number];

export interface StoredOverrideRow extends TaskOverride {
  repairs: Repair[];
  createdBy: string | null;
  createdAt: string;
}

/** A task_overrides row. */
export interface OverrideRow {
  problem_id: number;
  subset: string;
  text: string | null;
  questions: string | null;
  answers: string | null;
  keywords: string | null;
  /** JSON [n, …]: the order a legacy release lists the qa pairs in, as positions in point order; null: point order. */
  qa_order: string | null;
  kind: 'edit' | 'rewrite';
  repairs: string;
}

// The lists are positional (one entry per point of the subset), so a damaged one is dropped whole:
// it reads as null, the gold wording and point order, never as a list with entries shifted.
const positions = z.array(z.number().int().min(0));
const isPositions = (json: unknown): json is number[] => Array.isArray(json) && json.every((n) => Number.isInteger(n) && (n as number) >= 0);
const wording = (text: string | null): string[] | null => (text === null ? null : decodeJson<string[] | null>(text, stringList, null, isStringList));

/** A stored override as the task generator takes it, damaged lists repaired as described above. */
export function overrideFromRow(r: Omit<OverrideRow, 'problem_id' | 'repairs'>): TaskOverride {
  return {
    subset: r.subset,
    text: r.text,
    questions: wording(r.questions),
    answers: wording(r.answers),
    keywords: wording(r.keywords),
    qaOrder: r.qa_order === null ? null : decodeJson<number[] | null>(r.qa_order, positions, null, isPositions),
    kind: r.kind,
  };
}

export function readOverrides(db: DB, problemId: number): StoredOverrideRow[] {
  const rows = all<OverrideRow & { created_by_name: string | null; created_at: string }>(
    db,
    `SELECT o.subset, o.text, o.questions, o.answers, o.keywords, o.qa_order, o.kind, o.repairs, u.username AS created_by_name, o.created_at
       FROM task_overrides o LEFT JOIN users u ON u.id = o.created_by WHERE o.problem_id = ? ORDER BY o.subset`,
    [problemId],
  );
  return rows.map((r) => ({
    ...overrideFromRow(r),
    repairs: repairsFromJson(r.repairs),
    createdBy: r.created_by_name,
    createdAt: r.created_at,
  }));
}

/**
 * Insert or replace a task's override: every column takes the new override's value, so an edit
 * of a legacy rewrite becomes an 'edit' and loses the rewrite's answers, keywords and qa order.
 */
export function writeOverride(
  db: DB,
  problemId: number,
  userId: number | null,
  o: { subset: string; text: string | null; questions: string[] | null; answers?: string[] | null; keywords?: string[] | null; kind: 'edit' | 'rewrite'; repairs: Repair[] },
): void {
  const json = (value: string[] | null | undefined) => (value == null ? null : JSON.stringify(value));
  run(
    db,
    `INSERT INTO task_overrides (problem_id, subset, text, questions, answers, keywords, kind, repairs, created_by)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
     ON CONFLICT (problem_id, subset) DO UPDATE SET text = excluded.text, questions = excluded.questions, answers = excluded.answers,
       keywords = excluded.keywords, qa_order = excluded.qa_order, kind = excluded.kind, repairs = excluded.repairs, created_by = excluded.created_by,
       created_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now')`,
    [problemId, o.subset, o.text, json(o.questions), json(o.answers), json(o.keywords), o.kind, JSON.stringify(o.repairs), userId],
  );
}

export function deleteOverride(db: DB, problemId: number, subset: string): void {
  run(db, 'DELETE FROM task_overrides WHERE problem_id = ? AND subset = ?', [problemId, subset]);
}

/** Subsets ("0,2") that a continued legacy release leaves out: the exporter skips them. */
export function readExclusions(db: DB, problemId: number): string[] {
  return all<{ subset: string }>(db, 'SELECT subset FROM task_exclusions WHERE problem_id = ? ORDER BY subset', [problemId]).map((r) => r.subset);
}

/** Every subset left out of the releases on purpose, with its problem and the reason given. */
export function readExclusionReasons(db: DB): { problem_id: number; subset: string; reason: string }[] {
  return all(db, 'SELECT problem_id, subset, reason FROM task_exclusions ORDER BY problem_id, subset');
}

/** A problem's rows of one task table: the subset, a label for events, and (task_ids) the kept id. */
export function readTaskRows(db: DB, table: TaskTable, problemId: number): { subset: string; label: string; task_id: string | null }[] {
  return all(
    db,
    table === 'task_ids'
      ? `SELECT subset, task_id, task_id || ' ' || subset AS label FROM task_ids WHERE problem_id = ?`
      : `SELECT subset, NULL AS task_id, subset AS label FROM ${table} WHERE problem_id = ?`,
    [problemId],
  );
}

export function deleteTaskRow(db: DB, table: TaskTable, problemId: number, subset: string): void {
  run(db, `DELETE FROM ${table} WHERE problem_id = ? AND subset = ?`, [problemId, subset]);
}

/**
 * Move rows to new subsets in two steps (first under a '~' mark, then all marks at once), so that
 * a key moving onto another row's old key never collides.
 */
export function moveTaskRows(db: DB, table: TaskTable, problemId: number, moves: readonly { from: string; to: string }[]): void {
  for (const m of moves) run(db, `UPDATE ${table} SET subset = '~' || ? WHERE problem_id = ? AND subset = ?`, [m.to, problemId, m.from]);
  run(db, `UPDATE ${table} SET subset = substr(subset, 2) WHERE problem_id = ? AND subset LIKE '~%'`, [problemId]);
}

/** A kept id whose task changed is retired, never to be given to another task. */
export function retireTaskId(db: DB, taskId: string, problemId: number, subset: string): void {
  run(db, 'INSERT OR IGNORE INTO retired_task_ids (task_id, problem_id, subset) VALUES (?, ?, ?)', [taskId, problemId, subset]);
}

/** Keep a task id for a problem's subset at a position of the release (as a legacy import does). */
export function insertTaskId(db: DB, problemId: number, subset: string, taskId: string, position: number): void {
  run(db, 'INSERT INTO task_ids (problem_id, subset, task_id, position) VALUES (?, ?, ?, ?)', [problemId, subset, taskId, position]);
}
