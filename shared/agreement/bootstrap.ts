/**
 * Percentile bootstrap intervals, seeded so the same data always gives the same interval.
 * Generic: the items are whatever the statistic is computed over (problems, for agreement).
 */
import { countingResampler, seededRandom } from '../random';

export interface BootstrapSettings {
  /** Seed of the PRNG (shared/random.ts) that draws the resamples. */
  seed: number;
  /** Number of resamples. */
  draws: number;
  /** Coverage of the interval, e.g. 0.95. */
  level: number;
}

export type BootstrapOptions = Partial<BootstrapSettings>;

/** The stated defaults: 1,000 draws, seed 24 (the issue that asked for intervals), 95%. */
export const BOOTSTRAP_DEFAULTS: Readonly<BootstrapSettings> = { seed: 24, draws: 1000, level: 0.95 };

export interface BootstrapInterval extends BootstrapSettings {
  /** Lower and upper percentile of the defined draws; null when no draw is defined. */
  low: number | null;
  high: number | null;
  /** Draws whose statistic was undefined (null): left out of the percentiles, counted here. */
  undefinedDraws: number;
}

function settingsOf(options: BootstrapOptions): BootstrapSettings {
  const s = { ...BOOTSTRAP_DEFAULTS, ...options };
  if (!Number.isInteger(s.draws) || s.draws < 1) throw new Error('draws must be a positive integer');
  if (!(s.level > 0 && s.level < 1)) throw new Error('level must be between 0 and 1');
  return s;
}

/**
 * Calls `visit` once per draw with that draw's resample: n indices into the items, drawn
 * uniformly with replacement (the array is reused between draws). The same seed gives the
 * same resamples, so every statistic of one data set sees the same draws.
 */
export function forEachResample(n: number, options: BootstrapOptions, visit: (indices: Uint32Array, draw: number) => void): BootstrapSettings {
  const settings = settingsOf(options);
  const random = seededRandom(settings.seed);
  const indices = new Uint32Array(n);
  for (let d = 0; d < settings.draws; d++) {
    for (let j = 0; j < n; j++) indices[j] = Math.floor(random() * n);
    visit(indices, d);
  }
  return settings;
}

/**
 * forEachResample's draws as counts: `times[i]` is how often item i was drawn (the same draws,
 * from the same seed, in the same order). Cheaper when a statistic is a weighted sum over items.
 */
export function forEachResampleCounts(n: number, options: BootstrapOptions, visit: (times: Uint32Array, draw: number) => void): BootstrapSettings {
  const settings = settingsOf(options);
  const resample = countingResampler(settings.seed);
  const times = new Uint32Array(n);
  for (let d = 0; d < settings.draws; d++) {
    resample(times);
    visit(times, d);
  }
  return settings;
}

/** The p-quantile of sorted values, interpolating linearly between order statistics (R's type 7, numpy's default). */
export function quantile(sorted: readonly number[], p: number): number {
  const h = (sorted.length - 1) * p;
  const lo = Math.floor(h);
  const hi = Math.min(lo + 1, sorted.length - 1);
  return sorted[lo]! + (h - lo) * (sorted[hi]! - sorted[lo]!);
}

/** The percentile interval of the draws' values (null: undefined in that draw). */
export function percentileInterval(values: readonly (number | null)[], settings: BootstrapSettings): BootstrapInterval {
  const defined = values.filter((v): v is number => v !== null).sort((a, b) => a - b);
  const undefinedDraws = values.length - defined.length;
  if (defined.length === 0) return { ...settings, low: null, high: null, undefinedDraws };
  const tail = (1 - settings.level) / 2;
  return { ...settings, low: quantile(defined, tail), high: quantile(defined, 1 - tail), undefinedDraws };
}

/**
 * Percentile intervals of several statistics over the same resamples: `statistics(indices)`
 * returns each statistic of the resample with those item indices. Use it when a statistic is
 * a sum of per-item contributions (cheaper than building each resample's items).
 */
export function bootstrapIntervals<K extends string>(
  n: number,
  keys: readonly K[],
  statistics: (indices: Uint32Array) => Record<K, number | null>,
  options: BootstrapOptions = {},
): Record<K, BootstrapInterval> {
  return collectIntervals(keys, (visit) => forEachResample(n, options, (indices) => visit(statistics(indices))));
}

/** bootstrapIntervals with each draw given as counts per item (forEachResampleCounts). */
export function bootstrapIntervalsFromCounts<K extends string>(
  n: number,
  keys: readonly K[],
  statistics: (times: Uint32Array) => Record<K, number | null>,
  options: BootstrapOptions = {},
): Record<K, BootstrapInterval> {
  return collectIntervals(keys, (visit) => forEachResampleCounts(n, options, (times) => visit(statistics(times))));
}

function collectIntervals<K extends string>(keys: readonly K[], draws: (visit: (drawn: Record<K, number | null>) => void) => BootstrapSettings): Record<K, BootstrapInterval> {
  const values = new Map<K, (number | null)[]>(keys.map((k) => [k, []]));
  const settings = draws((drawn) => {
    for (const k of keys) values.get(k)!.push(drawn[k]);
  });
  return Object.fromEntries(keys.map((k) => [k, percentileInterval(values.get(k)!, settings)])) as Record<K, BootstrapInterval>;
}

/** A percentile bootstrap interval of `statistic` over the items, resampled with replacement. */
export function bootstrapInterval<T>(items: readonly T[], statistic: (sample: readonly T[]) => number | null, options: BootstrapOptions = {}): BootstrapInterval {
  return bootstrapIntervals(items.length, ['value'], (indices) => ({ value: statistic(Array.from(indices, (i) => items[i]!)) }), options).value;
}
