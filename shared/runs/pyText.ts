/**
 * Python's notion of whitespace (str.isspace / str.split / str.strip), which the benchmark's
 * reference code uses to strip and normalise questions. JavaScript's \s differs slightly
 * (it includes U+FEFF and lacks U+001C–U+001F and U+0085), so the figures would drift on such text.
 */
const PY_WHITESPACE = '\\t\\n\\v\\f\\r\\x1c-\\x20\\x85\\xa0\\u1680\\u2000-\\u200a\\u2028\\u2029\\u202f\\u205f\\u3000';
const RUNS = new RegExp(`[${PY_WHITESPACE}]+`, 'g');
const EDGES = new RegExp(`^[${PY_WHITESPACE}]+|[${PY_WHITESPACE}]+$`, 'g');

/** Python's s.strip(). */
export const pyStrip = (s: string): string => s.replace(EDGES, '');

/** Python's s.split(): the non-empty whitespace-separated words. */
export const pySplit = (s: string): string[] => {
  const stripped = pyStrip(s);
  return stripped === '' ? [] : stripped.split(RUNS);
};

/** " ".join(s.strip().split()): the whitespace normalisation of questions. */
export const normalizeWhitespace = (s: string): string => pySplit(s).join(' ');
