import { describe, expect, it } from 'vitest';
import { hitShare, stratifiedSample } from '../../shared/judgeAudits/sample';
import { humanVsRun, pairAgreement, type LabelledItem } from '../../shared/judgeAudits/statistics';

const labels = (hits: number, misses: number): (0 | 1)[] => [...Array<0 | 1>(hits).fill(1), ...Array<0 | 1>(misses).fill(0)];

describe('the audit sample', () => {
  it('takes each run label in proportion, at least one of each when there are two items or more', () => {
    expect(hitShare(50, 200, 1000)).toBe(10);
    expect(hitShare(10, 25, 100)).toBe(3); // 2.5 rounds up
    expect(hitShare(10, 1, 1000)).toBe(1); // 0.01 would round to none
    expect(hitShare(10, 999, 1000)).toBe(9);
    expect(hitShare(1, 1, 1000)).toBe(0);
    expect(hitShare(5, 2, 5)).toBe(2); // everything
  });

  it('is the same for the same labels, size and seed, distinct indices in a mixed order', () => {
    const run = labels(30, 70);
    const a = stratifiedSample(run, 20, 42);
    expect(stratifiedSample(run, 20, 42)).toEqual(a);
    expect(stratifiedSample(run, 20, 43)).not.toEqual(a);
    expect(new Set(a).size).toBe(20);
    expect(a.filter((i) => run[i] === 1)).toHaveLength(6);
    // Shuffled together: the hits are not all in front.
    expect(a.slice(0, 6).every((i) => run[i] === 1)).toBe(false);
    expect(() => stratifiedSample(run, 101, 1)).toThrow('size must be between 1 and 100');
    expect(() => stratifiedSample(run, 0, 1)).toThrow();
  });
});

describe('the audit figures', () => {
  const item = (id: number, runLabel: 0 | 1, ...labels: (number | null)[]): LabelledItem => ({ id, taskId: `t${id}`, turn: 0, question: 'q', runLabel, similarity: 0, labels });

  it('κ of human against run labels, with a seeded interval around it', () => {
    // tp 2, fn 1, fp 1, tn 2: po = 4/6, pe = 0.5, κ = 1/3.
    const items = [item(1, 1, 0), item(2, 1, 1), item(3, 0, 0), item(4, 1, null), item(5, 0, null), item(6, 0, null), item(7, 0)];
    const a = pairAgreement(items, humanVsRun);
    expect(a).toMatchObject({ n: 6, pairs: 6, confusion: { tp: 2, fn: 1, fp: 1, tn: 2 } });
    expect(a.kappa).toBeCloseTo(1 / 3, 12);
    expect(a.accuracy).toBeCloseTo(4 / 6, 12);
    expect(a.kappa_ci[0]).toBeLessThan(a.kappa!);
    expect(a.kappa_ci[1]).toBeGreaterThan(a.kappa!);
    expect(pairAgreement(items, humanVsRun).kappa_ci).toEqual(a.kappa_ci);
  });

  it('is undefined with no labels, and while both raters give one label only', () => {
    expect(pairAgreement([item(1, 1)], humanVsRun)).toMatchObject({ n: 0, pairs: 0, accuracy: null, kappa: null, kappa_ci: [null, null] });
    expect(pairAgreement([item(1, 1, 0), item(2, 1, 1)], humanVsRun).kappa).toBeNull();
  });
});
