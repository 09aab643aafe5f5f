import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { characterLength } from '../../shared/release/stats';

describe('characterLength', () => {
  it('counts characters as code points, the way Python counts a string', () => {
    expect(characterLength('N ≤ 10^5')).toBe(8);
    expect(characterLength('a😀b')).toBe(3);
    expect(characterLength('')).toBe(0);
  });

  it('is the length of the code point array for any text, lone surrogates included', () => {
    const unit = fc.constantFrom('a', ' ', 'é', '😀', '\uD83D', '\uDE00', '\uDBFF', '\uDC00');
    fc.assert(
      fc.property(fc.array(unit, { maxLength: 30 }), (units) => {
        const text = units.join('');
        expect(characterLength(text)).toBe([...text].length);
      }),
      { numRuns: 1000 },
    );
  });
});
