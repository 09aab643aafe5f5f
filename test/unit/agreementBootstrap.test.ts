import { describe, expect, it } from 'vitest';
import {
  agreementIntervals,
  BOOTSTRAP_DEFAULTS,
  bootstrapInterval,
  bootstrapIntervals,
  computeAgreement,
  forEachResample,
  overallAgreement,
  INTERVAL_FIGURES,
  percentileInterval,
  quantile,
  type AgreementItem,
  type AgreementPoint,
  type IntervalFigure,
} from '../../shared/agreement';
import { figureValue, krippendorffAlphaNominal, krippendorffAlphaFromMarginals } from '../../shared/agreement';
import type { Range } from '../../shared/edits';
import { seededRandom } from '../../shared/random';
import type { AmbiguityType } from '../../shared/taxonomy';

const pt = (type: AmbiguityType | null, ...deletions: Range[]): AgreementPoint => ({ deletions, type });
const settings = { seed: 7, draws: 10, level: 0.5 };

/* The three problems of agreementCompute.test.ts, plus a fourth with an untyped matched pair. */
const ITEMS: AgreementItem[] = [
  { questionId: 'q1', baseLength: 100, annotatorA: 'alice', annotatorB: 'bob', pointsA: [pt('Terminology', [0, 10]), pt('Behavior', [50, 60])], pointsB: [pt('Terminology', [0, 8]), pt('Units', [70, 80])] },
  { questionId: 'q2', baseLength: 50, annotatorA: 'bob', annotatorB: 'alice', pointsA: [pt('Edge Cases', [10, 20])], pointsB: [pt('Behavior', [10, 20]), pt('Units', [30, 35])] },
  { questionId: 'q3', baseLength: 40, annotatorA: 'alice', annotatorB: 'carol', pointsA: [pt('Units', [0, 4])], pointsB: [pt('Units', [0, 4])] },
  { questionId: 'q4', baseLength: 60, annotatorA: 'carol', annotatorB: 'bob', pointsA: [pt(null, [5, 15])], pointsB: [pt('Terminology', [6, 15])] },
];

describe('percentile intervals', () => {
  it('interpolates between order statistics (type 7) and leaves undefined draws out, counted', () => {
    // Defined draws sorted: 1 2 3 4 5. Level 0.5 → quantiles 0.25 and 0.75: positions 1 and 3 → 2 and 4.
    expect(percentileInterval([null, 3, 1, 2, 5, 4], settings)).toEqual({ ...settings, low: 2, high: 4, undefinedDraws: 1 });
    // Level 0.9 → positions 0.2 and 3.8 → 1.2 and 4.8.
    const wide = percentileInterval([3, 1, 2, 5, 4], { ...settings, level: 0.9 });
    expect(wide.low).toBeCloseTo(1.2, 12);
    expect(wide.high).toBeCloseTo(4.8, 12);
    expect(quantile([7], 0.975)).toBe(7);
    expect(percentileInterval([null, null], settings)).toEqual({ ...settings, low: null, high: null, undefinedDraws: 2 });
  });

  it('states the fixed defaults: seed 24, 1,000 draws, 95%', () => {
    expect(BOOTSTRAP_DEFAULTS).toEqual({ seed: 24, draws: 1000, level: 0.95 });
    expect(bootstrapInterval([1, 2, 3], (s) => s.length)).toMatchObject({ seed: 24, draws: 1000, level: 0.95, low: 3, high: 3 });
    expect(() => bootstrapInterval([1], () => 1, { draws: 0 })).toThrow('draws');
  });
});

