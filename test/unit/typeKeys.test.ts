import { describe, expect, it } from 'vitest';
import { typeForKey, typeKeyHint } from '../../client/src/pages/annotator/editor/typeKeys';
import { AMBIGUITY_TYPES } from '../../shared/taxonomy';

describe('the type picker keys', () => {
  it('gives every type a key: digits 1–9, 0 for the tenth, End for the eleventh, each leading to its type', () => {
    const hints = AMBIGUITY_TYPES.map((_, i) => typeKeyHint(i));
    expect(hints).toEqual(['1', '2', '3', '4', '5', '6', '7', '8', '9', '0', 'End']);
    hints.forEach((key, i) => expect(typeForKey(key, null)).toBe(AMBIGUITY_TYPES[i]));
  });

  it('cycles a first letter among the types sharing it, and stops arrows at the ends', () => {
    expect(typeForKey('o', null)).toBe('Ordering & Atomicity');
    expect(typeForKey('O', 'Ordering & Atomicity')).toBe('Output Format');
    expect(typeForKey('o', 'Output Format')).toBe('Ordering & Atomicity');
    expect(typeForKey('u', 'Units')).toBe('Units');
    expect(typeForKey('x', 'Units')).toBeUndefined();
    expect(typeForKey('ArrowDown', null)).toBe('Terminology');
    expect(typeForKey('ArrowUp', 'Terminology')).toBe('Terminology');
    expect(typeForKey('ArrowDown', 'String & Localization')).toBe('String & Localization');
    expect(typeForKey('Tab', 'Units')).toBeUndefined();
  });
});
