import { diffArrays } from 'diff';
import { alignPoints, type Alignment } from './alignment';
import { applyEdits, mergeRanges, type Point, type PointEdits, type Range } from './edits';

/** How a run of base-text characters was treated by the two annotators. */
export type MarkKind = 'kept' | 'both' | 'onlyA' | 'onlyB';

export interface MarkSegment {
  start: number;
  end: number;
  kind: MarkKind;
}

/** One part of a word diff from A's side to B's side: 'same', only in A, or only in B. */
export interface DiffPart {
  value: string;
  kind: 'same' | 'onlyA' | 'onlyB';
}

export interface PairCheck {
  a: number;
  b: number;
  iou: number;
  typeMatch: boolean;
  questionMatch: boolean;
  answerMatch: boolean;
  question: DiffPart[];
  answer: DiffPart[];
  /** This slot's agreement in [0, 1] (see DISAGREEMENT_WEIGHTS). */
  agreement: number;
}

export interface CrossCheck {
  marks: MarkSegment[];
  textA: string;
  textB: string;
  /** Word-level diff between A's and B's underspecified texts. */
  textDiff: DiffPart[];
  alignment: { pairs: PairCheck[]; unmatchedA: number[]; unmatchedB: number[] };
  /** 1 − mean slot agreement, in [0, 1]; 0 when the annotations agree exactly. */
  disagreement: number;
  /** Same deletions and repairs, same type, same question and answer (whitespace-normalised) for every point. */
  exactAgreement: boolean;
}

/**
 * A slot is an aligned pair or an unmatched point. An aligned pair's agreement weighs the span
 * overlap (IoU) most, then the type, then the wording of question and answer (word Dice
 * similarity); an unmatched point's agreement is 0. Disagreement = 1 − mean over slots.
 */
export const DISAGREEMENT_WEIGHTS = { span: 0.5, type: 0.25, question: 0.125, answer: 0.125 } as const;

export const normalizeWhitespace = (s: string): string => s.trim().replace(/\s+/g, ' ');

/** Whitespace runs, word runs (letters, digits, underscore: "A_1", "town") and single punctuation marks. */
const tokens = (s: string): string[] => s.match(/\s+|[\p{L}\p{N}_]+|[^\s\p{L}\p{N}_]/gu) ?? [];

/**
 * Word diff from A to B over whole tokens, whitespace included: the 'same' and 'onlyA' parts
 * rebuild A exactly and the 'same' and 'onlyB' parts rebuild B, so no stray or lost space
 * appears on either side ("town K ." for "town K."). A lone space between two changes joins
 * them, so "array size" → "element type" reads as one change, not two.
 */
export function wordDiff(a: string, b: string): DiffPart[] {
  const raw = diffArrays(tokens(a), tokens(b)).map((c): DiffPart => ({ value: c.value.join(''), kind: c.added ? 'onlyB' : c.removed ? 'onlyA' : 'same' }));
  const changed = (p: DiffPart | undefined) => p !== undefined && p.kind !== 'same';
  const parts: DiffPart[] = [];
  let onlyA = '';
  let onlyB = '';
  const flush = () => {
    if (onlyA) parts.push({ value: onlyA, kind: 'onlyA' });
    if (onlyB) parts.push({ value: onlyB, kind: 'onlyB' });
    onlyA = onlyB = '';
  };
  raw.forEach((p, i) => {
    const glue = p.kind === 'same' && /^\s+$/.test(p.value) && changed(raw[i - 1]) && changed(raw[i + 1]);
    if (p.kind === 'onlyA' || glue) onlyA += p.value;
    if (p.kind === 'onlyB' || glue) onlyB += p.value;
    if (p.kind !== 'same' || glue) return;
    flush();
    if (p.value !== '') parts.push({ ...p });
  });
  flush();
  return parts;
}

const countWords = (s: string): number => (s.match(/\S+/g) ?? []).length;

