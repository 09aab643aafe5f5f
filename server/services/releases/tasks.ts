import type { DB } from '../../../db/database';
import { readAllGoldPoints, readKeptTaskIds, readResolvedProblems, readRetiredTaskIds, readTaskOverrides, type ReleasePoint, type TaskIdRow } from '../../../db/releaseTasks';
import type { Point, Range } from '../../../shared/edits';
import type { ReleaseRecord } from '../../../shared/release/format';
import { generateTasks, type GeneratedTask } from '../../../shared/tasks';
import type { VariantPolicy } from '../../../shared/subsets';
import { excludedSubsets, exclusionKey } from './exclusions';

/** A problem that has a resolved gold version, in import order. */
export interface ReleaseProblem {
  id: number;
  questionId: string;
  title: string;
  platform: string;
  contestDate: string;
  difficulty: string;
  baseText: string;
  source: 'adjudication' | 'legacy';
}

export interface ReleaseTask {
  problemId: number;
  questionId: string;
  /** Stored subset key ("0,2"). */
  subset: string;
  /** The kept id of the release this one continues, if any. */
  keptId: string | null;
  position: number | null;
  generated: GeneratedTask;
  points: ReleasePoint[];
  /** The deletions the task's text makes of the base text, when it is made by deletions alone (a validation hint). */
  deletions: Range[] | null;
}

export interface ReleaseTasks {
  problems: ReleaseProblem[];
  /** The tasks in release order with their final ids. */
  tasks: (ReleaseTask & { taskId: string })[];
}

function loadProblems(db: DB): ReleaseProblem[] {
  const rows = readResolvedProblems(db);
  return rows.map((r) => ({
    id: r.id,
    questionId: r.question_id,
    title: r.title,
    platform: r.platform,
    contestDate: r.contest_date,
    difficulty: r.difficulty,
    baseText: r.base_text,
    source: r.source,
  }));
}

/** The deletions a generated task's text makes: its points' deletions, unless a point repairs or an override replaces the text. */
function deletionsOf(task: GeneratedTask, points: readonly Point[]): Range[] | null {
  if (task.override?.text != null) return null;
  const out: Range[] = [];
  for (const i of task.subset) {
    const p = points[i]!;
    if (p.repairs.length > 0) return null;
    for (const range of p.deletions) out.push(range);
  }
  return out;
}

/** Ids for tasks a kept-id release does not know: after the highest task_N ever kept or retired. */
function freshIds(kept: readonly TaskIdRow[], retired: readonly string[]) {
  const used = new Set([...kept.map((r) => r.task_id), ...retired]);
  let n = Math.max(0, ...[...used].map((id) => Number(/^task_(\d+)$/.exec(id)?.[1] ?? 0)));
  return () => {
    let id: string;
    do id = `task_${++n}`;
    while (used.has(id));
    return id;
  };
}

/**
 * The tasks of the database under a variant policy: resolved problems in import order,
 * their subsets by size then point index (minus subsets excluded on purpose, see
 * task_exclusions), per-task overrides applied. Ids are task_1…task_N,
 * unless task_ids rows exist (a release this one continues): then kept tasks keep their ids
 * in the order of their stored positions, and new tasks follow.
 */
export function loadReleaseTasks(db: DB, policy: VariantPolicy): ReleaseTasks {
  const problems = loadProblems(db);
  const gold = readAllGoldPoints(db);
  const overrides = readTaskOverrides(db);
  const keptRows = readKeptTaskIds(db);
  const kept = new Map(keptRows.map((r) => [exclusionKey(r.problem_id, r.subset), r]));
  const excluded = excludedSubsets(db);

  // Each task is made once with its final id to come (filled in below), not copied to add it.
  const tasks: (ReleaseTask & { taskId: string })[] = [];
  const keyed = kept.size > 0 || excluded.size > 0; // else no task needs its key looked up
  for (const problem of problems) {
    const points = gold.get(problem.id) ?? [];
    const presented = points.map((p) => p.point);
    const generated = generateTasks(problem.baseText, presented, policy, overrides.get(problem.id) ?? []);
    for (const task of generated) {
      const key = keyed ? exclusionKey(problem.id, task.key) : '';
      if (keyed && excluded.has(key)) continue;
      const keptRow = keyed ? kept.get(key) : undefined;
      const deletions = deletionsOf(task, presented);
      const keptId = keptRow?.task_id ?? null;
      tasks.push({ problemId: problem.id, questionId: problem.questionId, subset: task.key, keptId, position: keptRow?.position ?? null, generated: task, points, deletions, taskId: keptId ?? '' });
    }
  }
  const withKept = tasks.filter((t) => t.keptId !== null).sort((a, b) => a.position! - b.position!);
  const fresh = tasks.filter((t) => t.keptId === null);
  const nextId = freshIds(keptRows, readRetiredTaskIds(db));
  for (const t of fresh) t.taskId = nextId();
  return { problems, tasks: withKept.length ? [...withKept, ...fresh] : fresh };
}

/** A task as a release record: the five public fields, plus per-point types and provenance when extended. */
export function toRecord(task: ReleaseTasks['tasks'][number], source: ReleaseProblem['source'], extended: boolean): ReleaseRecord {
  const { generated } = task;
  const record: ReleaseRecord = {
    task_id: task.taskId,
    question_id: task.questionId,
    keywords: generated.keywords,
    modified_content: generated.text,
    qa_pairs: generated.qa.map((qa) => (extended && qa.type !== null ? { question: qa.question, answer: qa.answer, type: qa.type } : { question: qa.question, answer: qa.answer })),
  };
  if (extended) {
    record.provenance = {
      subset: generated.subset,
      points: generated.subset.map((i) => task.points[i]?.provenance ?? 'new'),
      override: generated.override?.kind ?? null,
      adjudication: source,
    };
  }
  return record;
}
