import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { applyEdits, type Range } from '../../shared/edits';
import { deletionHunks } from '../../shared/release/editScript';
import { keptStretches, stretchSkipper } from '../../shared/release/keptStretches';

// Repeated letters (so the greedy walk shifts deletions), surrogate pairs and lone halves.
const alphabet = fc.constantFrom('a', 'b', 'a', ' ', '\n', '😀', '😁', '\uD83D', '\uDE00', 'é');
const text = fc.array(alphabet, { maxLength: 40 }).map((cs) => cs.join(''));
const ranges = (length: number) =>
  fc.array(fc.tuple(fc.nat(length), fc.nat(length)), { maxLength: 4 }).map((pairs) => pairs.map(([x, y]): Range => [Math.min(x, y), Math.max(x, y)]));
/** A base text, deletions of it, and the text they leave (as the task generator makes it). */
const task = text.chain((base) => fc.tuple(fc.constant(base), ranges(base.length))).map(([base, deleted]) => ({ base, deleted, text: applyEdits(base, [{ deletions: deleted, repairs: [] }]) }));

describe('keptStretches', () => {
  it('gives the stretches a text keeps when the deletions make it, and null otherwise', () => {
    expect(keptStretches('Print the answer.', 'Print answer.', [[6, 10]])).toEqual([
      { baseAt: 0, textAt: 0, length: 6 },
      { baseAt: 10, textAt: 6, length: 7 },
    ]);
    expect(keptStretches('Print the answer.', 'Print answer.', [[5, 9]])).toEqual([
      { baseAt: 0, textAt: 0, length: 5 },
      { baseAt: 9, textAt: 5, length: 8 },
    ]);
    expect(keptStretches('Print the answer.', 'Print answer', [[6, 10]])).toBeNull();
    expect(keptStretches('abc', 'abc', [[2, 4]])).toBeNull();
    expect(keptStretches('abc', 'c', [[1, 2], [0, 2]])).toEqual([{ baseAt: 2, textAt: 0, length: 1 }]);
  });

  it('describes exactly the text applyEdits makes from the same deletions', () => {
    fc.assert(
      fc.property(task, ({ base, deleted, text: made }) => {
        const kept = keptStretches(base, made, deleted)!;
        expect(kept.map((s) => base.slice(s.baseAt, s.baseAt + s.length)).join('')).toBe(made);
        kept.forEach((s) => expect(made.slice(s.textAt, s.textAt + s.length)).toBe(base.slice(s.baseAt, s.baseAt + s.length)));
      }),
      { numRuns: 2000 },
    );
  });

  it('lets a walk pass over a stretch only where base and text line up', () => {
    const skip = stretchSkipper(keptStretches('xx abc yy', 'xx yy', [[3, 7]])!);
    expect(skip(0, 0)).toBe(3);
    expect(skip(3, 3)).toBe(3); // base offset 3 is not where text offset 3 was kept from
    expect(skip(7, 3)).toBe(5);
  });
});

describe('deletionHunks with a hint', () => {
  it('gives the same hunks as without, for right, wrong and missing hints', () => {
    fc.assert(
      fc.property(task, text, fc.boolean(), ({ base, deleted, text: made }, other, right) => {
        const target = right ? made : other;
        expect(deletionHunks(base, target, deleted)).toEqual(deletionHunks(base, target));
        expect(deletionHunks(base, target, null)).toEqual(deletionHunks(base, target));
      }),
      { numRuns: 5000 },
    );
  });
});
