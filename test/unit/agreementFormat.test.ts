import { describe, expect, it } from 'vitest';
import { formatCoefficient, formatPercent } from '../../client/src/pages/maintainer/agreementFormat';
import type { Coefficient } from '../../shared/agreement';

const undef = { value: null, reason: 'no data' } as unknown as Coefficient;

describe('agreement figure formatting', () => {
  it('shows an undefined figure as a dash, never 0.0%', () => {
    expect(formatPercent(undef)).toBe('—');
    expect(formatCoefficient(undef)).toBe('—');
  });
  it('formats defined figures', () => {
    expect(formatPercent({ ...undef, value: 0.5 } as Coefficient)).toBe('50.0%');
    expect(formatCoefficient({ ...undef, value: 0.1234 } as Coefficient, 2)).toBe('0.12');
  });
});
