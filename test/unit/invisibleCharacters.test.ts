import { describe, expect, it } from 'vitest';
import { invisiblesIn, showInvisibles, visibleParts } from '../../shared/writing/invisible';

describe('invisible characters made visible', () => {
  it('names every bidirectional control and zero-width character, and nothing else', () => {
    const all = '\u202A\u202B\u202C\u202D\u202E\u2066\u2067\u2068\u2069\u200E\u200F\u200B\u200C\u200D\u2060\uFEFF';
    expect(invisiblesIn(`a${all}b`)).toHaveLength(16);
    expect(invisiblesIn('plain text, é, 中文, emoji 🙂')).toEqual([]);
  });

  it('cuts a text into plain stretches and markers, never keeping the character itself', () => {
    expect(visibleParts('ab\u202Ecd')).toEqual([{ text: 'ab' }, { invisible: '\u202E', name: 'U+202E RIGHT-TO-LEFT OVERRIDE' }, { text: 'cd' }]);
    expect(showInvisibles('x\u200By')).toBe('x⟦U+200B ZERO WIDTH SPACE⟧y');
    expect(visibleParts('no controls')).toEqual([{ text: 'no controls' }]);
  });
});