/** Dice similarity of two texts' words from their word diff: 2·common / (words in A + words in B). */
export function wordSimilarity(parts: readonly DiffPart[]): number {
  let common = 0;
  let total = 0;
  for (const p of parts) {
    const n = countWords(p.value);
    if (p.kind === 'same') {
      common += n;
      total += 2 * n;
    } else total += n;
  }
  return total === 0 ? 1 : (2 * common) / total;
}

/** The base text cut into runs kept by both, deleted by both, only by A, only by B. */
export function markBaseText(length: number, deletionsA: readonly Range[], deletionsB: readonly Range[]): MarkSegment[] {
  const bounds = new Set<number>([0, length]);
  const a = mergeRanges(deletionsA);
  const b = mergeRanges(deletionsB);
  for (const [s, e] of [...a, ...b]) {
    bounds.add(Math.max(0, Math.min(length, s)));
    bounds.add(Math.max(0, Math.min(length, e)));
  }
  const cuts = [...bounds].sort((x, y) => x - y);
  const covers = (ranges: Range[], at: number) => ranges.some(([s, e]) => s <= at && at < e);
  const segments: MarkSegment[] = [];
  for (let i = 0; i + 1 < cuts.length; i++) {
    const start = cuts[i]!;
    const end = cuts[i + 1]!;
    if (start === end) continue;
    const inA = covers(a, start);
    const inB = covers(b, start);
    const kind: MarkKind = inA && inB ? 'both' : inA ? 'onlyA' : inB ? 'onlyB' : 'kept';
    const last = segments[segments.length - 1];
    if (last && last.kind === kind && last.end === start) last.end = end;
    else segments.push({ start, end, kind });
  }
  return segments;
}

function sameEdits(a: PointEdits, b: PointEdits): boolean {
  const ra = JSON.stringify(mergeRanges(a.deletions));
  const rb = JSON.stringify(mergeRanges(b.deletions));
  const key = (p: PointEdits) => JSON.stringify([...p.repairs].sort((x, y) => x.start - y.start || x.end - y.end).map((r) => [r.start, r.end, r.text]));
  return ra === rb && key(a) === key(b);
}

/** Do two points agree field by field (the auto-accept rule for one pair)? */
export function pointsAgreeExactly(a: Point, b: Point): boolean {
  return (
    sameEdits(a, b) &&
    a.type === b.type &&
    normalizeWhitespace(a.question) === normalizeWhitespace(b.question) &&
    normalizeWhitespace(a.answer) === normalizeWhitespace(b.answer)
  );
}

function checkPair(pointA: Point, pointB: Point, a: number, b: number, iou: number): PairCheck {
  const question = wordDiff(normalizeWhitespace(pointA.question), normalizeWhitespace(pointB.question));
  const answer = wordDiff(normalizeWhitespace(pointA.answer), normalizeWhitespace(pointB.answer));
  const typeMatch = pointA.type !== null && pointA.type === pointB.type;
  const w = DISAGREEMENT_WEIGHTS;
  const agreement =
    w.span * iou + w.type * (typeMatch ? 1 : 0) + w.question * wordSimilarity(question) + w.answer * wordSimilarity(answer);
  return {
    a,
    b,
    iou,
    typeMatch,
    questionMatch: question.every((p) => p.kind === 'same'),
    answerMatch: answer.every((p) => p.kind === 'same'),
    question,
    answer,
    agreement,
  };
}

function disagreementOf(alignment: Alignment, pairs: readonly PairCheck[]): number {
  const slots = pairs.length + alignment.unmatchedA.length + alignment.unmatchedB.length;
  if (slots === 0) return 0;
  const agreed = pairs.reduce((sum, p) => sum + p.agreement, 0);
  return Math.min(1, Math.max(0, 1 - agreed / slots));
}

/**
 * Cut positions of the base text where neither side edits anything and a word starts (after a
 * whitespace character): the texts before and after such a cut can be diffed separately.
 */
