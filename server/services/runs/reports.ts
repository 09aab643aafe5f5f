/** What the runs show: the paper's tables, per-task scores, the judge check, drill-down and curation. */
import type { DB } from '../../../db/database';
import type { HitDict } from '../../../shared/runs/metrics';
import { DEFAULT_JUDGE_THRESHOLD, judgeCheck, type JudgeCheck } from '../../../shared/runs/judge';
import { curation, hitKeyQuestions, runTables, type Curation, type ReleaseTask, type RunTables, type ScoredRecord } from '../../../shared/runs/report';
import { completePass1ByModel, pass1Verdicts } from '../../../db/runPass1';
import { runJudges } from '../../../db/judgeAudits';
import { failureCategory, type FailureCategory } from '../../../shared/runs/failures';
import type { TaskDetail, RunSummary, TaskScoreRow } from '../../../shared/runs/views';
import { invalid, notFound } from '../../domain/errors';
import { loadGoldPoints } from '../adjudications/store';
import { findAdjudication } from '../../../db/adjudications';
import { findProblemBrief } from '../../../db/problems';
import { humanRuns } from '../pilots/pilotRuns';
import { dialogueRecord, judgeRows, labelledScoreRows, listRunRows, releaseTask, releaseTasks, runRow, scoreRows, type RunRow, type StoredScore, type StoredTask } from '../../../db/runs';

function requireRun(db: DB, model: string): RunRow {
  const row = runRow(db, model);
  if (!row) throw notFound(`No run of model "${model}".`);
  return row;
}

const taskMap = (tasks: readonly ReleaseTask[]) => new Map(tasks.map((t) => [t.taskId, t]));

function groupByRun<T extends StoredScore>(rows: readonly T[]): Map<number, T[]> {
  const out = new Map<number, T[]>();
  for (const r of rows) {
    let list = out.get(r.runId);
    if (!list) out.set(r.runId, (list = []));
    list.push(r);
  }
  return out;
}

/** A model's failing codes by task: why each failed, as LiveCodeBench's metadata says (unknown without it). */
const failuresOf = (db: DB, model: string): Map<string, FailureCategory | null> => new Map(pass1Verdicts(db, model).map((v) => [v.taskId, failureCategory(v)]));

/**
 * A stored record as the tables read it; `complete` is the model's complete pass@1 per problem,
 * `failures` its failing codes' categories by task.
 */
const scored = (r: StoredScore, questionId: string | undefined, complete: ReadonlyMap<string, number> | undefined, failures: ReadonlyMap<string, FailureCategory | null>): ScoredRecord => ({
  taskId: r.taskId,
  k: r.k,
  finished: r.finished,
  hitQuestions: r.hitQuestions,
  tkqr: r.tkqr,
  ora: r.ora,
  turns: r.turns,
  diff: r.diff,
  pass1: r.pass1,
  pass1Complete: questionId === undefined ? null : (complete?.get(questionId) ?? null),
  failure: failures.get(r.taskId) ?? null,
});

/** A run's kind, and for a pilot's run its study and timings. */
function kindOf(humans: ReturnType<typeof humanRuns>, model: string): Pick<RunSummary, 'kind' | 'human'> {
  const human = humans.get(model);
  return human ? { kind: 'human', human } : { kind: 'model' };
}

/** Every stored run's tables (models by name); `runs report --json` and GET /api/runs. */
export function runsReport(db: DB): { runs: RunSummary[] } {
  const runs = listRunRows(db);
  const byRun = groupByRun(scoreRows(db));
  const humans = humanRuns(db);
  const complete = completePass1ByModel(db);
  const judges = runJudges(db);
  const tasksBySha = new Map<string, Map<string, ReleaseTask>>();
  return {
    runs: runs.map((run) => {
      let tasks = tasksBySha.get(run.release_sha256);
      if (!tasks) tasksBySha.set(run.release_sha256, (tasks = taskMap(releaseTasks(db, run.release_sha256))));
      const ofModel = complete.get(run.model);
      const failures = failuresOf(db, run.model);
      const records = (byRun.get(run.id) ?? []).map((r) => scored(r, tasks.get(r.taskId)?.questionId, ofModel, failures));
      const tables: RunTables = runTables(records, tasks);
      return {
        model: run.model,
        release_sha256: run.release_sha256,
        ...tables,
        release: run.release_name,
        source_file: run.source_file,
        imported_at: run.imported_at,
        imported_by: run.imported_by,
        ...(judges.has(run.model) ? { judge: judges.get(run.model)! } : {}),
        ...kindOf(humans, run.model),
      };
    }),
  };
}

/** One run's scores per task, in file order. */
export function taskScores(db: DB, model: string): TaskScoreRow[] {
  const run = requireRun(db, model);
  return scoreRows(db, run.id).map((r) => ({ task_id: r.taskId, tkqr: r.tkqr, ora: r.ora, turns: r.turns, diff: r.diff }));
}

