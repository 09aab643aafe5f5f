import { diffChars, diffWordsWithSpace, type ChangeObject } from 'diff';
import { isTinyRepair, MAX_REPAIR_LENGTH } from '../edits';

/** A small change besides deleting: where it sits, and what it turns into what. */
export interface FoundRepair {
  /** 'repair': punctuation, a line break or letter case; 'rewording': a few words replaced. */
  kind: 'repair' | 'rewording';
  /** Offset in the base text where the replaced characters start. */
  baseAt: number;
  /** Offset in the task text where the new characters start. */
  textAt: number;
  before: string;
  after: string;
}

export interface Derivation {
  /** True when every change is a deletion or a small repair. */
  ok: boolean;
  repairs: FoundRepair[];
  /** Inserted text no small repair explains, with its offset in the task text. */
  unexplained: { textAt: number; text: string }[];
  /** The deleted stretches of the base text, as [start, end) offsets (what the answers should restore). */
  deleted: [number, number][];
}

/** A rewording counts as a small repair up to this many words and characters per place… */
export const MAX_REWORDING_WORDS = 3;
export const MAX_REWORDING_CHARS = 24;
/** …and up to this many inserted characters over the whole task text. */
export const MAX_REWORDING_TOTAL = 64;

interface Hunk {
  baseAt: number;
  textAt: number;
  removed: string;
  added: string;
}

function hunks(parts: ChangeObject<string>[]): Hunk[] {
  const out: Hunk[] = [];
  let baseAt = 0;
  let textAt = 0;
  let open: Hunk | null = null;
  for (const part of parts) {
    if (!part.added && !part.removed) {
      open = null;
      baseAt += part.value.length;
      textAt += part.value.length;
      continue;
    }
    if (!open) out.push((open = { baseAt, textAt, removed: '', added: '' }));
    if (part.added) {
      open.added += part.value;
      textAt += part.value.length;
    } else {
      open.removed += part.value;
      baseAt += part.value.length;
    }
  }
  return out;
}

/** The characters at either end of a hunk's removed text that its added text replaces, if that is a tiny repair. */
function tinyRepair(hunk: Hunk): FoundRepair | null {
  const { removed, added } = hunk;
  // The longest replaced stretch first: "." → ";" is a replacement, not a deletion plus an insertion.
  for (let n = Math.min(MAX_REPAIR_LENGTH, removed.length); n >= 0; n--) {
    const tail = removed.slice(removed.length - n);
    if (isTinyRepair(tail, added)) return { kind: 'repair', baseAt: hunk.baseAt + removed.length - n, textAt: hunk.textAt, before: tail, after: added };
    const head = removed.slice(0, n);
    if (n > 0 && isTinyRepair(head, added)) return { kind: 'repair', baseAt: hunk.baseAt, textAt: hunk.textAt, before: head, after: added };
  }
  return null;
}

function isSubsequence(small: string, big: string): boolean {
  let i = 0;
  for (const ch of big) if (i < small.length && small[i] === ch) i++;
  return i === small.length;
}

const span = (hunk: Hunk): [number, number] => [hunk.baseAt, hunk.baseAt + hunk.removed.length];
const wordCount = (s: string) => s.split(/\s+/).filter(Boolean).length;

function classify(hunks: Hunk[]): Derivation {
  const out: Derivation = { ok: true, repairs: [], unexplained: [], deleted: [] };
  let reworded = 0;
  for (const hunk of hunks) {
    if (hunk.added === '' || isSubsequence(hunk.added, hunk.removed)) {
      if (hunk.removed) out.deleted.push(span(hunk));
      continue;
    }
    const repair = tinyRepair(hunk);
    if (repair) {
      out.repairs.push(repair);
      if (hunk.removed.length > repair.before.length) out.deleted.push(span(hunk));
      continue;
    }
    if (hunk.removed) out.deleted.push(span(hunk));
    const small = wordCount(hunk.added) <= MAX_REWORDING_WORDS && hunk.added.length <= MAX_REWORDING_CHARS;
    reworded += hunk.added.length;
    if (small && reworded <= MAX_REWORDING_TOTAL) out.repairs.push({ kind: 'rewording', baseAt: hunk.baseAt, textAt: hunk.textAt, before: hunk.removed, after: hunk.added });
    else out.unexplained.push({ textAt: hunk.textAt, text: hunk.added });
  }
  out.ok = out.unexplained.length === 0;
  return out;
}

/**
 * Is `text` the base text with deletions plus small repairs? The `diff` package's minimal
 * character edit script decides first: no insertions means pure deletions, and insertions
 * that only change punctuation, a line break or letter case are tiny repairs. Anything else
 * is described word by word, where a few replaced words count as a rewording (a small
 * repair a reviewer should look at) and more is not derivable.
 */
export function deriveFromBase(base: string, text: string): Derivation {
  const byChars = classify(hunks(diffChars(base, text)));
  if (byChars.repairs.every((r) => r.kind === 'repair') && byChars.ok) return byChars;
  return classify(hunks(diffWordsWithSpace(base, text)));
}
