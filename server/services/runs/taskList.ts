/** The Runs page's per-task table: every stored run's task scores, filtered, sorted and paged. */
import type { DB } from '../../../db/database';
import { listRunRows, releaseTasks, scoreRows, type StoredScore } from '../../../db/runs';
import { AMBIGUITY_TYPES } from '../../../shared/taxonomy';
import { hitKeyQuestions, UNATTRIBUTED, type ReleaseTask } from '../../../shared/runs/report';
import { listTaskScores, type TaskScoreListPage, type TaskScoreListQuery, type TaskScoreListRow } from '../../../shared/runs/taskTable';

const typeRank = (t: string) => {
  const i = (AMBIGUITY_TYPES as readonly string[]).indexOf(t);
  return i === -1 ? AMBIGUITY_TYPES.length : i;
};

function row(model: string, sha256: string, r: StoredScore, task: ReleaseTask | undefined): TaskScoreListRow {
  const types = [...new Set((task?.keyQuestions ?? []).map((kq) => kq.type ?? UNATTRIBUTED))].sort((a, b) => typeRank(a) - typeRank(b));
  return {
    model,
    release_sha256: sha256,
    task_id: r.taskId,
    k: r.k,
    types,
    key_questions: task?.keyQuestions.length ?? r.k,
    hits: task ? hitKeyQuestions(task, r.hitQuestions).filter(Boolean).length : 0,
    tkqr: r.tkqr,
    ora: r.ora,
    turns: r.turns,
    diff: r.diff,
  };
}

/** GET /api/runs/task-scores: runs by model name, each run's tasks in file order, then the query's filters, sort and page. */
export function taskScoreList(db: DB, query: TaskScoreListQuery): TaskScoreListPage {
  const tasksBySha = new Map<string, Map<string, ReleaseTask>>();
  const rows: TaskScoreListRow[] = [];
  for (const run of listRunRows(db)) {
    if (query.model !== undefined && run.model !== query.model) continue;
    let tasks = tasksBySha.get(run.release_sha256);
    if (!tasks) tasksBySha.set(run.release_sha256, (tasks = new Map(releaseTasks(db, run.release_sha256).map((t) => [t.taskId, t]))));
    for (const r of scoreRows(db, run.id)) rows.push(row(run.model, run.release_sha256, r, tasks.get(r.taskId)));
  }
  return listTaskScores(rows, query);
}
