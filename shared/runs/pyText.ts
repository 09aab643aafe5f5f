/**
 * Python's notion of whitespace (str.isspace / str.split / str.strip), which the benchmark's
 * reference code uses to strip and normalise questions. JavaScript's \s differs slightly
 * (it includes U+FEFF and lacks U+001C–U+001F and U+0085), so the figures would drift on such text.
 */
const PY_WHITESPACE = '\\t\\n\\v\\f\\r\\x1c-\\x20\\x85\\xa0\\u1680\\u2000-\\u200a\\u2028\\u2029\\u202f\\u205f\\u3000';
const RUNS = new RegExp(`[${PY_WHITESPACE}]+`, 'g');

/** The same set as PY_WHITESPACE, by code unit (a loop is linear where an end-anchored regex is not). */
const isPySpace = (c: number): boolean =>
  (c >= 0x09 && c <= 0x0d) ||
  (c >= 0x1c && c <= 0x20) ||
  c === 0x85 ||
  c === 0xa0 ||
  c === 0x1680 ||
  (c >= 0x2000 && c <= 0x200a) ||
  c === 0x2028 ||
  c === 0x2029 ||
  c === 0x202f ||
  c === 0x205f ||
  c === 0x3000;

/** Python's s.strip(). */
export function pyStrip(s: string): string {
  let start = 0;
  let end = s.length;
  while (start < end && isPySpace(s.charCodeAt(start))) start++;
  while (end > start && isPySpace(s.charCodeAt(end - 1))) end--;
  return start === 0 && end === s.length ? s : s.slice(start, end);
}

/** Python's s.split(): the non-empty whitespace-separated words. */
export const pySplit = (s: string): string[] => {
  const stripped = pyStrip(s);
  return stripped === '' ? [] : stripped.split(RUNS);
};

/** " ".join(s.strip().split()): the whitespace normalisation of questions. */
export const normalizeWhitespace = (s: string): string => pySplit(s).join(' ');
