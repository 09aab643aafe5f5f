import { AMBIGUITY_TYPES } from '../taxonomy';
import {
  cohenKappaFromTable,
  contingencyTable,
  defined,
  krippendorffAlphaNominal,
  percentAgreementFromTable,
  specificAgreement,
  undefinedBecause,
  type Coefficient,
} from './coefficients';
import type { BootstrapOptions } from './bootstrap';
import { statsIntervals } from './intervals';
import type { GoldSide, ItemStats } from './itemStats';
import type {
  AgreementFigures,
  CountFigures,
  DeletionFigures,
  Figure,
  GoldAnnotatorFigures,
  GoldFigures,
  PointFigures,
  TypeFigures,
} from './types';

export const withN = (c: Coefficient, n: number): Figure => ({ ...c, n });

/** part / whole, undefined (with the reason) when there is nothing to divide by. */
export function ratio(part: number, whole: number, reason: string): Coefficient {
  return whole === 0 ? undefinedBecause(reason) : defined(part / whole);
}

/** The names of an item's numeric fields. */
type NumericKey<T> = { [K in keyof T]: T[K] extends number ? K : never }[keyof T];

/** Each named numeric field summed over the items, in item order. */
function sums<T, K extends NumericKey<T>>(items: readonly T[], keys: readonly K[]): Record<K, number> {
  const out = Object.fromEntries(keys.map((k) => [k, 0])) as Record<K, number>;
  for (const item of items) for (const k of keys) out[k] += item[k] as number;
  return out;
}

function deletionFigures(stats: readonly ItemStats[]): DeletionFigures {
  const { characters, bothDeleted, onlyA, onlyB } = sums(stats, ['characters', 'bothDeleted', 'onlyA', 'onlyB']);
  const bothKept = characters - bothDeleted - onlyA - onlyB;
  // Rows: A deleted / kept; columns: B deleted / kept.
  const table = [
    [bothDeleted, onlyA],
    [onlyB, bothKept],
  ];
  return {
    characters,
    bothDeleted,
    onlyA,
    onlyB,
    bothKept,
    percent: withN(percentAgreementFromTable(table), characters),
    kappa: withN(cohenKappaFromTable(table), characters),
  };
}

function pointFigures(stats: readonly ItemStats[]): PointFigures {
  const { a, b, matched, iouSum } = sums(stats, ['a', 'b', 'matched', 'iouSum']);
  return {
    a,
    b,
    matched,
    unmatchedA: a - matched,
    unmatchedB: b - matched,
    meanIoU: withN(ratio(iouSum, matched, 'no matched pairs'), matched),
    f1: withN(ratio(2 * matched, a + b, 'no points'), a + b),
  };
}

export function typeFigures(stats: readonly ItemStats[]): TypeFigures {
  const pairs = stats.flatMap((s) => s.typePairs);
  const confusion = contingencyTable(pairs, AMBIGUITY_TYPES);
  const n = pairs.length;
  return {
    pairs: n,
    untypedPairs: stats.reduce((sum, s) => sum + s.untypedPairs, 0),
    percent: withN(percentAgreementFromTable(confusion), n),
    kappa: withN(cohenKappaFromTable(confusion), n),
    alpha: withN(krippendorffAlphaNominal(pairs), n),
    labels: [...AMBIGUITY_TYPES],
    confusion,
    perType: AMBIGUITY_TYPES.map((type, i) => {
      const byA = confusion[i]!.reduce((x, y) => x + y, 0);
      const byB = confusion.reduce((x, row) => x + row[i]!, 0);
      return { type, byA, byB, both: confusion[i]![i]!, agreement: withN(specificAgreement(confusion, i), byA + byB) };
    }),
  };
}

function countFigures(stats: readonly ItemStats[]): CountFigures {
  const n = stats.length;
  const equal = stats.filter((s) => s.a === s.b).length;
  const absDiff = stats.reduce((sum, s) => sum + Math.abs(s.a - s.b), 0);
  return {
    problems: n,
    equal: withN(ratio(equal, n, 'no problems'), n),
    meanAbsDifference: withN(ratio(absDiff, n, 'no problems'), n),
  };
}

function goldFigures(stats: readonly ItemStats[]): GoldFigures {
  const sides = new Map<string, GoldSide[]>();
  const add = (name: string, side: GoldSide) => {
    const list = sides.get(name);
    if (list) list.push(side);
    else sides.set(name, [side]);
  };
  let problems = 0;
  for (const s of stats) {
    if (!s.goldA || !s.goldB) continue;
    problems++;
    add(s.annotatorA, s.goldA);
    add(s.annotatorB, s.goldB);
  }
  const annotators: GoldAnnotatorFigures[] = [...sides.entries()]
    .sort(([x], [y]) => x.localeCompare(y))
    .map(([annotator, list]) => {
      const g = sums(list, ['points', 'kept', 'typed', 'typeCorrect']);
      return {
        annotator,
        problems: list.length,
        ...g,
        keptShare: withN(ratio(g.kept, g.points, 'no points on adjudicated problems'), g.points),
        typeAccuracy: withN(ratio(g.typeCorrect, g.typed, 'no typed points aligned to the gold'), g.typed),
      };
    });
  return { problems, annotators };
}

/** Every figure over a group of items (all problems, or one annotator pair's), without intervals. */
export function figures(stats: readonly ItemStats[]): Omit<AgreementFigures, 'intervals'> {
  return {
    problems: stats.length,
    deletion: deletionFigures(stats),
    points: pointFigures(stats),
    types: typeFigures(stats),
    counts: countFigures(stats),
    gold: goldFigures(stats),
  };
}

/** Every figure over a group of items, with the bootstrap intervals. */
export function aggregate(stats: readonly ItemStats[], bootstrap: BootstrapOptions = {}): AgreementFigures {
  return { ...figures(stats), intervals: statsIntervals(stats, bootstrap) };
}
