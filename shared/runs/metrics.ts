/**
 * The benchmark's clarification metrics (its metrics.py), as pure functions on one run record:
 * TKQR, a turn-discounted nDCG over the per-turn hit sequence, and ORA, a Gaussian on the
 * number of clarification rounds against K. A run's figures are plain means over its records.
 */

/** The hit labels of one record: turn index (as a string) → 1 when it hit a new key question. */
export type HitDict = Readonly<Record<string, number>>;

/** What a run record says about its length, before the fallbacks are applied. */
export interface TurnsSource {
  turns?: number | null;
  response_contents?: readonly unknown[] | null;
  messages?: readonly { role?: unknown }[] | null;
  hit_dict?: HitDict | null;
}

/** Model responses including the final code turn: `turns`, else the responses, else assistant messages, else len(hit_dict). */
export function turnsTotal(record: TurnsSource): number {
  if (record.turns != null) return record.turns;
  if (record.response_contents != null) return record.response_contents.length;
  if (record.messages != null) return record.messages.filter((m) => m.role === 'assistant').length;
  return Object.keys(record.hit_dict ?? {}).length;
}

/** K: `key_question_num`, else the number of the record's own qa pairs. */
export function keyQuestionNum(record: { key_question_num?: number | null; qa_pairs?: readonly unknown[] | null }): number {
  if (record.key_question_num != null) return record.key_question_num;
  return (record.qa_pairs ?? []).length;
}

/**
 * For i = 0 … len(hit_dict) − 1 the label at key "i" where it exists (missing keys are skipped,
 * so keys beyond len(hit_dict) are never read), padded with zeros to turns_total.
 */
export function hitSequence(hitDict: HitDict, total: number): number[] {
  const size = Object.keys(hitDict).length;
  const seq: number[] = [];
  for (let i = 0; i < size; i++) {
    const key = String(i);
    if (Object.hasOwn(hitDict, key)) seq.push(Math.trunc(hitDict[key]!));
  }
  while (seq.length < total) seq.push(0);
  return seq;
}

/** DCG / IDCG over the sequence; 0 when it is empty or K ≤ 0. */
export function tkqr(seq: readonly number[], k: number): number {
  const n = seq.length;
  if (n === 0 || k <= 0) return 0;
  let dcg = 0;
  for (let i = 0; i < n; i++) dcg += seq[i]! / Math.log2(i + 2);
  let idcg = 0;
  for (let i = 0; i < Math.min(n, k); i++) idcg += 1 / Math.log2(i + 2);
  return idcg ? dcg / idcg : 0;
}

/** σ = 0.425·K (so ORA = ½ near |n − K| = K/2), or 0.3 when K = 0. */
export const oraSigma = (k: number): number => (k <= 0 ? 0.3 : 0.425 * k);

/** exp(−(n − K)² / 2σ²): 1 when the model asked exactly K rounds. */
export function ora(rounds: number, k: number): number {
  if (rounds < 0 || k < 0) throw new RangeError('rounds and K must be non-negative');
  const sigma = oraSigma(k);
  return Math.exp(-((rounds - k) ** 2) / (2 * sigma ** 2));
}

export interface TaskScore {
  tkqr: number;
  ora: number;
  /** Clarification rounds: turns_total − 1. */
  turns: number;
  /** Rounds − K. */
  diff: number;
}

/** One record's figures from its K, turns_total and hit labels. */
export function scoreTask(k: number, total: number, hitDict: HitDict): TaskScore {
  const rounds = total - 1;
  const score = k === 0 && total === 1 ? 1 : tkqr(hitSequence(hitDict, total), k);
  return { tkqr: score, ora: ora(rounds, k), turns: rounds, diff: rounds - k };
}

export interface RunFigures {
  tasks: number;
  tkqr: number;
  ora: number;
  avgTurns: number;
  avgDiff: number;
}

/** Means over every record (summed in record order, as the reference does); null for none. */
export function meanScores(scores: readonly TaskScore[]): RunFigures | null {
  if (scores.length === 0) return null;
  let t = 0;
  let o = 0;
  let turns = 0;
  let diff = 0;
  for (const s of scores) {
    t += s.tkqr;
    o += s.ora;
    turns += s.turns;
    diff += s.diff;
  }
  const n = scores.length;
  return { tasks: n, tkqr: t / n, ora: o / n, avgTurns: turns / n, avgDiff: diff / n };
}
