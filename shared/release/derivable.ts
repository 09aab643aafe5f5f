import { diffChars, diffWordsWithSpace } from 'diff';
import type { Range } from '../edits';
import { deletionHunks, editHunks, isSubsequence, tinyRepairAtEdge, type Hunk } from './editScript';

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

/** The tiny repair at either end of a hunk's removed text that its added text makes, if there is one. */
function tinyRepair(hunk: Hunk): FoundRepair | null {
  const found = tinyRepairAtEdge(hunk.removed, hunk.added, hunk.baseAt);
  if (!found) return null;
  const { start, end, text } = found.repair;
  return { kind: 'repair', baseAt: start, textAt: hunk.textAt, before: hunk.removed.slice(start - hunk.baseAt, end - hunk.baseAt), after: text };
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
export function deriveFromBase(base: string, text: string, hint?: readonly Range[] | null): Derivation {
  // Texts made by deletions alone (most tasks) get the diff's own edit script without the
  // diff; `hint`, the deletions the text is believed to make, only speeds that up.
  const byChars = classify(deletionHunks(base, text, hint) ?? editHunks(diffChars(base, text)).hunks);
  if (byChars.repairs.every((r) => r.kind === 'repair') && byChars.ok) return byChars;
  return classify(editHunks(diffWordsWithSpace(base, text)).hunks);
}
