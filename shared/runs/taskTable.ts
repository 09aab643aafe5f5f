/**
 * The Runs page's per-task table across every stored run: one row per (run, task), filtered by
 * model, K, ambiguity type and hit/miss, sorted and paged. Pure, over rows in stored order
 * (runs by model name, each run's tasks in file order).
 */
import { z } from 'zod';
import { pageQuery } from '../schemas/backoffice';
import { AMBIGUITY_TYPES } from '../taxonomy';
import { UNATTRIBUTED } from './report';
import { modelName } from './views';

export const TASK_SORTS = ['model', 'task', 'k', 'hits', 'tkqr', 'ora', 'turns', 'diff'] as const;
export type TaskSort = (typeof TASK_SORTS)[number];
export const TASK_TYPES = [...AMBIGUITY_TYPES, UNATTRIBUTED] as const;
export const DEFAULT_TASK_PAGE_SIZE = 25;

/** Query of GET /api/runs/task-scores. */
export const taskScoreListQuery = z.object({
  ...pageQuery,
  limit: pageQuery.limit.default(DEFAULT_TASK_PAGE_SIZE),
  model: modelName.optional(),
  k: z.coerce.number({ message: 'must be a number' }).int('must be an integer').min(1, 'must be ≥ 1').max(99, 'must be ≤ 99').optional(),
  /** Tasks holding a key question of this type ("unattributed": one whose type is not known). */
  type: z.enum(TASK_TYPES, { message: `must be one of the 11 types or ${UNATTRIBUTED}` }).optional(),
  /** "hit": the run asked at least one of the task's key questions; "miss": none. */
  hit: z.enum(['hit', 'miss'], { message: 'must be hit or miss' }).optional(),
  sort: z.enum(TASK_SORTS, { message: `must be one of ${TASK_SORTS.join(', ')}` }).default('model'),
  dir: z.enum(['asc', 'desc'], { message: 'must be asc or desc' }).default('asc'),
});
export type TaskScoreListQuery = z.infer<typeof taskScoreListQuery>;

export interface TaskScoreListRow {
  model: string;
  release_sha256: string;
  task_id: string;
  k: number;
  /** The types of the task's key questions, each once, taxonomy order ("unattributed" last). */
  types: string[];
  key_questions: number;
  /** How many of the task's key questions the run asked. */
  hits: number;
  tkqr: number;
  ora: number;
  turns: number;
  diff: number;
}

export interface TaskScoreListPage {
  items: TaskScoreListRow[];
  /** Rows matching the filters (all pages). */
  total: number;
  limit: number;
  offset: number;
}

/** task_2 before task_10. */
const byTaskId = (a: string, b: string) => a.localeCompare(b, 'en', { numeric: true });

const compare: Record<TaskSort, (a: TaskScoreListRow, b: TaskScoreListRow) => number> = {
  model: (a, b) => (a.model < b.model ? -1 : a.model > b.model ? 1 : 0),
  task: (a, b) => byTaskId(a.task_id, b.task_id),
  k: (a, b) => a.k - b.k,
  hits: (a, b) => a.hits - b.hits,
  tkqr: (a, b) => a.tkqr - b.tkqr,
  ora: (a, b) => a.ora - b.ora,
  turns: (a, b) => a.turns - b.turns,
  diff: (a, b) => a.diff - b.diff,
};

function matches(row: TaskScoreListRow, q: TaskScoreListQuery): boolean {
  if (q.model !== undefined && row.model !== q.model) return false;
  if (q.k !== undefined && row.k !== q.k) return false;
  if (q.type !== undefined && !row.types.includes(q.type)) return false;
  if (q.hit === 'hit' && row.hits === 0) return false;
  if (q.hit === 'miss' && row.hits > 0) return false;
  return true;
}

/** One page of the filtered rows, sorted by the column asked for; ties keep the stored order. */
export function listTaskScores(rows: readonly TaskScoreListRow[], q: TaskScoreListQuery): TaskScoreListPage {
  const sign = q.dir === 'desc' ? -1 : 1;
  const by = compare[q.sort];
  const kept = rows.map((row, index) => ({ row, index })).filter((e) => matches(e.row, q));
  kept.sort((a, b) => sign * by(a.row, b.row) || a.index - b.index);
  return { items: kept.slice(q.offset, q.offset + q.limit).map((e) => e.row), total: kept.length, limit: q.limit, offset: q.offset };
}
