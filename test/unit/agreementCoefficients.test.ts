import { describe, expect, it } from 'vitest';
import {
  cohenKappa,
  cohenKappaFromTable,
  contingencyTable,
  krippendorffAlphaNominal,
  percentAgreement,
  percentAgreementFromTable,
  specificAgreement,
} from '../../shared/agreement';

// Krippendorff (2011), "Computing Krippendorff's Alpha-Reliability", section C: 4 coders × 12 units, nominal.
const _ = null;
const RELIABILITY_DATA = [
  [1, 2, 3, 3, 2, 1, 4, 1, 2, _, _, _],
  [1, 2, 3, 3, 2, 2, 4, 1, 2, 5, _, 3],
  [_, 3, 3, 3, 2, 3, 4, 2, 2, 5, 1, _],
  [1, 2, 3, 3, 2, 4, 4, 1, 2, 5, 1, _],
];
const units = RELIABILITY_DATA[0]!.map((_v, u) => RELIABILITY_DATA.map((coder) => coder[u]!));

describe("Krippendorff's alpha (nominal)", () => {
  it('reproduces the published 0.743 on the 4-coder × 12-unit data with missing values', () => {
    const alpha = krippendorffAlphaNominal(units);
    expect(alpha.value).not.toBeNull();
    expect(alpha.value!).toBeCloseTo(0.743, 3);
  });

  it('ignores units with a single value (unit 12 of the data changes nothing)', () => {
    const withoutLone = units.slice(0, 11);
    expect(krippendorffAlphaNominal(withoutLone).value).toBeCloseTo(krippendorffAlphaNominal(units).value!, 12);
  });

  it('is 1 for perfect agreement over two or more categories and negative for systematic disagreement', () => {
    expect(krippendorffAlphaNominal([['a', 'a'], ['b', 'b']]).value).toBe(1);
    expect(krippendorffAlphaNominal([['a', 'b'], ['b', 'a']]).value!).toBeLessThan(0);
  });

  it('is undefined, with the reason, when every value is in one category', () => {
    expect(krippendorffAlphaNominal([['a', 'a'], ['a', 'a', null]])).toEqual({
      value: null,
      reason: 'expected disagreement is 0 (every value in one category)',
    });
  });

  it('is undefined when no unit has two values', () => {
    const result = krippendorffAlphaNominal([['a', null], [null, 'b'], []]);
    expect(result.value).toBeNull();
    expect(result.reason).toMatch(/pairable/);
  });
});

describe("Cohen's kappa", () => {
  it('is 0.4 for the 2×2 table [[20, 5], [10, 15]]', () => {
    // p_o = 35/50 = 0.7; p_e = 0.5·0.6 + 0.5·0.4 = 0.5; kappa = 0.2/0.5 = 0.4
    expect(cohenKappaFromTable([[20, 5], [10, 15]]).value).toBeCloseTo(0.4, 12);
  });

  it('gives the same value from label pairs as from their table', () => {
    const pairs: [string, string][] = [
      ...Array.from({ length: 20 }, (): [string, string] => ['yes', 'yes']),
      ...Array.from({ length: 5 }, (): [string, string] => ['yes', 'no']),
      ...Array.from({ length: 10 }, (): [string, string] => ['no', 'yes']),
      ...Array.from({ length: 15 }, (): [string, string] => ['no', 'no']),
    ];
    expect(contingencyTable(pairs, ['yes', 'no'])).toEqual([[20, 5], [10, 15]]);
    expect(cohenKappa(pairs).value).toBeCloseTo(0.4, 12);
    expect(percentAgreement(pairs).value).toBeCloseTo(0.7, 12);
  });

  it('is undefined when expected agreement is 1 (both raters always use one category)', () => {
    expect(cohenKappaFromTable([[7, 0], [0, 0]])).toEqual({ value: null, reason: 'expected agreement is 1 (every rating in one category)' });
    expect(cohenKappa([['x', 'x'], ['x', 'x']]).value).toBeNull();
  });

  it('is undefined for an empty table, never 0 or NaN', () => {
    expect(cohenKappaFromTable([[0, 0], [0, 0]])).toEqual({ value: null, reason: 'no items' });
    expect(cohenKappa([])).toEqual({ value: null, reason: 'no items' });
  });

  it('is negative when raters agree less than chance', () => {
    expect(cohenKappaFromTable([[0, 5], [5, 0]]).value).toBe(-1);
  });

  it('rejects a table that is not square and labels outside the categories', () => {
    expect(() => cohenKappaFromTable([[1, 2]])).toThrow(/square/);
    expect(() => contingencyTable([['a', 'z']], ['a', 'b'])).toThrow(/outside/);
  });
});

describe('percent and specific agreement', () => {
  it('percent agreement is the diagonal share, undefined without items', () => {
    expect(percentAgreementFromTable([[3, 1], [0, 4]]).value).toBe(7 / 8);
    expect(percentAgreement([]).value).toBeNull();
  });

  it('specific agreement is 2·both / (byA + byB), undefined for an unused category', () => {
    const table = [
      [3, 1, 0],
      [2, 4, 0],
      [0, 0, 0],
    ];
    expect(specificAgreement(table, 0).value).toBeCloseTo(6 / 9, 12);
    expect(specificAgreement(table, 1).value).toBeCloseTo(8 / 11, 12);
    expect(specificAgreement(table, 2)).toEqual({ value: null, reason: 'neither annotator used this category' });
  });
});
