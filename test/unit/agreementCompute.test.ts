import { describe, expect, it } from 'vitest';
import { computeAgreement, type AgreementItem, type AgreementPoint } from '../../shared/agreement';
import type { Range } from '../../shared/edits';
import type { AmbiguityType } from '../../shared/taxonomy';

const pt = (type: AmbiguityType | null, ...deletions: Range[]): AgreementPoint => ({ deletions, type });

/*
 * q1 (alice A, bob B, 100 chars): A deletes [0,10) Terminology and [50,60) Behavior;
 *   B deletes [0,8) Terminology (IoU 0.8 with A's first) and [70,80) Units (matches nothing).
 *   Characters: both 8, only A 12, only B 10, kept 70.
 * q2 (bob A, alice B, 50 chars): A [10,20) Edge Cases; B [10,20) Behavior and [30,35) Units.
 *   Characters: both 10, only A 0, only B 5, kept 35. One matched pair (IoU 1), types disagree.
 * q3 (alice A, carol B, 40 chars): both [0,4) Units; gold [0,4) Units.
 */
const ITEMS: AgreementItem[] = [
  { questionId: 'q1', baseLength: 100, annotatorA: 'alice', annotatorB: 'bob', pointsA: [pt('Terminology', [0, 10]), pt('Behavior', [50, 60])], pointsB: [pt('Terminology', [0, 8]), pt('Units', [70, 80])] },
  { questionId: 'q2', baseLength: 50, annotatorA: 'bob', annotatorB: 'alice', pointsA: [pt('Edge Cases', [10, 20])], pointsB: [pt('Behavior', [10, 20]), pt('Units', [30, 35])], gold: null },
  { questionId: 'q3', baseLength: 40, annotatorA: 'alice', annotatorB: 'carol', pointsA: [pt('Units', [0, 4])], pointsB: [pt('Units', [0, 4])], gold: [pt('Units', [0, 4])] },
];

describe('computeAgreement overall', () => {
  const report = computeAgreement(ITEMS);

  it('labels every character deleted/kept per annotator', () => {
    // 190 characters: both 22, only A 12, only B 15, kept 141. p_o = 163/190.
    // A deleted 34, B deleted 37: p_e = (34·37 + 156·153)/190² → kappa = 5844/10974.
    expect(report.deletion).toMatchObject({ characters: 190, bothDeleted: 22, onlyA: 12, onlyB: 15, bothKept: 141 });
    expect(report.deletion.percent.value).toBeCloseTo(163 / 190, 12);
    expect(report.deletion.kappa.value).toBeCloseTo(5844 / 10974, 12);
    expect(report.deletion.kappa.n).toBe(190);
  });

  it('counts matched and unmatched points and the F1', () => {
    expect(report.points).toMatchObject({ a: 4, b: 5, matched: 3, unmatchedA: 1, unmatchedB: 2 });
    expect(report.points.f1).toEqual({ value: 6 / 9, n: 9 });
    expect(report.points.meanIoU.value).toBeCloseTo(2.8 / 3, 12);
  });

  it('agrees on types over matched pairs: percent, kappa, alpha, confusion, per type', () => {
    // Pairs (T,T), (Edge,Behavior), (Units,Units): p_o 2/3, p_e 2/9 → kappa 4/7;
    // coincidences n = 6, Σn_c² = 10, disagreeing 2 → alpha = 1 − 5·2/26.
    expect(report.types.pairs).toBe(3);
    expect(report.types.percent.value).toBeCloseTo(2 / 3, 12);
    expect(report.types.kappa.value).toBeCloseTo(4 / 7, 12);
    expect(report.types.alpha.value).toBeCloseTo(16 / 26, 12);
    expect(report.types.confusion).toHaveLength(11);
    expect(report.types.confusion[0]![0]).toBe(1);
    expect(report.types.confusion[2]![1]).toBe(1);
    expect(report.types.confusion[7]![7]).toBe(1);
    expect(report.types.confusion.flat().reduce((a, b) => a + b, 0)).toBe(3);
    const perType = Object.fromEntries(report.types.perType.map((t) => [t.type, t.agreement]));
    expect(perType['Terminology']).toEqual({ value: 1, n: 2 });
    expect(perType['Behavior']).toEqual({ value: 0, n: 1 });
    expect(perType['Units']).toEqual({ value: 1, n: 2 });
    expect(perType['Output Format']).toEqual({ value: null, reason: 'neither annotator used this category', n: 0 });
  });

  it('compares point counts', () => {
    expect(report.counts.equal).toEqual({ value: 2 / 3, n: 3 });
    expect(report.counts.meanAbsDifference).toEqual({ value: 1 / 3, n: 3 });
  });

  it('scores each annotator against the gold where adjudicated', () => {
    expect(report.gold.problems).toBe(1);
    expect(report.gold.annotators.map((a) => [a.annotator, a.keptShare.value, a.typeAccuracy.value])).toEqual([
      ['alice', 1, 1],
      ['carol', 1, 1],
    ]);
  });

  it('lists problems worst first with the parts of their score', () => {
    // q1: overlap 8/30, F1 1/2, types 1 → 0.589; q2: 10/15, 2/3, 0 → 0.444; q3: 1.
    expect(report.perProblem.map((p) => p.questionId)).toEqual(['q2', 'q1', 'q3']);
    const q1 = report.perProblem[1]!;
    expect(q1.score.value).toBeCloseTo((8 / 30 + 0.5 + 1) / 3, 12);
    expect(q1.deletion.overlap.value).toBeCloseTo(8 / 30, 12);
    expect(q1.points).toMatchObject({ a: 2, b: 2, matched: 1 });
    expect(report.perProblem[2]!.adjudicated).toBe(true);
  });
});

