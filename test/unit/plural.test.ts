import { describe, expect, it } from 'vitest';
import { plural } from '../../shared/plural';

describe('a count with its noun', () => {
  it('is singular for one only, and takes an irregular plural when given', () => {
    expect([0, 1, 2].map((n) => plural(n, 'problem'))).toEqual(['0 problems', '1 problem', '2 problems']);
    expect(plural(3, 'batch', 'batches')).toBe('3 batches');
    expect(plural(1, 'batch', 'batches')).toBe('1 batch');
  });
});