/** The lexical judge check of one stored run; null when the run asked no clarification question. */
export function judgeCheckOf(db: DB, model: string, threshold = DEFAULT_JUDGE_THRESHOLD): (JudgeCheck & { model: string; release_sha256: string }) | null {
  const run = requireRun(db, model);
  const keys = new Map(
    releaseTasks(db, run.release_sha256).map((t) => [t.taskId, t.keyQuestions.map((k) => k.question.trim()).filter((q) => q !== '')] as const),
  );
  const records = judgeRows(db, run.id);
  const check = judgeCheck(records, keys, threshold);
  return check && { model, release_sha256: run.release_sha256, ...check };
}

/** The lexical judge check of one run (`runs judge-check`); refused when the run asked no question. */
export function runJudgeCheck(db: DB, model: string, threshold = DEFAULT_JUDGE_THRESHOLD): JudgeCheck & { model: string; release_sha256: string } {
  const check = judgeCheckOf(db, model, threshold);
  if (!check) throw invalid(`The run of "${model}" asked no clarification question: there is nothing to check.`);
  return check;
}

const anyHit = (r: StoredScore & { hitDict: HitDict }) => r.hitQuestions.length > 0 || Object.values(r.hitDict).some((v) => v === 1);

/** Discoverability of every key question over all runs; key questions no run asked; tasks no run hit. */
export function runsCuration(db: DB): Curation {
  const byRun = groupByRun(labelledScoreRows(db));
  const humans = humanRuns(db);
  return curation(
    listRunRows(db).map((run) => ({
      model: run.model,
      human: humans.has(run.model),
      tasks: taskMap(releaseTasks(db, run.release_sha256)),
      records: (byRun.get(run.id) ?? []).map((r) => ({ taskId: r.taskId, hitQuestions: r.hitQuestions, anyHit: anyHit(r) })),
    })),
  );
}

/**
 * Which key question (index) a hit turn hit. The run file says only which key questions were hit
 * (hit_questions, sorted as the benchmark's run_task writes it), not by which turn, so a turn is
 * linked only when the record has a single hit turn and a single hit key question.
 */
function hitLinks(task: StoredTask, hitDict: Record<string, number>, hitQuestions: readonly string[]): Map<number, number> {
  const turns = Object.keys(hitDict)
    .map(Number)
    .filter((t) => hitDict[String(t)] === 1);
  const links = new Map<number, number>();
  if (turns.length === 1 && hitQuestions.length === 1) links.set(turns[0]!, hitKeyQuestions(task, hitQuestions).indexOf(true));
  return links;
}

/** A task as every run saw it: text, key questions, gold points, and each run's dialogue and scores. */
export function taskDetail(db: DB, taskId: string, releaseSha256?: string): TaskDetail {
  const runs = listRunRows(db).filter((r) => !releaseSha256 || r.release_sha256 === releaseSha256);
  let task: StoredTask | undefined;
  const dialogues: TaskDetail['runs'] = [];
  for (const run of runs) {
    const t = releaseTask(db, run.release_sha256, taskId);
    if (!t) continue;
    task ??= t;
    if (t.questionId !== task.questionId) continue;
    const row = dialogueRecord(db, run.id, taskId);
    if (!row) continue;
    const { hitDict, hitQuestions } = row;
    const links = hitLinks(t, hitDict, hitQuestions);
    let turn = -1;
    const messages = row.messages.map((m) => {
      if (m.role !== 'assistant') return { role: m.role, content: m.content, turn: null, hit: null, keyQuestion: null };
      turn += 1;
      const label = hitDict[String(turn)];
      return { role: m.role, content: m.content, turn, hit: label === undefined ? null : label === 1, keyQuestion: links.get(turn) ?? null };
    });
    dialogues.push({
      model: run.model,
      line: row.line,
      finished: row.finished,
      k: row.k,
      turnsTotal: row.turnsTotal,
      scores: row.scores,
      hitQuestions,
      keyQuestionsHit: hitKeyQuestions(t, hitQuestions),
      messages,
      finalCode: row.finalCode,
    });
  }
  if (!task) throw notFound(`No run covers task "${taskId}".`);
  const problem = findProblemBrief(db, task.questionId);
  const status = problem && findAdjudication(db, problem.id);
  return {
    taskId: task.taskId,
    questionId: task.questionId,
    title: problem?.title ?? null,
    adjudication: status?.status ?? null,
    text: task.text,
    keyQuestions: task.keyQuestions,
    gold: problem ? loadGoldPoints(db, problem.id).map((p) => ({ question: p.question, answer: p.answer, type: p.type ?? null, provenance: p.provenance })) : [],
    runs: dialogues,
  };
}
