import { describe, expect, it } from 'vitest';
import { checkSuggestion } from '../../shared/suggestions/check';
import type { Point } from '../../shared/edits';

const base = 'Print the sum of the numbers, rounded down.';
const at = (phrase: string): [number, number] => [base.indexOf(phrase), base.indexOf(phrase) + phrase.length];
const point = (over: Partial<Point> = {}): Point => ({ deletions: [at(', rounded down')], repairs: [], question: 'How is the sum rounded?', answer: 'Down.', type: 'Numerical Precision', ...over });
const paths = (points: Point[]) => checkSuggestion(base, points).map((f) => f.path);

describe('checkSuggestion', () => {
  it('accepts 1–3 complete, non-overlapping points inside the base text', () => {
    expect(checkSuggestion(base, [point()])).toEqual([]);
    expect(checkSuggestion(base, [point(), point({ deletions: [at('the sum of ')], type: 'Terminology' })])).toEqual([]);
  });

  it('refuses no points and more than three', () => {
    expect(paths([])).toEqual(['points']);
    expect(paths([point(), point(), point(), point()])).toEqual(['points']);
  });

  it('refuses offsets outside the base text, overlapping deletions and whitespace-only deletions', () => {
    expect(paths([point({ deletions: [[0, base.length + 1]] })])).toEqual(['points[0].deletions[0]']);
    expect(paths([point(), point({ deletions: [at('rounded')] })])).toEqual(['points[1].deletions[0]']);
    expect(paths([point({ deletions: [[5, 6]] })])).toEqual(['points[0].deletions']);
  });

  it('refuses incomplete points, an unknown type and a repair that is not deletion-only', () => {
    expect(paths([point({ question: ' ', answer: '' })])).toEqual(['points[0].question', 'points[0].answer']);
    expect(paths([point({ type: 'Vibes' as Point['type'] })])).toEqual(['points[0].type']);
    const [s] = at(', rounded down');
    expect(paths([point({ repairs: [{ start: 0, end: 5, text: 'Write' }], deletions: [[s, s + 14]] })])).toEqual(['points[0].repairs[0]']);
  });
});
