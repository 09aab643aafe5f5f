import { describe, expect, it } from 'vitest';
import { nounFor, plural } from '../../shared/plural';

describe('a count with its noun', () => {
  it('is singular for one only, and takes an irregular plural when given', () => {
    expect([0, 1, 2].map((n) => plural(n, 'problem'))).toEqual(['0 problems', '1 problem', '2 problems']);
    expect(plural(3, 'batch', 'batches')).toBe('3 batches');
    expect(plural(1, 'batch', 'batches')).toBe('1 batch');
  });

  it('gives the noun alone where the count is shown apart (the home page’s attention items)', () => {
    expect([0, 1, 2].map((n) => nounFor(n, 'open flag'))).toEqual(['open flags', 'open flag', 'open flags']);
    expect(nounFor(1, 'case waiting for adjudication', 'cases waiting for adjudication')).toBe('case waiting for adjudication');
    expect(nounFor(2, 'problem needs annotators', 'problems need annotators')).toBe('problems need annotators');
  });
});
