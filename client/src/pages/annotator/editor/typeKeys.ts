import { AMBIGUITY_TYPES, type AmbiguityType } from '../../../../../shared/taxonomy';

/** The digit that picks each type: 1–9 for the first nine, 0 for the tenth; the eleventh is End (or its letter). */
export function typeKeyHint(index: number): string {
  if (index < 9) return String(index + 1);
  return index === 9 ? '0' : 'End';
}

/**
 * The type a key moves the picker to, as a native select moves when closed (moving selects):
 * arrows, Home/End, a digit, or a first letter cycling among the types that share it.
 * Undefined when the key is not the picker's.
 */
export function typeForKey(key: string, current: AmbiguityType | null): AmbiguityType | undefined {
  const at = current === null ? -1 : AMBIGUITY_TYPES.indexOf(current);
  const last = AMBIGUITY_TYPES.length - 1;
  if (key === 'ArrowDown') return AMBIGUITY_TYPES[Math.min(at + 1, last)];
  if (key === 'ArrowUp') return AMBIGUITY_TYPES[Math.max(at - 1, 0)];
  if (key === 'Home') return AMBIGUITY_TYPES[0];
  if (key === 'End') return AMBIGUITY_TYPES[last];
  if (/^[0-9]$/.test(key)) return AMBIGUITY_TYPES[key === '0' ? 9 : Number(key) - 1];
  if (/^[a-z]$/i.test(key)) {
    const letter = key.toLowerCase();
    for (let step = 1; step <= AMBIGUITY_TYPES.length; step++) {
      const candidate = AMBIGUITY_TYPES[(at + step + AMBIGUITY_TYPES.length) % AMBIGUITY_TYPES.length]!;
      if (candidate.toLowerCase().startsWith(letter)) return candidate;
    }
  }
  return undefined;
}
