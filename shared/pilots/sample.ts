/**
 * A pilot study's tasks: all of a release's, or a stratified sample by K (number of key
 * questions) and ambiguity type (of the first key question), reproducible from a seed.
 */
import { seededRandom } from '../random';

export interface SampleTask {
  taskId: string;
  k: number;
  /** Ambiguity type of the task's first key question, or null when unattributed. */
  type: string | null;
}

export function shuffled<T>(items: readonly T[], random: () => number): T[] {
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}

export const stratumOf = (t: SampleTask): string => `${t.k}\u0000${t.type ?? ''}`;

/**
 * `size` tasks shared among the strata in proportion to their size (largest remainder, ties to
 * the larger stratum, then the first met), each stratum's share drawn at random from it; the
 * result keeps the release order. Every task when size ≥ their number.
 */
export function stratifiedSample<T extends SampleTask>(tasks: readonly T[], size: number, seed: number): T[] {
  if (size >= tasks.length) return [...tasks];
  const strata = new Map<string, T[]>();
  for (const t of tasks) {
    const key = stratumOf(t);
    let list = strata.get(key);
    if (!list) strata.set(key, (list = []));
    list.push(t);
  }
  const entries = [...strata.entries()].map(([key, list], order) => {
    const exact = (list.length * size) / tasks.length;
    return { key, list, order, take: Math.floor(exact), remainder: exact - Math.floor(exact) };
  });
  let left = size - entries.reduce((n, e) => n + e.take, 0);
  const byRemainder = [...entries].sort((a, b) => b.remainder - a.remainder || b.list.length - a.list.length || a.order - b.order);
  for (const e of byRemainder) {
    if (left === 0) break;
    if (e.take < e.list.length) {
      e.take += 1;
      left -= 1;
    }
  }
  const random = seededRandom(seed);
  const chosen = new Set<string>();
  for (const e of entries) for (const t of shuffled(e.list, random).slice(0, e.take)) chosen.add(t.taskId);
  return tasks.filter((t) => chosen.has(t.taskId));
}
