import { describe, expect, it } from 'vitest';
import { formatRange, intervalReading, landisKoch, krippendorffReading, readingBands, bandOf } from '../../shared/agreement';

describe('an interval read against the reading bands', () => {
  it('names one band only when the whole interval lies in it', () => {
    expect(intervalReading('deletion.kappa', 0.5, 0.45, 0.58)).toBe('moderate (Landis & Koch)');
    expect(intervalReading('types.alpha', 0.9, 0.82, 0.97)).toBe('reliable (Krippendorff)');
  });

  it('says when the interval spans several bands instead of naming the value band', () => {
    expect(intervalReading('types.kappa', 0.5, 0.01, 1)).toBe('between slight and almost perfect: too few problems to tell (Landis & Koch)');
    expect(intervalReading('deletion.kappa', 0.45, -0.125, 1)).toBe('between poor and almost perfect: too few problems to tell (Landis & Koch)');
    expect(intervalReading('types.alpha', 0.7, 0.5, 0.85)).toBe('between not reliable and reliable: too few problems to tell (Krippendorff)');
  });

  it('reads the band edges as the verbal readings do', () => {
    const kappa = readingBands('deletion.kappa');
    for (const v of [-0.3, 0, 0.2, 0.2001, 0.4, 0.6, 0.8, 0.81, 1]) expect(landisKoch(v)).toContain(kappa[bandOf(kappa, v)]!.name);
    const alpha = readingBands('types.alpha');
    const names: Record<string, string> = { 'not reliable': 'not reliable', tentative: 'tentative', reliable: 'reliable (' };
    for (const v of [0.5, 0.667, 0.7, 0.8, 1]) expect(krippendorffReading(v)).toContain(names[alpha[bandOf(alpha, v)]!.name]);
  });

  it('has no reading for shares or an undefined value, and the point reading when no interval exists', () => {
    expect(intervalReading('points.f1', 0.5, 0.4, 0.6)).toBeNull();
    expect(intervalReading('deletion.kappa', null, null, null)).toBeNull();
    expect(intervalReading('deletion.kappa', 0.3, null, null)).toBe('fair (Landis & Koch; no interval)');
  });

  it('writes ranges with "to" and a true minus sign', () => {
    expect(formatRange(-0.125, 1)).toBe('−0.13 to 1.00');
    expect(formatRange(0.4123, 0.6331, 3)).toBe('0.412 to 0.633');
    expect(formatRange(0.25, 0.5, 2, true)).toBe('25.0% to 50.0%');
    expect(formatRange(-0.0001, 0.5)).toBe('0.00 to 0.50');
  });
});
