/**
 * Two breakdowns of a run the paper draws from: how many of its key questions each task's
 * dialogue hit, per K (Figure 7, D_K–H_h), and why its failing codes failed, over all tasks,
 * per K and per ambiguity type (RQ5).
 */
import { addToFailureTally, emptyFailureTally, type FailureCategory, type FailureTally } from './failures';

/** What the breakdowns need of one scored record. */
export interface RecordFacts {
  k: number;
  /** How many of the task's key questions the dialogue hit. */
  hits: number;
  /** The ambiguity types of the task's key questions, each once. */
  types: readonly string[];
  pass1?: boolean | null;
  failure?: FailureCategory | null;
}

/** Per K: the number of tasks with exactly h key questions hit, at index h (0…K). */
export function hitsByK(facts: readonly RecordFacts[]): Record<string, number[]> {
  const out: Record<string, number[]> = {};
  for (const k of [...new Set(facts.map((f) => f.k))].sort((a, b) => a - b)) out[String(k)] = new Array<number>(k + 1).fill(0);
  for (const f of facts) {
    const counts = out[String(f.k)]!;
    counts[Math.min(f.hits, f.k)]! += 1;
  }
  return out;
}

export interface FailureBreakdown {
  all: FailureTally;
  per_k: Record<string, FailureTally>;
  /** A type's tally counts the tasks with at least one key question of that type. */
  per_type: Record<string, FailureTally>;
}

export function failureBreakdown(facts: readonly RecordFacts[], typeOrder: (type: string) => number): FailureBreakdown {
  const all = emptyFailureTally();
  const perK = new Map<number, FailureTally>();
  const perType = new Map<string, FailureTally>();
  const tallyOf = <K>(map: Map<K, FailureTally>, key: K) => {
    let t = map.get(key);
    if (!t) map.set(key, (t = emptyFailureTally()));
    return t;
  };
  for (const f of facts) {
    addToFailureTally(all, f.pass1, f.failure);
    addToFailureTally(tallyOf(perK, f.k), f.pass1, f.failure);
    for (const type of f.types) addToFailureTally(tallyOf(perType, type), f.pass1, f.failure);
  }
  return {
    all,
    per_k: Object.fromEntries([...perK].sort(([a], [b]) => a - b).map(([k, t]) => [String(k), t])),
    per_type: Object.fromEntries([...perType].sort(([a], [b]) => typeOrder(a) - typeOrder(b))),
  };
}
