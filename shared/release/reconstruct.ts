import { diffChars } from 'diff';
import { applyEdits, isTinyRepair, mergeRanges, type Range, type Repair } from '../edits';
import { editHunks, tinyRepairAtEdge, type Hunk } from './editScript';

/**
 * How a released task text was made from the base text: deletions plus repairs, all in
 * base-text offsets, such that applyEdits(base, [{ deletions, repairs }]) === text.
 */
export interface Reconstruction {
  deletions: Range[];
  repairs: Repair[];
  /** The text is the base text with deletions only. */
  pure: boolean;
  /** Every repair is small (shared/edits isTinyRepair): the text is derivable by deletions plus small repairs. */
  explainable: boolean;
}

/** A stretch where base[baseAt, baseAt + removed.length) became `added` (task-text offsets are not needed here). */
type Group = Pick<Hunk, 'baseAt' | 'removed' | 'added'>;

interface Explanation {
  deletions: Range[];
  repairs: Repair[];
}

const size = (g: Group) => Math.max(g.removed.length, g.added.length);

/**
 * A minimal edit script often keeps single characters that happen to match inside a
 * deleted phrase ("(contiguou|s|) s" instead of "(contiguous) "). A kept stretch no longer
 * than the changes on both sides of it is folded into one change, as diff-match-patch's
 * semantic clean-up does, until nothing more folds; each change is explained afterwards.
 */
function foldShortKeeps(groups: Group[], kept: string[]): Group[] {
  if (groups.length === 0) return [];
  let current = groups.map((g) => ({ ...g }));
  let keeps = [...kept];
  for (;;) {
    const out: Group[] = [current[0]!];
    const outKeeps: string[] = [keeps[0]!];
    for (let i = 1; i < current.length; i++) {
      const prev = out[out.length - 1]!;
      const group = current[i]!;
      const between = keeps[i]!;
      if (between.length <= size(prev) && between.length <= size(group)) {
        prev.removed += between + group.removed;
        prev.added += between + group.added;
      } else {
        out.push(group);
        outKeeps.push(between);
      }
    }
    outKeeps.push(keeps[current.length]!);
    if (out.length === current.length) return out;
    current = out;
    keeps = outKeeps;
  }
}

function commonPrefix(a: string, b: string): number {
  let n = 0;
  while (n < a.length && n < b.length && a[n] === b[n]) n++;
  return n;
}

function commonSuffix(a: string, b: string, limit: number): number {
  let n = 0;
  while (n < limit && n < a.length && n < b.length && a[a.length - 1 - n] === b[b.length - 1 - n]) n++;
  return n;
}

/** Above this many cells the gap-minimising search is skipped for the minimal edit script's answer. */
const MAX_CELLS = 1_000_000;

/**
 * Embed `keep` in `removed` as a subsequence with as few deleted runs as possible, or null
 * when it is not a subsequence. Returns the deleted ranges (offset by `at`).
 */
function fewestGaps(removed: string, keep: string, at: number): Range[] | null {
  const n = removed.length;
  const m = keep.length;
  if (n * m > MAX_CELLS) return minimalScriptGaps(removed, keep, at);
  const width = n + 1;
  // matched[j * width + i]: fewest deleted runs covering removed[0, i) while keeping keep[0, j), removed[i - 1] kept;
  // dropped: the same with removed[i - 1] deleted.
  const matched = new Float64Array((m + 1) * width).fill(Infinity);
  const dropped = new Float64Array((m + 1) * width).fill(Infinity);
  matched[0] = 0;
  for (let j = 0; j <= m; j++) {
    for (let i = 1; i <= n; i++) {
      const k = j * width + i;
      dropped[k] = Math.min(matched[k - 1]! + 1, dropped[k - 1]!);
      if (j > 0 && removed[i - 1] === keep[j - 1]) matched[k] = Math.min(matched[k - width - 1]!, dropped[k - width - 1]!);
    }
  }
  const end = m * width + n;
  if (Math.min(matched[end]!, dropped[end]!) === Infinity) return null;
  const deleted: Range[] = [];
  let i = n;
  let j = m;
  let inDeletion = dropped[end]! < matched[end]!;
  while (i > 0) {
    const k = j * width + i;
    if (inDeletion) {
      deleted.push([at + i - 1, at + i]);
      inDeletion = dropped[k]! === dropped[k - 1]! && dropped[k - 1]! < matched[k - 1]! + 1;
    } else {
      inDeletion = dropped[k - width - 1]! < matched[k - width - 1]!;
      j--;
    }
    i--;
  }
  return mergeRanges(deleted);
}