describe('computeAgreement per annotator pair', () => {
  const [aliceBob, aliceCarol] = computeAgreement(ITEMS).pairs;

  it('orients each pair with the first-named annotator as A', () => {
    expect(aliceBob!.annotators).toEqual(['alice', 'bob']);
    // q2 seen from alice: alice deleted 5 characters bob did not.
    expect(aliceBob!.deletion).toMatchObject({ characters: 150, bothDeleted: 18, onlyA: 17, onlyB: 10 });
    expect(aliceBob!.points).toMatchObject({ a: 4, b: 3, matched: 2 });
    expect(aliceBob!.points.f1.value).toBeCloseTo(4 / 7, 12);
    // Behavior (alice) vs Edge Cases (bob): row 1, column 2.
    expect(aliceBob!.types.confusion[1]![2]).toBe(1);
    expect(aliceBob!.types.kappa.value).toBeCloseTo(1 / 3, 12);
    expect(aliceBob!.types.alpha.value).toBeCloseTo(0.4, 12);
    expect(aliceBob!.counts.equal.value).toBe(0.5);
    expect(aliceBob!.gold).toEqual({ problems: 0, annotators: [] });
  });

  it('reports undefined type coefficients when every type is the same', () => {
    expect(aliceCarol!.annotators).toEqual(['alice', 'carol']);
    expect(aliceCarol!.types.percent).toEqual({ value: 1, n: 1 });
    expect(aliceCarol!.types.kappa).toEqual({ value: null, reason: 'expected agreement is 1 (every rating in one category)', n: 1 });
    expect(aliceCarol!.types.alpha.value).toBeNull();
    expect(aliceCarol!.deletion.kappa.value).toBe(1);
  });
});

describe('computeAgreement edge cases', () => {
  it('reports every figure of an empty set as undefined with a reason', () => {
    const report = computeAgreement([]);
    for (const figure of [report.deletion.percent, report.deletion.kappa, report.points.f1, report.types.kappa, report.types.alpha, report.counts.equal]) {
      expect(figure.value).toBeNull();
      expect(figure.reason).toBeTruthy();
      expect(figure.n).toBe(0);
    }
    expect(report.pairs).toEqual([]);
    expect(report.perProblem).toEqual([]);
  });

  it('leaves untyped matched pairs out of the type figures and counts them', () => {
    const report = computeAgreement([
      { questionId: 'x', baseLength: 20, annotatorA: 'a', annotatorB: 'b', pointsA: [pt(null, [0, 5])], pointsB: [pt('Units', [0, 5])] },
    ]);
    expect(report.types.pairs).toBe(0);
    expect(report.types.untypedPairs).toBe(1);
    expect(report.types.percent.value).toBeNull();
    expect(report.points.matched).toBe(1);
  });

  it('counts a point that misses the gold as not kept and clips ranges to the base text', () => {
    const report = computeAgreement([
      { questionId: 'y', baseLength: 10, annotatorA: 'a', annotatorB: 'b', pointsA: [pt('Units', [0, 4]), pt('Behavior', [6, 12])], pointsB: [pt('Behavior', [0, 4])], gold: [pt('Behavior', [0, 4])] },
    ]);
    expect(report.deletion).toMatchObject({ characters: 10, bothDeleted: 4, onlyA: 4, onlyB: 0, bothKept: 2 });
    const [a, b] = report.gold.annotators;
    expect(a).toMatchObject({ annotator: 'a', points: 2, kept: 1, typed: 1, typeCorrect: 0 });
    expect(a!.keptShare.value).toBe(0.5);
    expect(a!.typeAccuracy.value).toBe(0);
    expect(b).toMatchObject({ annotator: 'b', points: 1, kept: 1, typeCorrect: 1 });
  });
});
