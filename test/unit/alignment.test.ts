import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { alignPoints, characterIoU, MIN_IOU } from '../../shared/alignment';
import type { Range } from '../../shared/edits';

const pt = (...deletions: Range[]) => ({ deletions });

describe('characterIoU', () => {
  it('is 1 for identical ranges, 0 for disjoint ones and overlap/union otherwise', () => {
    expect(characterIoU([[0, 10]], [[0, 10]])).toBe(1);
    expect(characterIoU([[0, 5]], [[5, 10]])).toBe(0);
    expect(characterIoU([[0, 10]], [[5, 15]])).toBeCloseTo(5 / 15);
    expect(characterIoU([], [])).toBe(0);
  });

  it('merges a point’s own ranges before measuring', () => {
    expect(characterIoU([[0, 4], [4, 10]], [[0, 10]])).toBe(1);
    expect(characterIoU([[0, 5], [20, 25]], [[0, 5]])).toBeCloseTo(0.5);
  });
});

describe('alignPoints', () => {
  it('matches identical points one to one with IoU 1', () => {
    const a = [pt([0, 10]), pt([20, 30], [40, 45])];
    const result = alignPoints(a, a.map((p) => ({ deletions: [...p.deletions] })));
    expect(result.pairs).toEqual([
      { a: 0, b: 0, iou: 1 },
      { a: 1, b: 1, iou: 1 },
    ]);
    expect(result.unmatchedA).toEqual([]);
    expect(result.unmatchedB).toEqual([]);
  });

  it('matches partially overlapping spans at or above the threshold and reports the rest', () => {
    // [0,10) vs [2,12): 8/12 ≈ 0.67 → match; [20,30) vs [27,40): 3/20 = 0.15 → no match.
    const result = alignPoints([pt([0, 10]), pt([20, 30])], [pt([2, 12]), pt([27, 40])]);
    expect(result.pairs).toHaveLength(1);
    expect(result.pairs[0]).toMatchObject({ a: 0, b: 0 });
    expect(result.pairs[0]!.iou).toBeCloseTo(8 / 12);
    expect(result.unmatchedA).toEqual([1]);
    expect(result.unmatchedB).toEqual([1]);
  });

  it('treats IoU exactly at the threshold as a match and just below as none', () => {
    expect(alignPoints([pt([0, 10])], [pt([0, 5])]).pairs).toEqual([{ a: 0, b: 0, iou: MIN_IOU }]);
    expect(alignPoints([pt([0, 10])], [pt([0, 4])]).pairs).toEqual([]);
  });

  it('reports the extra point of one side as unmatched, never dropping it', () => {
    const a = [pt([0, 10]), pt([50, 60])];
    const b = [pt([50, 60]), pt([0, 10]), pt([100, 120])];
    const result = alignPoints(a, b);
    expect(result.pairs).toEqual([
      { a: 0, b: 1, iou: 1 },
      { a: 1, b: 0, iou: 1 },
    ]);
    expect(result.unmatchedA).toEqual([]);
    expect(result.unmatchedB).toEqual([2]);
    expect(alignPoints(b, a).unmatchedA).toEqual([2]);
  });

  it('finds the best total matching where the greedy one is worse (two vs three points)', () => {
    // IoU: A1–B1 0.9, A1–B2 0.8, A2–B1 8/9 ≈ 0.89, A2–B2 0.6. Greedy: A1–B1 + A2–B2 = 1.5;
    // optimal: A1–B2 + A2–B1 ≈ 1.69.
    const a = [pt([0, 10]), pt([0, 8])];
    const b = [pt([0, 9]), pt([2, 10]), pt([200, 230])];
    const result = alignPoints(a, b);
    expect(result.pairs.map(({ a: i, b: j }) => [i, j])).toEqual([
      [0, 1],
      [1, 0],
    ]);
    expect(result.pairs[0]!.iou).toBeCloseTo(0.8);
    expect(result.pairs[1]!.iou).toBeCloseTo(8 / 9);
    expect(result.unmatchedA).toEqual([]);
    expect(result.unmatchedB).toEqual([2]);
  });

  it('handles empty sides', () => {
    expect(alignPoints([], [pt([0, 3])])).toEqual({ pairs: [], unmatchedA: [], unmatchedB: [0] });
    expect(alignPoints([pt([0, 3])], [])).toEqual({ pairs: [], unmatchedA: [0], unmatchedB: [] });
  });

  it('never scores below an exhaustive search over all one-to-one matchings (≤ 3 points a side)', () => {
    const range = fc.tuple(fc.integer({ min: 0, max: 40 }), fc.integer({ min: 1, max: 15 })).map(([s, l]): Range => [s, s + l]);
    const side = fc.array(range.map((r) => pt(r)), { minLength: 0, maxLength: 3 });
    fc.assert(
      fc.property(side, side, (a, b) => {
        const best = (i: number, used: Set<number>): number => {
          if (i === a.length) return 0;
          let score = best(i + 1, used);
          b.forEach((pb, j) => {
            const v = characterIoU(a[i]!.deletions, pb.deletions);
            if (used.has(j) || v < MIN_IOU) return;
            score = Math.max(score, v + best(i + 1, new Set([...used, j])));
          });
          return score;
        };
        const result = alignPoints(a, b);
        const total = result.pairs.reduce((s, p) => s + p.iou, 0);
        expect(total).toBeCloseTo(best(0, new Set()), 9);
        expect(result.pairs.length + result.unmatchedA.length).toBe(a.length);
        expect(result.pairs.length + result.unmatchedB.length).toBe(b.length);
      }),
    );
  });
});
