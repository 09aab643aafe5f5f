/**
 * A run's tables as the paper shows them (overall, per K, per ambiguity type) and the
 * curation signals across runs, from stored task scores: pure functions over plain rows.
 */
import { AMBIGUITY_TYPES } from '../taxonomy';
import { failureBreakdown, hitsByK, type FailureBreakdown, type RecordFacts } from './breakdowns';
import type { FailureCategory } from './failures';
import { meanScores, type TaskScore } from './metrics';
import { normalizeWhitespace } from './pyText';

export const UNATTRIBUTED = 'unattributed';

export interface KeyQuestion {
  question: string;
  answer: string;
  /** The ambiguity type of the point it was written for, or null when it cannot be attributed. */
  type: string | null;
}

/** A task of the release a run is about. */
export interface ReleaseTask {
  taskId: string;
  questionId: string;
  keyQuestions: KeyQuestion[];
}

/** One scored record of a run. */
export interface ScoredRecord extends TaskScore {
  taskId: string;
  k: number;
  finished: boolean;
  hitQuestions: readonly string[];
  /** LiveCodeBench's grade of the task's code after clarification (interactive pass@1), null when not graded. */
  pass1?: boolean | null;
  /** The model's pass@1 on the task's problem with its complete statement, null when not imported. */
  pass1Complete?: number | null;
  /** Why the graded code failed (LiveCodeBench's metadata); absent or null for a failing code graded without it. */
  failure?: FailureCategory | null;
}

/** The two pass@1 figures of a set of tasks: means over the tasks, null unless every task has a value. */
export interface Pass1Figures {
  pass1: number | null;
  pass1_complete: number | null;
}

export interface Figures extends Pass1Figures {
  tasks: number;
  tkqr: number;
  ora: number;
  avg_turns: number;
  avg_diff: number;
}

/** A type's figures are over the tasks with at least one key question of that type. */
export interface TypeFigures extends Pass1Figures {
  key_questions: number;
  hit_rate: number | null;
  tkqr: number;
  ora: number;
}

export interface RunTables extends Pass1Figures {
  tasks: number;
  unfinished: number;
  tkqr: number | null;
  ora: number | null;
  avg_turns: number | null;
  avg_diff: number | null;
  per_k: Record<string, Figures>;
  per_type: Record<string, TypeFigures>;
  /** Per K: how many tasks had exactly h key questions hit, at index h (0…K). */
  hits_by_k: Record<string, number[]>;
  /** Why the failing codes failed: over all tasks, per K and per type. */
  failures: FailureBreakdown;
}

function meanOfAll(values: readonly (number | null | undefined)[]): number | null {
  if (values.length === 0) return null;
  let sum = 0;
  for (const v of values) {
    if (v == null) return null;
    sum += v;
  }
  return sum / values.length;
}

export function pass1Figures(records: readonly ScoredRecord[]): Pass1Figures {
  return {
    pass1: meanOfAll(records.map((r) => (r.pass1 == null ? null : r.pass1 ? 1 : 0))),
    pass1_complete: meanOfAll(records.map((r) => r.pass1Complete)),
  };
}

function figures(records: readonly ScoredRecord[]): Figures | null {
  const m = meanScores(records);
  return m && { tasks: m.tasks, tkqr: m.tkqr, ora: m.ora, avg_turns: m.avgTurns, avg_diff: m.avgDiff, ...pass1Figures(records) };
}

/** Which key questions of a task a record hit: those in hit_questions, whitespace-normalised. */
export function hitKeyQuestions(task: ReleaseTask, hitQuestions: readonly string[]): boolean[] {
  const hit = new Set(hitQuestions.map(normalizeWhitespace));
  return task.keyQuestions.map((k) => hit.has(normalizeWhitespace(k.question)));
}

const typeOrder = (t: string) => {
  const i = (AMBIGUITY_TYPES as readonly string[]).indexOf(t);
  return i === -1 ? AMBIGUITY_TYPES.length : i;
};

/** The run's figures: means over all records, per K and per type (types in taxonomy order, unattributed last). */
export function runTables(records: readonly ScoredRecord[], tasks: ReadonlyMap<string, ReleaseTask>): RunTables {
  const all = figures(records);
  const byK = new Map<number, ScoredRecord[]>();
  for (const r of records) byK.set(r.k, [...(byK.get(r.k) ?? []), r]);
  const per_k: Record<string, Figures> = {};
  for (const k of [...byK.keys()].sort((a, b) => a - b)) per_k[String(k)] = figures(byK.get(k)!)!;

  const types = new Map<string, { keys: number; hits: number; records: ScoredRecord[] }>();
  const facts: RecordFacts[] = [];
  for (const r of records) {
    const task = tasks.get(r.taskId);
    if (!task) continue;
    const hits = hitKeyQuestions(task, r.hitQuestions);
    const seen = new Set<string>();
    facts.push({ k: r.k, hits: hits.filter(Boolean).length, types: [...new Set(task.keyQuestions.map((kq) => kq.type ?? UNATTRIBUTED))], pass1: r.pass1, failure: r.failure });
    task.keyQuestions.forEach((kq, i) => {
      const type = kq.type ?? UNATTRIBUTED;
      let entry = types.get(type);
      if (!entry) types.set(type, (entry = { keys: 0, hits: 0, records: [] }));
      entry.keys += 1;
      if (hits[i]) entry.hits += 1;
      if (!seen.has(type)) {
        seen.add(type);
        entry.records.push(r);
      }
    });
  }
  const per_type: Record<string, TypeFigures> = {};
  for (const type of [...types.keys()].sort((a, b) => typeOrder(a) - typeOrder(b))) {
    const e = types.get(type)!;
    const f = figures(e.records)!;
    // A type's pass@1, like its TKQR and ORA, averages over the tasks with ≥ 1 key question of that type.
    per_type[type] = { key_questions: e.keys, hit_rate: e.keys ? e.hits / e.keys : null, tkqr: f.tkqr, ora: f.ora, pass1: f.pass1, pass1_complete: f.pass1_complete };
  }
  return {
    tasks: records.length,
    unfinished: records.filter((r) => !r.finished).length,
    tkqr: all?.tkqr ?? null,
    ora: all?.ora ?? null,
    avg_turns: all?.avg_turns ?? null,
    avg_diff: all?.avg_diff ?? null,
    ...pass1Figures(records),
    per_k,
    per_type,
    hits_by_k: hitsByK(facts),
    failures: failureBreakdown(facts, typeOrder),
  };
}

