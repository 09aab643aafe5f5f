import type { ChangeObject } from 'diff';
import { isTinyRepair, MAX_REPAIR_LENGTH, type Range, type Repair } from '../edits';
import { keptStretches, stretchSkipper } from './keptStretches';

/**
 * The shared reading of a `diff` edit script from a base text to a task text, used both by
 * release validation (derivable.ts) and by the legacy reconstruction (reconstruct.ts).
 */

/** One change: base[baseAt, baseAt + removed.length) became `added`, which starts at `textAt` in the task text. */
export interface Hunk {
  baseAt: number;
  textAt: number;
  removed: string;
  added: string;
}

/**
 * The change hunks of an edit script and the kept stretches between them: kept[i] comes
 * just before hunks[i], and one more kept stretch (possibly empty) ends the text.
 */
export function editHunks(parts: readonly ChangeObject<string>[]): { hunks: Hunk[]; kept: string[] } {
  const hunks: Hunk[] = [];
  const kept: string[] = [''];
  let baseAt = 0;
  let textAt = 0;
  let open: Hunk | null = null;
  for (const part of parts) {
    if (!part.added && !part.removed) {
      if (open) kept.push('');
      kept[kept.length - 1] += part.value;
      open = null;
      baseAt += part.value.length;
      textAt += part.value.length;
      continue;
    }
    if (!open) hunks.push((open = { baseAt, textAt, removed: '', added: '' }));
    if (part.added) {
      open.added += part.value;
      textAt += part.value.length;
    } else {
      open.removed += part.value;
      baseAt += part.value.length;
    }
  }
  if (kept.length === hunks.length) kept.push('');
  return { hunks, kept };
}

const isHighSurrogate = (unit: number) => unit >= 0xd800 && unit <= 0xdbff;
const isLowSurrogate = (unit: number) => unit >= 0xdc00 && unit <= 0xdfff;

/**
 * The hunks of `editHunks(diffChars(base, text))` when `text` is `base` with characters
 * deleted only, found in one linear pass instead of a diff; null when it is not.
 *
 * Why they are the same: the diff package compares code points, and with no insertion in
 * the shortest edit script (D = the number of deleted code points) its furthest-reaching
 * D-path can only come from the (D - 1)-path on the diagonal next to it, which is itself
 * the all-deletion one. So it keeps the longest run of equal code points, deletes one base
 * code point, and repeats: the greedy leftmost embedding of `text` in `base`, which is what
 * this walks. A property test holds it to the diff.
 */
export function deletionHunks(base: string, text: string, hint?: readonly Range[] | null): Hunk[] | null {
  if (text.length > base.length) return null;
  // With a right hint, equal stretches known from it are passed over in one step instead of
  // unit by unit: the walk and its result are the same (a property test holds them equal).
  const kept = hint ? keptStretches(base, text, hint) : null;
  const skip = kept ? stretchSkipper(kept) : null;
  const hunks: Hunk[] = [];
  let baseAt = 0;
  let textAt = 0;
  let openAt = -1;
  while (baseAt < base.length) {
    if (textAt >= text.length) {
      // The rest of the base text is deleted, one code point at a time: one hunk.
      if (openAt < 0) openAt = baseAt;
      break;
    }
    // The run of equal code points from here, found by comparing code units: the same
    // run, unless it ends on a high surrogate whose pair differs (then that code point
    // differs too, and is not part of the run).
    let b = baseAt;
    let t = textAt;
    if (skip) {
      const end = skip(b, t);
      b += end - t;
      t = end;
    }
    while (b < base.length && t < text.length && base.charCodeAt(b) === text.charCodeAt(t)) {
      b++;
      t++;
    }
    if (b > baseAt && isHighSurrogate(base.charCodeAt(b - 1)) && (isLowSurrogate(base.charCodeAt(b)) || isLowSurrogate(text.charCodeAt(t)))) {
      b--;
      t--;
    }
    if (b > baseAt) {
      if (openAt >= 0) hunks.push({ baseAt: openAt, textAt, removed: base.slice(openAt, baseAt), added: '' });
      openAt = -1;
      baseAt = b;
      textAt = t;
      continue;
    }
    if (openAt < 0) openAt = baseAt;
    baseAt += base.codePointAt(baseAt)! > 0xffff ? 2 : 1;
  }
  if (textAt < text.length) return null;
  if (openAt >= 0) hunks.push({ baseAt: openAt, textAt, removed: base.slice(openAt), added: '' });
  return hunks;
}

/**
 * A tiny repair (shared/edits isTinyRepair) turning up to MAX_REPAIR_LENGTH characters at
 * one end of a removed run starting at base offset `at` into `added`, and the rest of the
 * run, which is deleted. Replacing characters ("," → ".") reads better than inserting next
 * to a deletion, so the longest replaced stretch is tried first and n = 0 last.
 */
export function tinyRepairAtEdge(removed: string, added: string, at: number): { repair: Repair; rest: [number, number] | null } | null {
  for (let n = Math.min(MAX_REPAIR_LENGTH, removed.length); n >= 0; n--) {
    const tail = removed.slice(removed.length - n);
    if (isTinyRepair(tail, added)) {
      const start = at + removed.length - n;
      return { repair: { start, end: start + n, text: added }, rest: removed.length > n ? [at, start] : null };
    }
    const head = removed.slice(0, n);
    if (n > 0 && isTinyRepair(head, added)) {
      return { repair: { start: at, end: at + n, text: added }, rest: [at + n, at + removed.length] };
    }
  }
  return null;
}

/** True when `small` can be kept from `big` by deleting characters only. */
export function isSubsequence(small: string, big: string): boolean {
  let i = 0;
  for (const ch of big) if (i < small.length && small[i] === ch) i++;
  return i === small.length;
}
