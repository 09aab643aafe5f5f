import type { DB } from '../../../db/database';
import { deleteTaskRow, moveTaskRows, readTaskRows, retireTaskId, TASK_TABLES, type TaskTable } from '../../../db/taskRows';
import { normalizeWhitespace } from '../../../shared/crossCheck';
import type { Point } from '../../../shared/edits';

type PointContent = Pick<Point, 'deletions' | 'repairs' | 'question' | 'answer' | 'type'>;

const contentOf = (p: PointContent): string =>
  JSON.stringify({ deletions: p.deletions, repairs: p.repairs, question: normalizeWhitespace(p.question), answer: normalizeWhitespace(p.answer), type: p.type });

/** Where each old point went: its index among the new points, or null when it was changed or dropped. */
export function pointMoves(before: readonly PointContent[], after: readonly PointContent[]): (number | null)[] {
  const free = after.map(contentOf);
  return before.map((p) => {
    const at = free.indexOf(contentOf(p));
    if (at < 0) return null;
    free[at] = '';
    return at;
  });
}

/**
 * The new key of a stored subset ("0,2"), or null when the task no longer exists as it was:
 * one of its points changed or was dropped, or its points changed order (override questions
 * and answers are listed in point order, so a reordered task is a different task).
 */
export function movedSubset(key: string, moves: readonly (number | null)[]): string | null {
  const next = key.split(',').map((i) => moves[Number(i)] ?? null);
  if (next.some((i) => i === null)) return null;
  const ordered = next as number[];
  return ordered.every((i, n) => n === 0 || i > ordered[n - 1]!) ? ordered.join(',') : null;
}

export interface TableFollowUp {
  /** Subsets whose rows were deleted (for task_ids: "task_id subset"). */
  dropped: string[];
  /** Old subset → new subset, for tasks whose points only shifted. */
  moved: Record<string, string>;
}

export type PointFollowUp = Record<TaskTable, TableFollowUp>;

function followTable(db: DB, table: TaskTable, problemId: number, moves: readonly (number | null)[]): TableFollowUp {
  const out: TableFollowUp = { dropped: [], moved: {} };
  const shifts: { from: string; to: string }[] = [];
  for (const row of readTaskRows(db, table, problemId)) {
    const next = movedSubset(row.subset, moves);
    if (next === null) {
      deleteTaskRow(db, table, problemId, row.subset);
      if (row.task_id !== null) retireTaskId(db, row.task_id, problemId, row.subset);
      out.dropped.push(row.label);
    } else if (next !== row.subset) {
      shifts.push({ from: row.subset, to: next });
      out.moved[row.subset] = next;
    }
  }
  moveTaskRows(db, table, problemId, shifts);
  out.dropped.sort();
  return out;
}

/**
 * Keep a problem's per-task rows (overrides, kept task ids, exclusions) attached to the same
 * points when its gold points are replaced: a task whose points are unchanged keeps its rows
 * under its new key; a task with a changed or dropped point loses them (it is a new task, so
 * the exporter gives it a new id). Runs inside the caller's transaction.
 */
export function followPointEdits(db: DB, problemId: number, before: readonly PointContent[], after: readonly PointContent[]): PointFollowUp {
  const moves = pointMoves(before, after);
  const entries = TASK_TABLES.map((table) => [table, followTable(db, table, problemId, moves)] as const);
  return Object.fromEntries(entries) as PointFollowUp;
}

/** The follow-up as event details: only what actually changed, or undefined. */
export function followUpDetails(f: PointFollowUp): Record<string, unknown> | undefined {
  const details: Record<string, unknown> = {};
  const put = (key: string, value: string[] | Record<string, string>) => {
    if (Object.keys(value).length > 0) details[key] = value;
  };
  put('droppedOverrides', f.task_overrides.dropped);
  put('droppedTaskIds', f.task_ids.dropped);
  put('droppedExclusions', f.task_exclusions.dropped);
  put('movedOverrides', f.task_overrides.moved);
  put('movedTaskIds', f.task_ids.moved);
  put('movedExclusions', f.task_exclusions.moved);
  return Object.keys(details).length > 0 ? details : undefined;
}
