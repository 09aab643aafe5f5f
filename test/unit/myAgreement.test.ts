import { describe, expect, it } from 'vitest';
import type { AgreementPoint } from '../../shared/agreement';
import { myAgreement, type MyAgreementItem } from '../../shared/feedback/myAgreement';

const p = (start: number, end: number, type: AgreementPoint['type']): AgreementPoint => ({ deletions: [[start, end]], type });

// Hand-computed below: deleted characters both / either, and the aligned pairs (IoU ≥ 0.5).
const items: MyAgreementItem[] = [
  {
    // mine [0,10) [50,60), gold [0,8) [52,60) [80,90): both 8 + 8 = 16, either 20 + 26 − 16 = 30.
    // Pairs: mine 0 – gold 0 (IoU 0.8, same type), mine 1 – gold 1 (IoU 0.8, Units vs Behavior); gold 2 missed.
    questionId: 'p1',
    title: 'One',
    resolvedAt: '2026-01-10T09:00:00.000Z',
    baseLength: 100,
    mine: [p(0, 10, 'Terminology'), p(50, 60, 'Units')],
    gold: [p(0, 8, 'Terminology'), p(52, 60, 'Behavior'), p(80, 90, 'Units')],
  },
  {
    // Same deletion (10 / 10), but the annotator gave no type: aligned, not typed.
    questionId: 'p2',
    title: 'Two',
    resolvedAt: '2026-02-03T09:00:00.000Z',
    baseLength: 50,
    mine: [p(10, 20, null)],
    gold: [p(10, 20, 'Terminology')],
  },
  {
    // Disjoint deletions: both 0, either 5 + 10 = 15; nothing aligned.
    questionId: 'p3',
    title: 'Three',
    resolvedAt: '2026-01-20T09:00:00.000Z',
    baseLength: 40,
    mine: [p(0, 5, 'Output Format')],
    gold: [p(20, 30, 'Output Format')],
  },
];

describe('my agreement with the gold', () => {
  const got = myAgreement(items);

  it('pools deleted characters and aligned types over the problems', () => {
    expect(got.problems).toBe(3);
    expect(got.deletion.value).toBeCloseTo(26 / 55, 12);
    expect(got.deletion.n).toBe(3);
    expect(got.type).toEqual({ value: 0.5, n: 2 });
  });

  it('lists the problems in the order they were resolved, each with its own figures', () => {
    expect(got.perProblem.map((r) => [r.questionId, r.bothDeleted, r.eitherDeleted, r.matched, r.typed, r.sameType])).toEqual([
      ['p1', 16, 30, 2, 2, 1],
      ['p3', 0, 15, 0, 0, 0],
      ['p2', 10, 10, 1, 0, 0],
    ]);
    expect(got.perProblem[2]!.type.value).toBeNull();
    expect(got.perProblem[2]!.deletion.value).toBe(1);
  });

  it('groups the problems by month of resolution', () => {
    expect(got.overTime.map((m) => [m.period, m.problems, m.deletion.value, m.type.value])).toEqual([
      ['2026-01', 2, 16 / 45, 0.5],
      ['2026-02', 1, 1, null],
    ]);
  });

  it('per gold type: how many were matched by a typed point of the annotator and typed the same', () => {
    expect(got.perType.map((t) => [t.type, t.gold, t.matched, t.same, t.agreement.value])).toEqual([
      ['Terminology', 2, 1, 1, 1],
      ['Behavior', 1, 1, 0, 0],
      ['Output Format', 1, 0, 0, null],
      ['Units', 1, 0, 0, null],
    ]);
  });

  it('is empty, with undefined figures, before anything is resolved', () => {
    const none = myAgreement([]);
    expect(none).toMatchObject({ problems: 0, deletion: { value: null, n: 0 }, type: { value: null, n: 0 }, perProblem: [], overTime: [], perType: [] });
  });
});