/** A run as the curation signals see it: which of its tasks' key questions it hit. */
export interface RunHits {
  model: string;
  /** A pilot's run (`human:<alias>`): counted apart from the models' in each key question's `humans`. */
  human?: boolean;
  records: readonly { taskId: string; hitQuestions: readonly string[]; anyHit: boolean }[];
  tasks: ReadonlyMap<string, ReleaseTask>;
}

export interface KeyQuestionDiscoverability {
  questionId: string;
  question: string;
  type: string | null;
  /** Tasks (of any run's release) that hold this key question. */
  taskIds: string[];
  /** Runs that had a task holding it. */
  runs: number;
  /** Runs that hit it at least once, by model. */
  hitBy: string[];
  /** The same counts for pilot runs (`human:…`) and for model runs apart. */
  humans?: { runs: number; hitBy: string[] };
  models?: { runs: number; hitBy: string[] };
}

export interface Curation {
  keyQuestions: KeyQuestionDiscoverability[];
  /** Key questions no run asked (hitBy is empty), by problem. */
  neverAsked: KeyQuestionDiscoverability[];
  /** Key questions some pilot run had a task for but no pilot asked. */
  neverAskedByHumans?: KeyQuestionDiscoverability[];
  /** Tasks where no run hit anything. */
  noHitTasks: { taskId: string; questionId: string; runs: number }[];
}

/**
 * Discoverability of every key question across runs: a key question is one problem's question
 * (whitespace-normalised), so the single and combination tasks that repeat it count together.
 */
export function curation(runs: readonly RunHits[]): Curation {
  const byKey = new Map<string, KeyQuestionDiscoverability & { runSet: Set<string>; hitSet: Set<string>; humanSet: Set<string> }>();
  const taskRuns = new Map<string, { taskId: string; questionId: string; runs: Set<string>; hit: boolean }>();
  for (const run of runs) {
    for (const r of run.records) {
      const task = run.tasks.get(r.taskId);
      if (!task) continue;
      const tKey = `${task.questionId}\u0000${task.taskId}`;
      let t = taskRuns.get(tKey);
      if (!t) taskRuns.set(tKey, (t = { taskId: task.taskId, questionId: task.questionId, runs: new Set(), hit: false }));
      t.runs.add(run.model);
      if (r.anyHit) t.hit = true;
      const hits = hitKeyQuestions(task, r.hitQuestions);
      task.keyQuestions.forEach((kq, i) => {
        const key = `${task.questionId}\u0000${normalizeWhitespace(kq.question)}`;
        let e = byKey.get(key);
        if (!e) {
          e = { questionId: task.questionId, question: kq.question, type: kq.type, taskIds: [], runs: 0, hitBy: [], runSet: new Set(), hitSet: new Set(), humanSet: new Set() };
          byKey.set(key, e);
        }
        if (!e.taskIds.includes(task.taskId)) e.taskIds.push(task.taskId);
        e.runSet.add(run.model);
        if (run.human) e.humanSet.add(run.model);
        if (hits[i]) e.hitSet.add(run.model);
      });
    }
  }
  const keyQuestions = [...byKey.values()].map(({ runSet, hitSet, humanSet, ...e }) => {
    const hitBy = [...hitSet].sort();
    return {
      ...e,
      runs: runSet.size,
      hitBy,
      humans: { runs: humanSet.size, hitBy: hitBy.filter((m) => humanSet.has(m)) },
      models: { runs: runSet.size - humanSet.size, hitBy: hitBy.filter((m) => !humanSet.has(m)) },
    };
  });
  return {
    keyQuestions,
    neverAsked: keyQuestions.filter((k) => k.hitBy.length === 0),
    neverAskedByHumans: keyQuestions.filter((k) => k.humans.runs > 0 && k.humans.hitBy.length === 0),
    noHitTasks: [...taskRuns.values()].filter((t) => !t.hit).map((t) => ({ taskId: t.taskId, questionId: t.questionId, runs: t.runs.size })),
  };
}