/** The deletions of the minimal edit script, when it needs no insertions. */
function minimalScriptGaps(removed: string, keep: string, at: number): Range[] | null {
  const deleted: Range[] = [];
  let offset = at;
  for (const part of diffChars(removed, keep)) {
    if (part.added) return null;
    if (part.removed) deleted.push([offset, offset + part.value.length]);
    if (!part.added) offset += part.value.length;
  }
  return mergeRanges(deleted);
}

/** Explain a change whose added text is not kept base text: small repairs next to deletions, if it can be. */
function explainWithRepairs(group: Group): Explanation | null {
  const deletions: Range[] = [];
  const repairs: Repair[] = [];
  for (const hunk of editHunks(diffChars(group.removed, group.added)).hunks) {
    const at = group.baseAt + hunk.baseAt;
    if (!hunk.added) {
      deletions.push([at, at + hunk.removed.length]);
      continue;
    }
    const found = tinyRepairAtEdge(hunk.removed, hunk.added, at);
    if (!found) return null;
    repairs.push(found.repair);
    if (found.rest) deletions.push(found.rest);
  }
  return { deletions, repairs };
}

/** Explain one change group: deletions if the added text can be kept from it, else repairs. */
function explainGroup(group: Group): Explanation {
  const { removed, added, baseAt } = group;
  const pre = commonPrefix(removed, added);
  const suf = commonSuffix(removed.slice(pre), added.slice(pre), Math.min(removed.length, added.length) - pre);
  const core: Group = { baseAt: baseAt + pre, removed: removed.slice(pre, removed.length - suf), added: added.slice(pre, added.length - suf) };
  if (core.added === '') return { deletions: core.removed ? [[core.baseAt, core.baseAt + core.removed.length]] : [], repairs: [] };
  const gaps = fewestGaps(core.removed, core.added, core.baseAt);
  if (gaps) return { deletions: gaps, repairs: [] };
  const small = explainWithRepairs(core);
  if (small) return small;
  return { deletions: [], repairs: [{ start: core.baseAt, end: core.baseAt + core.removed.length, text: core.added }] };
}

const WORD_CHAR = /[\p{L}\p{N}]/u;
const isWordChar = (c: string | undefined) => c !== undefined && WORD_CHAR.test(c);

const cutsWord = (base: string, at: number) => isWordChar(base[at - 1]) && isWordChar(base[at]);

/**
 * Where the characters at both ends of a deletion are equal, the same text results from
 * shifting it ("find t[he number of t]riples" = "find [the number of ]triples"). Shift each
 * deletion, within the kept text around it, to the place that cuts the fewest words.
 */
function slideToWordBoundaries(base: string, deletions: Range[], fixed: readonly Repair[]): Range[] {
  const out = deletions.map((r): Range => [r[0], r[1]]);
  out.forEach((range, i) => {
    const [s, e] = range;
    // A deletion slides over kept text only: never into its neighbours or across a repair.
    const low = Math.max(i > 0 ? out[i - 1]![1] : 0, ...fixed.filter((r) => r.end <= s).map((r) => r.end));
    const high = Math.min(i + 1 < out.length ? out[i + 1]![0] : base.length, ...fixed.filter((r) => r.start >= e).map((r) => r.start));
    let best = s;
    let bestCuts = Number(cutsWord(base, s)) + Number(cutsWord(base, e));
    const consider = (shift: number) => {
      const cuts = Number(cutsWord(base, s + shift)) + Number(cutsWord(base, e + shift));
      if (cuts < bestCuts) {
        best = s + shift;
        bestCuts = cuts;
      }
    };
    for (let k = 1; s - k >= low && base[s - k] === base[e - k]; k++) consider(-k);
    for (let k = 1; e + k <= high && base[s + k - 1] === base[e + k - 1]; k++) consider(k);
    range[0] = best;
    range[1] = best + (e - s);
  });
  return out;
}

