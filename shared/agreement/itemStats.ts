import { alignPoints } from '../alignment';
import { mergeRanges, overlapLength, type Range } from '../edits';
import type { AmbiguityType } from '../taxonomy';
import type { AgreementItem, AgreementPoint } from './types';

/** What one annotator's work on one problem contributes to the against-gold figures. */
export interface GoldSide {
  points: number;
  kept: number;
  typed: number;
  typeCorrect: number;
}

/** Everything the figures need from one item, computed once and summed per group. */
export interface ItemStats {
  questionId: string;
  annotatorA: string;
  annotatorB: string;
  characters: number;
  bothDeleted: number;
  onlyA: number;
  onlyB: number;
  a: number;
  b: number;
  matched: number;
  iouSum: number;
  typePairs: [AmbiguityType, AmbiguityType][];
  untypedPairs: number;
  goldA: GoldSide | null;
  goldB: GoldSide | null;
}

/** Deleted characters of a point set, merged and clipped to the base text. */
function deletedRanges(points: readonly AgreementPoint[], length: number): Range[] {
  const clipped: Range[] = [];
  for (const p of points) {
    for (const [s, e] of p.deletions) {
      const start = Math.max(0, s);
      const end = Math.min(length, e);
      if (start < end) clipped.push([start, end]);
    }
  }
  return mergeRanges(clipped);
}

const total = (ranges: readonly Range[]) => ranges.reduce((s, [a, b]) => s + (b - a), 0);

function goldSide(points: readonly AgreementPoint[], gold: readonly AgreementPoint[]): GoldSide {
  const { pairs } = alignPoints(points, gold);
  let typed = 0;
  let typeCorrect = 0;
  for (const pair of pairs) {
    const mine = points[pair.a]!.type;
    const theirs = gold[pair.b]!.type;
    if (mine === null || theirs === null) continue;
    typed++;
    if (mine === theirs) typeCorrect++;
  }
  return { points: points.length, kept: pairs.length, typed, typeCorrect };
}

export function itemStats(item: AgreementItem): ItemStats {
  const delA = deletedRanges(item.pointsA, item.baseLength);
  const delB = deletedRanges(item.pointsB, item.baseLength);
  const both = overlapLength(delA, delB);
  const alignment = alignPoints(item.pointsA, item.pointsB);
  const typePairs: [AmbiguityType, AmbiguityType][] = [];
  let untypedPairs = 0;
  let iouSum = 0;
  for (const pair of alignment.pairs) {
    iouSum += pair.iou;
    const ta = item.pointsA[pair.a]!.type;
    const tb = item.pointsB[pair.b]!.type;
    if (ta === null || tb === null) untypedPairs++;
    else typePairs.push([ta, tb]);
  }
  const gold = item.gold ?? null;
  return {
    questionId: item.questionId,
    annotatorA: item.annotatorA,
    annotatorB: item.annotatorB,
    characters: item.baseLength,
    bothDeleted: both,
    onlyA: total(delA) - both,
    onlyB: total(delB) - both,
    a: item.pointsA.length,
    b: item.pointsB.length,
    matched: alignment.pairs.length,
    iouSum,
    typePairs,
    untypedPairs,
    goldA: gold ? goldSide(item.pointsA, gold) : null,
    goldB: gold ? goldSide(item.pointsB, gold) : null,
  };
}

/** The same stats seen from the other side (B as A), for orienting a pair. */
export function swapSides(s: ItemStats): ItemStats {
  return {
    ...s,
    annotatorA: s.annotatorB,
    annotatorB: s.annotatorA,
    onlyA: s.onlyB,
    onlyB: s.onlyA,
    a: s.b,
    b: s.a,
    typePairs: s.typePairs.map(([x, y]) => [y, x]),
    goldA: s.goldB,
    goldB: s.goldA,
  };
}
