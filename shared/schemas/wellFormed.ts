import type { FieldIssue } from '../errors';
import { fieldPath } from './fieldPath';

// A lone UTF-16 surrogate (JSON "\ud800") is a JavaScript string but not text: SQLite stores it
// as invalid UTF-8, which other readers (Python's sqlite3) then fail on. Refused at every boundary.
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

export const LONE_SURROGATE_MESSAGE = 'contains a lone UTF-16 surrogate (an unpaired \\uD800–\\uDFFF escape), which is not valid text';

type WellFormedString = string & { isWellFormed?: () => boolean };

export const isWellFormed = (s: string): boolean => (s as WellFormedString).isWellFormed?.() ?? !LONE_SURROGATE.test(s);

/**
 * The first string (or object key) in a decoded JSON value that holds a lone surrogate, as a
 * field issue (`points[0].question`; a bad key names the object holding it), or null. Walks
 * with an explicit stack, so any nesting depth JSON.parse accepts is fine.
 */
interface Place {
  value: unknown;
  key: PropertyKey | null;
  parent: Place | null;
}

function pathOf(place: Place | null): string {
  const keys: PropertyKey[] = [];
  for (let p = place; p !== null && p.key !== null; p = p.parent) keys.push(p.key);
  return fieldPath(keys.reverse()) || '(root)';
}

export function loneSurrogateIssue(value: unknown): FieldIssue | null {
  const stack: Place[] = [{ value, key: null, parent: null }];
  while (stack.length > 0) {
    const place = stack.pop()!;
    const v = place.value;
    if (typeof v === 'string') {
      if (!isWellFormed(v)) return { path: pathOf(place), message: LONE_SURROGATE_MESSAGE };
    } else if (Array.isArray(v)) {
      for (let i = v.length - 1; i >= 0; i--) stack.push({ value: v[i], key: i, parent: place });
    } else if (typeof v === 'object' && v !== null) {
      const entries = Object.entries(v);
      if (entries.some(([key]) => !isWellFormed(key))) return { path: pathOf(place), message: `a key ${LONE_SURROGATE_MESSAGE}` };
      for (let i = entries.length - 1; i >= 0; i--) stack.push({ value: entries[i]![1], key: entries[i]![0], parent: place });
    }
  }
  return null;
}
