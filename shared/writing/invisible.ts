/**
 * Characters that change how text is shown without being seen themselves: bidirectional
 * controls (a U+202E shows a question reversed to whoever reads it) and zero-width
 * characters (two questions that look alike differ). Named so the UI can show a marker in
 * their place and a finding can say which one was typed.
 */
export const INVISIBLE_CHARACTERS: Readonly<Record<number, string>> = {
  0x200b: 'ZERO WIDTH SPACE',
  0x200c: 'ZERO WIDTH NON-JOINER',
  0x200d: 'ZERO WIDTH JOINER',
  0x200e: 'LEFT-TO-RIGHT MARK',
  0x200f: 'RIGHT-TO-LEFT MARK',
  0x202a: 'LEFT-TO-RIGHT EMBEDDING',
  0x202b: 'RIGHT-TO-LEFT EMBEDDING',
  0x202c: 'POP DIRECTIONAL FORMATTING',
  0x202d: 'LEFT-TO-RIGHT OVERRIDE',
  0x202e: 'RIGHT-TO-LEFT OVERRIDE',
  0x2060: 'WORD JOINER',
  0x2066: 'LEFT-TO-RIGHT ISOLATE',
  0x2067: 'RIGHT-TO-LEFT ISOLATE',
  0x2068: 'FIRST STRONG ISOLATE',
  0x2069: 'POP DIRECTIONAL ISOLATE',
  0xfeff: 'ZERO WIDTH NO-BREAK SPACE',
};

const INVISIBLE = /[\u200b-\u200f\u202a-\u202e\u2060\u2066-\u2069\ufeff]/g;
const ANY_INVISIBLE = /[\u200b-\u200f\u202a-\u202e\u2060\u2066-\u2069\ufeff]/;

/** "U+202E RIGHT-TO-LEFT OVERRIDE" */
export function invisibleName(char: string): string {
  const code = char.codePointAt(0)!;
  return `U+${code.toString(16).toUpperCase().padStart(4, '0')} ${INVISIBLE_CHARACTERS[code] ?? 'INVISIBLE CHARACTER'}`;
}

export function hasInvisible(text: string): boolean {
  return ANY_INVISIBLE.test(text);
}

/** The distinct invisible characters of a text, in order of first appearance. */
export function invisiblesIn(text: string): string[] {
  return [...new Set(text.match(INVISIBLE) ?? [])];
}

/** A piece of text shown as it is, or an invisible character to show as a marker naming it. */
export type VisiblePart = { text: string } | { invisible: string; name: string };

/** The text cut into plain stretches and the invisible characters between them, never applied. */
export function visibleParts(text: string): VisiblePart[] {
  if (!hasInvisible(text)) return [{ text }];
  const parts: VisiblePart[] = [];
  let at = 0;
  for (const m of text.matchAll(INVISIBLE)) {
    if (m.index > at) parts.push({ text: text.slice(at, m.index) });
    parts.push({ invisible: m[0], name: invisibleName(m[0]) });
    at = m.index + m[0].length;
  }
  if (at < text.length) parts.push({ text: text.slice(at) });
  return parts;
}

/** The text with each invisible character written out as ⟦U+… NAME⟧ (for plain-text places). */
export function showInvisibles(text: string): string {
  return hasInvisible(text) ? text.replace(INVISIBLE, (c) => `⟦${invisibleName(c)}⟧`) : text;
}
