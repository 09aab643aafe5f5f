import { diffChars } from 'diff';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { deletionHunks, editHunks, isSubsequence, tinyRepairAtEdge, type Hunk } from '../../shared/release/editScript';

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

describe('deletionHunks', () => {
  it('gives the deleted runs with their offsets, and null when the text is not made by deleting', () => {
    expect(deletionHunks('Print the answer, or -1.', 'Print answer or -1.')).toEqual([
      { baseAt: 6, textAt: 6, removed: 'the ', added: '' },
      { baseAt: 16, textAt: 12, removed: ',', added: '' },
    ]);
    expect(deletionHunks('abc', 'abc')).toEqual([]);
    expect(deletionHunks('abc', '')).toEqual([{ baseAt: 0, textAt: 0, removed: 'abc', added: '' }]);
    expect(deletionHunks('Print the answer.', 'Print an answer.')).toBeNull();
    expect(deletionHunks('ab', 'abc')).toBeNull();
  });

  // Repeated letters, spaces and astral characters (two UTF-16 units, one token for the diff),
  // including lone surrogates, where code units and code points disagree.
  const alphabet = fc.constantFrom('a', 'b', ' ', '\n', '.', '😀', '😁', '\uD83D', '\uDE00', 'é');
  const text = fc.array(alphabet, { maxLength: 40 }).map((cs) => cs.join(''));
  const deleted = text.chain((b) => {
    const points = Array.from(b);
    return fc.tuple(fc.constant(b), fc.array(fc.boolean(), { minLength: points.length, maxLength: points.length }).map((keep) => points.filter((_, i) => keep[i]).join('')));
  });

  /** The straightforward walk, one code point at a time (what deletionHunks did before it compared runs of code units). */
  function byCodePoint(base: string, task: string): Hunk[] | null {
    if (task.length > base.length) return null;
    const hunks: Hunk[] = [];
    let baseAt = 0;
    let textAt = 0;
    let openAt = -1;
    while (baseAt < base.length) {
      const point = base.codePointAt(baseAt)!;
      const width = point > 0xffff ? 2 : 1;
      if (textAt < task.length && task.codePointAt(textAt) === point) {
        if (openAt >= 0) hunks.push({ baseAt: openAt, textAt, removed: base.slice(openAt, baseAt), added: '' });
        openAt = -1;
        textAt += width;
      } else if (openAt < 0) openAt = baseAt;
      baseAt += width;
    }
    if (textAt < task.length) return null;
    if (openAt >= 0) hunks.push({ baseAt: openAt, textAt, removed: base.slice(openAt), added: '' });
    return hunks;
  }

  it('matches runs of code units exactly as the code-point walk does, surrogate pairs split or not', () => {
    // Deleting code units (not code points) splits pairs, so runs end on every kind of surrogate.
    const units = text.chain((b) =>
      fc.tuple(fc.constant(b), fc.array(fc.boolean(), { minLength: b.length, maxLength: b.length }).map((keep) => b.split('').filter((_, i) => keep[i]).join(''))),
    );
    fc.assert(
      fc.property(fc.oneof(units, deleted, fc.tuple(text, text)), ([base, task]) => {
        expect(deletionHunks(base, task)).toEqual(byCodePoint(base, task));
      }),
      { numRuns: 5000 },
    );
  });

  it('is the edit script of the diff whenever the diff has no insertion, and null otherwise', () => {
    fc.assert(
      fc.property(fc.oneof(deleted, fc.tuple(text, text)), ([base, task]) => {
        const parts = diffChars(base, task);
        const fast = deletionHunks(base, task);
        if (parts.some((p) => p.added)) expect(fast).toBeNull();
        else expect(fast).toEqual(editHunks(parts).hunks);
      }),
      { numRuns: 2000 },
    );
  });
});