function wordEnd(base: string, from: number): number {
  let i = from;
  while (i < base.length && isWordChar(base[i])) i++;
  return i;
}

function wordStart(base: string, from: number): number {
  let i = from;
  while (i > 0 && isWordChar(base[i - 1])) i--;
  return i;
}

/** The words a deletion cuts in two: [start, end) of each, merged where they touch. */
function cutWords(base: string, deletions: readonly Range[]): Range[] {
  const words: Range[] = [];
  for (const [s, e] of deletions) {
    if (cutsWord(base, s)) words.push([wordStart(base, s), wordEnd(base, s)]);
    if (cutsWord(base, e)) words.push([wordStart(base, e), wordEnd(base, e)]);
  }
  return mergeRanges(words);
}

/**
 * A deletion that starts or ends inside a word turns that word into another one
 * ("resulting" → "result", "ABC400" → "ABC"): a word change rather than a deletion of
 * information. Each cut word becomes one repair (taking in whatever other edits touch it);
 * the rest of the deletion stays a deletion.
 */
function wordChangesAsRepairs(base: string, deletions: readonly Range[], repairs: readonly Repair[]): { deletions: Range[]; repairs: Repair[] } {
  const regions = cutWords(base, deletions);
  if (regions.length === 0) return { deletions: [...deletions], repairs: [...repairs] };
  // A repair reaching into a cut word joins it, so regions never split a repair.
  for (const r of repairs) {
    const region = regions.find(([lo, hi]) => (r.start < hi && r.end > lo) || (r.start === r.end && r.start > lo && r.start < hi));
    if (region) {
      region[0] = Math.min(region[0], r.start);
      region[1] = Math.max(region[1], r.end);
    }
  }
  const merged = mergeRanges(regions);
  const inside = (lo: number, hi: number) => (r: Repair) => r.start >= lo && r.end <= hi && !(r.start === r.end && (r.start === lo || r.start === hi));
  const changes = merged.map(([lo, hi]): Repair => {
    const clipped = deletions.filter(([s, e]) => s < hi && e > lo).map(([s, e]): Range => [Math.max(s, lo) - lo, Math.min(e, hi) - lo]);
    const local = repairs.filter(inside(lo, hi)).map((r) => ({ start: r.start - lo, end: r.end - lo, text: r.text }));
    return { start: lo, end: hi, text: applyEdits(base.slice(lo, hi), [{ deletions: clipped, repairs: local }]) };
  });
  const outside: Range[] = [];
  for (const [s, e] of deletions) {
    let pieces: Range[] = [[s, e]];
    for (const [lo, hi] of merged) {
      pieces = pieces.flatMap(([ps, pe]): Range[] => (ps < hi && pe > lo ? ([[ps, Math.min(pe, lo)], [Math.max(ps, hi), pe]] as Range[]).filter(([x, y]) => x < y) : [[ps, pe]]));
    }
    outside.push(...pieces);
  }
  const kept = repairs.filter((r) => !merged.some(([lo, hi]) => inside(lo, hi)(r)));
  return { deletions: outside, repairs: [...kept, ...changes] };
}

/**
 * Reconstruct how `text` was cut from `base` (docs/architecture.md, "Domain model"): the deletions, and any repairs
 * with base-text positions. Deletions are kept contiguous where the text allows it, so a
 * deleted phrase is one range rather than the scattered pieces a minimal edit script finds.
 */
export function reconstructEdits(base: string, text: string): Reconstruction {
  const { hunks: groups, kept } = editHunks(diffChars(base, text));
  const deletions: Range[] = [];
  const repairs: Repair[] = [];
  for (const group of foldShortKeeps(groups, kept)) {
    const explained = explainGroup(group);
    deletions.push(...explained.deletions);
    repairs.push(...explained.repairs);
  }
  const final = wordChangesAsRepairs(base, slideToWordBoundaries(base, mergeRanges(deletions), repairs), repairs);
  final.repairs.sort((a, b) => a.start - b.start || a.end - b.end);
  return {
    deletions: final.deletions,
    repairs: final.repairs,
    pure: final.repairs.length === 0,
    explainable: final.repairs.every((r) => isTinyRepair(base.slice(r.start, r.end), r.text)),
  };
}