function syncPoints(base: string, pointsA: readonly Point[], pointsB: readonly Point[]): number[] {
  const edits: Range[] = [];
  for (const p of [...pointsA, ...pointsB]) {
    for (const [s, e] of p.deletions) edits.push([s, e]);
    for (const r of p.repairs) edits.push([r.start, r.end]);
  }
  const touched = (k: number) => edits.some(([s, e]) => s < k && k < e) || edits.some(([s, e]) => s === e && s === k);
  const eligible = (k: number) => /\s/.test(base[k - 1]!) && !touched(k);
  const cuts: number[] = [];
  let last = 0;
  // In every untouched stretch, cut just after the previous edit and just before the next one,
  // so the long common middle becomes a piece of its own.
  for (const [s, e] of [...mergeRanges(edits), [base.length + 1, base.length + 1] as Range]) {
    const end = Math.min(s, base.length);
    let first = last + 1;
    while (first < end && !eligible(first)) first++;
    let final = end - 1;
    while (final > first && !eligible(final)) final--;
    if (first < end) cuts.push(first);
    if (final > first) cuts.push(final);
    last = e;
  }
  return cuts;
}

function shiftPoints(points: readonly Point[], start: number, end: number): PointEdits[] {
  const inside = (s: number, e: number) => s >= start && e <= end;
  return points.map((p) => ({
    deletions: p.deletions.filter(([s, e]) => inside(s, e)).map(([s, e]): Range => [s - start, e - start]),
    repairs: p.repairs.filter((r) => inside(r.start, r.end)).map((r) => ({ ...r, start: r.start - start, end: r.end - start })),
  }));
}

/**
 * Word diff of A's and B's underspecified texts. Both derive from the base text, so the base is
 * cut where neither side edits and each piece is diffed alone: equal pieces cost nothing and the
 * diff stays fast on long statements.
 */
function textWordDiff(base: string, pointsA: readonly Point[], pointsB: readonly Point[]): DiffPart[] {
  const bounds = [0, ...syncPoints(base, pointsA, pointsB), base.length];
  const parts: DiffPart[] = [];
  const push = (part: DiffPart) => {
    const prev = parts[parts.length - 1];
    if (prev && prev.kind === part.kind) prev.value += part.value;
    else if (part.value !== '') parts.push({ ...part });
  };
  for (let i = 0; i + 1 < bounds.length; i++) {
    const slice = base.slice(bounds[i], bounds[i + 1]);
    const a = applyEdits(slice, shiftPoints(pointsA, bounds[i]!, bounds[i + 1]!));
    const b = applyEdits(slice, shiftPoints(pointsB, bounds[i]!, bounds[i + 1]!));
    if (a === b) push({ value: a, kind: 'same' });
    else wordDiff(a, b).forEach(push);
  }
  return parts;
}

/** Compare two annotations of one base text (docs/adjudication.md, "Cross-check and adjudication"). */
export function buildCrossCheck(base: string, pointsA: readonly Point[], pointsB: readonly Point[]): CrossCheck {
  const textA = applyEdits(base, pointsA);
  const textB = applyEdits(base, pointsB);
  const alignment = alignPoints(pointsA, pointsB);
  const pairs = alignment.pairs.map((p) => checkPair(pointsA[p.a]!, pointsB[p.b]!, p.a, p.b, p.iou));
  const exactAgreement =
    pointsA.length > 0 &&
    pointsA.length === pointsB.length &&
    pairs.length === pointsA.length &&
    pairs.every((p) => pointsAgreeExactly(pointsA[p.a]!, pointsB[p.b]!));
  return {
    marks: markBaseText(
      base.length,
      pointsA.flatMap((p) => p.deletions),
      pointsB.flatMap((p) => p.deletions),
    ),
    textA,
    textB,
    textDiff: textA === textB ? [{ value: textA, kind: 'same' }] : textWordDiff(base, pointsA, pointsB),
    alignment: { pairs, unmatchedA: alignment.unmatchedA, unmatchedB: alignment.unmatchedB },
    disagreement: exactAgreement ? 0 : disagreementOf(alignment, pairs),
    exactAgreement,
  };
}
