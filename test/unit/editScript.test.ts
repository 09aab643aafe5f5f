import { diffChars } from 'diff';
import { describe, expect, it } from 'vitest';
import { editHunks, isSubsequence, tinyRepairAtEdge } from '../../shared/release/editScript';

describe('editHunks', () => {
  it('gives each change its base and text offsets, with the kept text around it', () => {
    const { hunks, kept } = editHunks(diffChars('Print the answer, or -1.', 'Print answer; or -1.'));
    expect(hunks).toEqual([
      { baseAt: 6, textAt: 6, removed: 'the ', added: '' },
      { baseAt: 16, textAt: 12, removed: ',', added: ';' },
    ]);
    expect(kept).toEqual(['Print ', 'answer', ' or -1.']);
  });

  it('ends with an empty kept stretch when the text ends with a change', () => {
    const { hunks, kept } = editHunks(diffChars('abc', 'abc\n'));
    expect(hunks).toEqual([{ baseAt: 3, textAt: 3, removed: '', added: '\n' }]);
    expect(kept).toEqual(['abc', '']);
  });
});

describe('tinyRepairAtEdge', () => {
  it('prefers replacing punctuation at the end of a removed run over inserting', () => {
    expect(tinyRepairAtEdge(' of length N.', ';', 10)).toEqual({ repair: { start: 22, end: 23, text: ';' }, rest: [10, 22] });
  });

  it('finds a letter-case change at the start of a removed run', () => {
    expect(tinyRepairAtEdge('print', 'P', 0)).toEqual({ repair: { start: 0, end: 1, text: 'P' }, rest: [1, 5] });
  });

  it('finds nothing when the added text is not a tiny repair', () => {
    expect(tinyRepairAtEdge('answer', 'result', 0)).toBeNull();
  });
});

describe('isSubsequence', () => {
  it('tells text kept by deleting characters from other text', () => {
    expect(isSubsequence('result', 'resulting')).toBe(true);
    expect(isSubsequence('result', 'answer')).toBe(false);
  });
});
