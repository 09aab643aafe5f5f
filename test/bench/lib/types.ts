/** One line of the benchmark table and of results.json. */
export interface BenchRow {
  scenario: string;
  /** The measured figure (median of the runs), in `unit`. */
  value: number | null;
  /** The same figure for the baseline, measured in the same run. */
  baseline: number | null;
  /** value / baseline. */
  ratio: number | null;
  unit: string;
  /** The target in words, e.g. "ratio ≥ 0.5" or "≤ 2 ms". */
  target: string;
  pass: boolean;
  /** How many runs the median is over. */
  runs: number;
  note?: string;
}

export interface BenchContext {
  /** Small sizes and short runs while developing (BENCH_QUICK=1). */
  quick: boolean;
  /** A git-ignored scratch folder (test/bench/tmp). */
  tmpDir: string;
  log: (message: string) => void;
}

export interface Scenario {
  id: number;
  name: string;
  run: (ctx: BenchContext) => Promise<BenchRow[]>;
}

/** How a row passes: on its ratio or on its absolute value. */
export type Target =
  | { kind: 'ratio-min'; limit: number }
  | { kind: 'ratio-max'; limit: number }
  | { kind: 'value-max'; limit: number; unit: string }
  | { kind: 'value-below'; limit: number; unit: string };

export function describeTarget(t: Target): string {
  switch (t.kind) {
    case 'ratio-min':
      return `ratio ≥ ${t.limit}`;
    case 'ratio-max':
      return `ratio ≤ ${t.limit}`;
    case 'value-max':
      return t.limit === 0 ? `= 0 ${t.unit}` : `≤ ${t.limit} ${t.unit}`;
    case 'value-below':
      return `< ${t.limit} ${t.unit}`;
  }
}

export function meets(t: Target, value: number | null, ratio: number | null): boolean {
  switch (t.kind) {
    case 'ratio-min':
      return ratio !== null && ratio >= t.limit;
    case 'ratio-max':
      return ratio !== null && ratio <= t.limit;
    case 'value-max':
      return value !== null && value <= t.limit;
    case 'value-below':
      return value !== null && value < t.limit;
  }
}

/** A row from a measured value and its baseline; the ratio is always value / baseline. */
export function row(
  scenario: string,
  unit: string,
  value: number | null,
  baseline: number | null,
  target: Target,
  runs: number,
  note?: string,
): BenchRow {
  const ratio = value !== null && baseline !== null && baseline !== 0 ? value / baseline : null;
  return { scenario, value, baseline, ratio, unit, target: describeTarget(target), pass: meets(target, value, ratio), runs, ...(note ? { note } : {}) };
}

/** A scenario that could not run: reported as a failed row, never silently left out. */
export function failedRow(scenario: string, error: unknown): BenchRow {
  const message = error instanceof Error ? error.message : String(error);
  return { scenario, value: null, baseline: null, ratio: null, unit: '', target: 'runs', pass: false, runs: 0, note: `error: ${message.split('\n')[0]}` };
}
