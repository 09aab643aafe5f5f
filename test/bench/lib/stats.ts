import { performance } from 'node:perf_hooks';

export function median(values: readonly number[]): number {
  if (values.length === 0) throw new Error('median of no values');
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 === 1 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

/** Milliseconds taken by fn, awaited. */
export async function timeIt(fn: () => unknown): Promise<number> {
  const start = performance.now();
  await fn();
  return performance.now() - start;
}

/**
 * Time `runs` calls of each function, interleaved (a, b, a, b, …) so that noise from
 * the shared CPU hits both sides alike; `warmup` untimed calls of each first.
 */
export async function timeInterleaved(
  fns: readonly (() => unknown)[],
  runs: number,
  warmup = 1,
): Promise<number[][]> {
  for (let w = 0; w < warmup; w++) for (const fn of fns) await fn();
  const times = fns.map((): number[] => []);
  for (let r = 0; r < runs; r++) {
    for (let i = 0; i < fns.length; i++) times[i]!.push(await timeIt(fns[i]!));
  }
  return times;
}

export const round = (x: number, digits = 2): number => Number(x.toFixed(digits));
