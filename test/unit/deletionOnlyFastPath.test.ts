import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { diffChars } from 'diff';
import { checkDeletionOnly } from '../../shared/edits';

// checkDeletionOnly answers "no additions" with a linear subsequence test before running the
// diff; this property pins it to what the diff's minimal edit script says.
const hasAdditions = (base: string, text: string) => diffChars(base, text).some((p) => p.added);

describe('checkDeletionOnly agrees with the diff', () => {
  it('does not take halves of two emoji for a third one', () => {
    // '\uD83D\uDE01' is 😁: cutting 😀😁 in the middle must not read as a deletion.
    expect(checkDeletionOnly('\uD83D\uDE00\uDE01', '\uD83D\uDE01').ok).toBe(false);
    expect(checkDeletionOnly('😀 and 😁', '😀 😁').ok).toBe(true);
  });

  it('on texts made by deleting characters, and on arbitrary texts', () => {
    // Surrogate halves included: the fast path must compare characters as the diff does.
    const alphabet = fc.constantFrom('a', 'b', ' ', '\n', '.', 'x', '😀', '😁', '\uD83D', '\uDE01');
    const base = fc.array(alphabet, { maxLength: 40 }).map((cs) => cs.join(''));
    const deleted = base.chain((b) => fc.tuple(fc.constant(b), fc.array(fc.boolean(), { minLength: b.length, maxLength: b.length }).map((keep) => [...b].filter((_, i) => keep[i]).join(''))));
    const arbitrary = fc.tuple(base, base);
    fc.assert(
      fc.property(fc.oneof(deleted, arbitrary), ([b, text]) => {
        const result = checkDeletionOnly(b, text);
        expect(result.ok).toBe(!hasAdditions(b, text));
        expect(result.ok).toBe(result.offending.length === 0);
      }),
      { numRuns: 500 },
    );
  });
});
