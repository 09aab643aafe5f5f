/**
 * 95% intervals of the agreement coefficients: a percentile bootstrap over problems. Each
 * problem's contribution to the summed tables (characters, points, the type confusion) is
 * computed once, so a draw is a sum of the drawn problems' contributions and the
 * coefficients come from the summed tables with the same functions as the point figures.
 */
import { AMBIGUITY_TYPES } from '../taxonomy';
import { bootstrapIntervalsFromCounts, type BootstrapInterval, type BootstrapOptions } from './bootstrap';
import { cohenKappaFromMarginals, cohenKappaFromTable, krippendorffAlphaFromMarginals, percentAgreementFromTable } from './coefficients';
import type { ItemStats } from './itemStats';

/** The figures that get an interval, by their path in the report. */
export const INTERVAL_FIGURES = ['deletion.percent', 'deletion.kappa', 'points.f1', 'points.meanIoU', 'types.percent', 'types.kappa', 'types.alpha', 'counts.equal'] as const;
export type IntervalFigure = (typeof INTERVAL_FIGURES)[number];

/** The interval of each figure over one group of problems (all, or one annotator pair's). */
export type AgreementIntervals = Record<IntervalFigure, BootstrapInterval>;

const TYPES = AMBIGUITY_TYPES.length;
const TYPE_INDEX = new Map<string, number>(AMBIGUITY_TYPES.map((t, i) => [t, i]));

/**
 * A problem's point and type contribution is one of few *shapes* (points of A and B, matched
 * pairs, equal counts, the typed matched pairs' types), so a draw counts how often each
 * shape was drawn and adds the shapes' contributions once each, afterwards.
 */
interface Shape {
  points: number;
  matched: number;
  equal: number;
  /** Typed matched pairs as taxonomy indices [A, B]. */
  pairs: [number, number][];
}

/** Each problem's contribution: its characters (stride 4: all, both deleted, only A, only B), IoU sum and shape. */
interface Contributions {
  characters: Float64Array;
  iouSum: Float64Array;
  shapeOf: Uint32Array;
  /** The shapes, flat (a draw walks them as typed arrays): points, matched, equal, and typed pairs from pairStart[s] to pairStart[s + 1]. */
  shapePoints: Float64Array;
  shapeMatched: Float64Array;
  shapeEqual: Float64Array;
  pairStart: Uint32Array;
  pairA: Uint8Array;
  pairB: Uint8Array;
}

function contributions(stats: readonly ItemStats[]): Contributions {
  const ids = new Map<string, number>();
  const shapes: Shape[] = [];
  const shapeOf = Uint32Array.from(stats, (s) => {
    const shape: Shape = { points: s.a + s.b, matched: s.matched, equal: s.a === s.b ? 1 : 0, pairs: s.typePairs.map(([a, b]) => [TYPE_INDEX.get(a)!, TYPE_INDEX.get(b)!]) };
    const key = JSON.stringify(shape);
    let id = ids.get(key);
    if (id === undefined) {
      ids.set(key, (id = shapes.length));
      shapes.push(shape);
    }
    return id;
  });
  const characters = new Float64Array(stats.length * 4);
  stats.forEach((s, i) => characters.set([s.characters, s.bothDeleted, s.onlyA, s.onlyB], i * 4));
  const pairStart = new Uint32Array(shapes.length + 1);
  shapes.forEach((shape, i) => (pairStart[i + 1] = pairStart[i]! + shape.pairs.length));
  const pairs = shapes.flatMap((shape) => shape.pairs);
  return {
    characters,
    iouSum: Float64Array.from(stats, (s) => s.iouSum),
    shapeOf,
    shapePoints: Float64Array.from(shapes, (shape) => shape.points),
    shapeMatched: Float64Array.from(shapes, (shape) => shape.matched),
    shapeEqual: Float64Array.from(shapes, (shape) => shape.equal),
    pairStart,
    pairA: Uint8Array.from(pairs, ([a]) => a),
    pairB: Uint8Array.from(pairs, ([, b]) => b),
  };
}

const share = (part: number, whole: number) => (whole === 0 ? null : part / whole);

/** Scratch space of a draw: how often each problem and each shape was drawn, and the type confusion's row and column sums. */
interface Scratch {
  drawn: Float64Array;
  rows: Float64Array;
  cols: Float64Array;
}

/** Every interval figure of one resample, from the drawn problems' summed contributions. */
function drawFigures(c: Contributions, times: Uint32Array, { drawn, rows, cols }: Scratch): Record<IntervalFigure, number | null> {
  const { characters: ch, iouSum, shapeOf } = c;
  // One sequential pass over the problems, each weighted by how often it was drawn: at
  // thousands of problems a pass in memory order costs far less than reading drawn problems
  // at random.
  drawn.fill(0);
  let all = 0;
  let bothDeleted = 0;
  let onlyA = 0;
  let onlyB = 0;
  let iou = 0;
  for (let i = 0; i < times.length; i++) {
    const w = times[i]!;
    if (w === 0) continue; // about a third of the problems in a draw
    const q = i * 4;
    all += w * ch[q]!;
    bothDeleted += w * ch[q + 1]!;
    onlyA += w * ch[q + 2]!;
    onlyB += w * ch[q + 3]!;
    iou += w * iouSum[i]!;
    drawn[shapeOf[i]!]! += w;
  }
  rows.fill(0);
  cols.fill(0);
  let points = 0;
  let matched = 0;
  let equal = 0;
  let typed = 0;
  let diagonal = 0;
  const { shapePoints, shapeMatched, shapeEqual, pairStart, pairA, pairB } = c;
  for (let s = 0; s < shapePoints.length; s++) {
    const w = drawn[s]!;
    if (w === 0) continue;
    points += w * shapePoints[s]!;
    matched += w * shapeMatched[s]!;
    equal += w * shapeEqual[s]!;
    for (let k = pairStart[s]!; k < pairStart[s + 1]!; k++) {
      const a = pairA[k]!;
      const b = pairB[k]!;
      rows[a]! += w;
      cols[b]! += w;
      if (a === b) diagonal += w;
      typed += w;
    }
  }
  const deletions = [
    [bothDeleted, onlyA],
    [onlyB, all - bothDeleted - onlyA - onlyB],
  ];
  return {
    'deletion.percent': percentAgreementFromTable(deletions).value,
    'deletion.kappa': cohenKappaFromTable(deletions).value,
    'points.f1': share(2 * matched, points),
    'points.meanIoU': share(iou, matched),
    'types.percent': share(diagonal, typed),
    'types.kappa': cohenKappaFromMarginals(rows, cols, diagonal, typed).value,
    'types.alpha': krippendorffAlphaFromMarginals(rows, cols, diagonal, typed).value,
    'counts.equal': share(equal, times.length),
  };
}

/** The interval of every figure of INTERVAL_FIGURES over a group of problems, resampling the problems. */
export function statsIntervals(stats: readonly ItemStats[], options: BootstrapOptions = {}): AgreementIntervals {
  const c = contributions(stats);
  const scratch: Scratch = { drawn: new Float64Array(c.shapePoints.length), rows: new Float64Array(TYPES), cols: new Float64Array(TYPES) };
  return bootstrapIntervalsFromCounts(stats.length, INTERVAL_FIGURES, (times) => drawFigures(c, times, scratch), options);
}
