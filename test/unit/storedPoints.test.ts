import { describe, expect, it } from 'vitest';
import { agreementPointFromRow, pointFromRow } from '../../db/points';

const row = (over: Partial<Parameters<typeof pointFromRow>[0]> = {}) => ({
  deletions: '[[3,8],[10,12]]',
  repairs: '[{"start":8,"end":9,"text":","}]',
  question: 'Which?',
  answer: 'This one.',
  type: 'Behavior',
  ...over,
});

describe('the one stored-row → point converter (db/points.ts)', () => {
  it('reads good data exactly as it was written', () => {
    expect(pointFromRow(row())).toEqual({ deletions: [[3, 8], [10, 12]], repairs: [{ start: 8, end: 9, text: ',' }], question: 'Which?', answer: 'This one.', type: 'Behavior' });
    expect(JSON.stringify(pointFromRow(row()))).toBe('{"deletions":[[3,8],[10,12]],"repairs":[{"start":8,"end":9,"text":","}],"question":"Which?","answer":"This one.","type":"Behavior"}');
  });

  it('reads a column that is not JSON, or not a list, as empty', () => {
    expect(pointFromRow(row({ deletions: 'not json', repairs: 'null' }))).toMatchObject({ deletions: [], repairs: [] });
    expect(pointFromRow(row({ deletions: '{"a":1}', repairs: '7' }))).toMatchObject({ deletions: [], repairs: [] });
  });

  it('drops only the elements that break the shared point schema', () => {
    const p = pointFromRow(row({ deletions: '[[3,8],[9,4],[1.5,2],"x",[20,30]]', repairs: '[{"start":1,"end":2},{"start":4,"end":4,"text":"."}]' }));
    expect(p.deletions).toEqual([[3, 8], [20, 30]]);
    expect(p.repairs).toEqual([{ start: 4, end: 4, text: '.' }]);
  });

  it('reads an unknown or missing type as none, in both converters', () => {
    expect(pointFromRow(row({ type: 'Nonsense' })).type).toBeNull();
    expect(pointFromRow(row({ type: null })).type).toBeNull();
    expect(agreementPointFromRow({ deletions: '[[0,1],[5,2]]', type: 'Nonsense' })).toEqual({ deletions: [[0, 1]], type: null });
  });
});