describe('bootstrapInterval', () => {
  const mean = (s: readonly number[]) => (s.length === 0 ? null : s.reduce((a, b) => a + b, 0) / s.length);

  it('resamples with replacement, the same draws for the same seed', () => {
    const seen: number[][] = [];
    forEachResample(3, { seed: 5, draws: 200 }, (indices) => seen.push([...indices]));
    expect(seen).toHaveLength(200);
    expect(seen.every((d) => d.length === 3 && d.every((i) => i >= 0 && i < 3))).toBe(true);
    // With replacement: some draw repeats a problem; every problem is drawn at some point.
    expect(seen.some((d) => new Set(d).size < 3)).toBe(true);
    expect(new Set(seen.flat()).size).toBe(3);
    const again: number[][] = [];
    forEachResample(3, { seed: 5, draws: 200 }, (indices) => again.push([...indices]));
    expect(again).toEqual(seen);
  });

  it('reproduces a fixed seed’s interval', () => {
    const values = [0.1, 0.4, 0.35, 0.8, 0.55, 0.2, 0.65, 0.9];
    const interval = bootstrapInterval(values, mean, { seed: 24, draws: 1000 });
    expect(interval).toEqual(bootstrapInterval(values, mean, { seed: 24, draws: 1000 }));
    expect(interval.low).toBeCloseTo(0.3125, 12);
    expect(interval.high).toBeCloseTo(0.68125, 12);
    expect(interval.undefinedDraws).toBe(0);
    expect(bootstrapInterval(values, mean, { seed: 25, draws: 1000 })).not.toEqual(interval);
  });

  it('is the percentile of exactly the drawn resamples (two draws by hand)', () => {
    // Draw d takes items floor(r·3) for the next three numbers r of mulberry32(3).
    const random = seededRandom(3);
    const items = [10, 20, 60];
    const means = [0, 1].map(() => mean([0, 1, 2].map(() => items[Math.floor(random() * 3)]!))!).sort((a, b) => a - b);
    const interval = bootstrapInterval(items, mean, { seed: 3, draws: 2, level: 0.5 });
    // Two sorted values m1 ≤ m2: the 25% quantile is m1 + 0.25·(m2 − m1), the 75% one m1 + 0.75·(m2 − m1).
    expect(interval.low).toBeCloseTo(means[0]! + 0.25 * (means[1]! - means[0]!), 12);
    expect(interval.high).toBeCloseTo(means[0]! + 0.75 * (means[1]! - means[0]!), 12);
  });

  it('is the point value for a degenerate sample: three problems of equal value, or one problem', () => {
    expect(bootstrapInterval([0.5, 0.5, 0.5], mean, { draws: 50 })).toMatchObject({ low: 0.5, high: 0.5, undefinedDraws: 0 });
    expect(bootstrapInterval([0.7], mean, { draws: 50 })).toMatchObject({ low: 0.7, high: 0.7, undefinedDraws: 0 });
  });

  it('counts the draws where the statistic is undefined', () => {
    // Three problems: only the second has a value; a draw without it is undefined.
    const items = [null, 1, null];
    const statistic = (s: readonly (number | null)[]) => (s.includes(1) ? 1 : null);
    let without = 0;
    forEachResample(3, { seed: 9, draws: 400 }, (indices) => (without += [...indices].includes(1) ? 0 : 1));
    const interval = bootstrapInterval(items, statistic, { seed: 9, draws: 400 });
    expect(interval).toMatchObject({ low: 1, high: 1, undefinedDraws: without });
    // About (2/3)³ = 8/27 of the draws miss it.
    expect(without / 400).toBeGreaterThan(0.2);
    expect(without / 400).toBeLessThan(0.4);
  });
});

describe('agreement intervals', () => {
  it('equal, for every coefficient, the generic bootstrap recomputing the report from the resampled problems', () => {
    const options = { seed: 11, draws: 100 };
    const fast = agreementIntervals(ITEMS, options);
    // The slow way: every resample's problems, the whole report computed again from them.
    const slow = bootstrapIntervals(
      ITEMS.length,
      INTERVAL_FIGURES,
      (indices) => {
        const sample = overallAgreement(Array.from(indices, (i) => ITEMS[i]!), { draws: 1 });
        return Object.fromEntries(INTERVAL_FIGURES.map((f) => [f, figureValue(sample, f).value])) as Record<IntervalFigure, number | null>;
      },
      options,
    );
    for (const figure of INTERVAL_FIGURES) {
      expect(fast[figure].undefinedDraws, figure).toBe(slow[figure].undefinedDraws);
      expect(fast[figure].low, figure).toBeCloseTo(slow[figure].low!, 12);
      expect(fast[figure].high, figure).toBeCloseTo(slow[figure].high!, 12);
    }
  });

  it('are in the report, overall and per pair, with the default seed and draws (pinned)', () => {
    const report = computeAgreement(ITEMS);
    expect(report.intervals).toEqual(agreementIntervals(ITEMS));
    const kappa = report.intervals['deletion.kappa'];
    expect(kappa).toMatchObject({ seed: 24, draws: 1000, level: 0.95, undefinedDraws: 0 });
    expect(kappa.low).toBeCloseTo(0.36265709156193876, 12);
    expect(kappa.high).toBeCloseTo(0.9571917808219178, 12);
    expect(kappa.low! <= report.deletion.kappa.value! && report.deletion.kappa.value! <= kappa.high!).toBe(true);
    // Typed pairs: q1 (Terminology, Terminology), q2 (Edge Cases, Behavior), q3 (Units, Units); q4 has none.
    // Type κ is undefined when every drawn typed pair is in one category: no q2, and not both q1 and q3
    // (about 31/256 of the draws). Defined draws give κ = 0 … 1.
    let oneCategory = 0;
    forEachResample(4, {}, (indices) => {
      const drawn = new Set(indices);
      if (!drawn.has(1) && !(drawn.has(0) && drawn.has(2))) oneCategory++;
    });
    expect(report.intervals['types.kappa']).toMatchObject({ low: 0, high: 1, undefinedDraws: oneCategory });
    expect(oneCategory).toBe(129);
    expect(report.pairs.every((p) => !('intervals' in p))).toBe(true);
  });

  it("alpha from a two-coder table is Krippendorff's alpha of the same pairs", () => {
    const pairs: [string, string][] = [['a', 'a'], ['a', 'b'], ['b', 'b'], ['c', 'c'], ['c', 'a'], ['b', 'b']];
    const cats = ['a', 'b', 'c'];
    const rows = cats.map((c) => pairs.filter(([x]) => x === c).length);
    const cols = cats.map((c) => pairs.filter(([, y]) => y === c).length);
    const diagonal = pairs.filter(([x, y]) => x === y).length;
    expect(krippendorffAlphaFromMarginals(rows, cols, diagonal, pairs.length)).toEqual(krippendorffAlphaNominal(pairs));
    expect(krippendorffAlphaFromMarginals([0], [0], 0, 0).value).toBeNull();
  });
});
