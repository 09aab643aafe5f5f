import { mergeRanges, overlapLength, type Range } from './edits';

/** Two points match only when the character IoU of their deletions reaches this. */
export const MIN_IOU = 0.5;

export interface HasDeletions {
  deletions: readonly Range[];
}

export interface AlignedPair {
  a: number;
  b: number;
  iou: number;
}

export interface Alignment {
  pairs: AlignedPair[];
  /** Indexes of A's points that matched nothing; never silently dropped. */
  unmatchedA: number[];
  unmatchedB: number[];
}

/** Merged deletions with their total length: what the IoU of a point needs, computed once per point. */
interface Merged {
  ranges: Range[];
  size: number;
}

function merged(ranges: readonly Range[]): Merged {
  const m = mergeRanges(ranges);
  return { ranges: m, size: m.reduce((s, [x, y]) => s + (y - x), 0) };
}

function mergedIoU(a: Merged, b: Merged): number {
  const inter = overlapLength(a.ranges, b.ranges);
  const union = a.size + b.size - inter;
  return union === 0 ? 0 : inter / union;
}

/** Character IoU of two sets of deleted ranges (0 when both are empty). */
export function characterIoU(a: readonly Range[], b: readonly Range[]): number {
  return mergedIoU(merged(a), merged(b));
}

interface Best {
  score: number;
  count: number;
  choice: number[];
}

/** The alignment search: IoU of every (A point, B point) and the best results found so far. */
interface Search {
  iou: number[][];
  sizeA: number;
  sizeB: number;
  memo: Map<number, Best>;
}

const EPS = 1e-12;

/** The best assignment of A's points from i on, with B's points in the bit set `used` taken. */
function bestFrom(s: Search, i: number, used: number): Best {
  if (i === s.sizeA) return { score: 0, count: 0, choice: [] };
  const key = i * 0x10000 + used; // used < 2^16: at most 16 points on B's side
  const hit = s.memo.get(key);
  if (hit) return hit;
  const skip = bestFrom(s, i + 1, used);
  let best: Best = { score: skip.score, count: skip.count, choice: [-1, ...skip.choice] };
  for (let j = 0; j < s.sizeB; j++) {
    const v = s.iou[i]![j]!;
    if (used & (1 << j) || v < MIN_IOU) continue;
    const rest = bestFrom(s, i + 1, used | (1 << j));
    const score = v + rest.score;
    const count = rest.count + 1;
    if (score > best.score + EPS || (Math.abs(score - best.score) <= EPS && count > best.count)) {
      best = { score, count, choice: [j, ...rest.choice] };
    }
  }
  s.memo.set(key, best);
  return best;
}

/**
 * Match A's points to B's one-to-one, maximising the total IoU over pairs with IoU ≥ 0.5.
 * Exact search by dynamic programming over subsets of B (points per annotation are few);
 * ties go to more pairs, then to the lexicographically smallest assignment.
 */
export function alignPoints(a: readonly HasDeletions[], b: readonly HasDeletions[]): Alignment {
  if (b.length > 16) throw new Error('alignPoints supports at most 16 points per side');
  const mb = b.map((pb) => merged(pb.deletions));
  const iou = a.map((pa) => {
    const ma = merged(pa.deletions);
    return mb.map((m) => mergedIoU(ma, m));
  });
  const { choice } = bestFrom({ iou, sizeA: a.length, sizeB: b.length, memo: new Map() }, 0, 0);
  const pairs: AlignedPair[] = [];
  choice.forEach((j, i) => {
    if (j >= 0) pairs.push({ a: i, b: j, iou: iou[i]![j]! });
  });
  const matchedB = new Set(pairs.map((p) => p.b));
  return {
    pairs,
    unmatchedA: a.map((_, i) => i).filter((i) => choice[i] === -1),
    unmatchedB: b.map((_, j) => j).filter((j) => !matchedB.has(j)),
  };
}
