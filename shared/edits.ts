import { diffChars } from 'diff';
import type { AmbiguityType } from './taxonomy';

/** Half-open character range [start, end) of the base text. */
export type Range = [number, number];

/** A tiny edit that keeps the text grammatical after a deletion: replace base[start, end) with text. */
export interface Repair {
  start: number;
  end: number;
  text: string;
}

export interface PointEdits {
  deletions: Range[];
  repairs: Repair[];
}

export interface Point extends PointEdits {
  question: string;
  answer: string;
  type: AmbiguityType | null;
}

/** A finding about user input: `path` names the field ("points[0].deletions[1]"). */
export interface Finding {
  path: string;
  message: string;
  span?: Range;
}

export const MAX_POINTS = 3;
export const MAX_REPAIR_LENGTH = 3;
export const REPAIR_REACH = 3;

const PUNCTUATION_OR_SPACE = /^[\s\p{P}\p{S}]*$/u;

/** A repair may only change punctuation, whitespace or the case of letters, a few characters at a time. */
export function isTinyRepair(before: string, after: string): boolean {
  if (before.length > MAX_REPAIR_LENGTH || after.length > MAX_REPAIR_LENGTH) return false;
  if (before === after) return false;
  if (PUNCTUATION_OR_SPACE.test(before) && PUNCTUATION_OR_SPACE.test(after)) return true;
  return before.length === after.length && before.toLowerCase() === after.toLowerCase();
}

function rangesOverlap(a: Range, b: Range): boolean {
  return a[0] < b[1] && b[0] < a[1];
}

function repairTouchesRange(repair: Repair, range: Range): boolean {
  if (repair.start === repair.end) return repair.start > range[0] && repair.start < range[1];
  return rangesOverlap([repair.start, repair.end], range);
}

/** Merged, sorted copy of ranges (overlapping or adjacent ranges joined). */
export function mergeRanges(ranges: readonly Range[]): Range[] {
  const sorted = ranges.map((r): Range => [r[0], r[1]]).sort((a, b) => a[0] - b[0] || a[1] - b[1]);
  const merged: Range[] = [];
  for (const range of sorted) {
    const last = merged[merged.length - 1];
    if (last && range[0] <= last[1]) last[1] = Math.max(last[1], range[1]);
    else merged.push(range);
  }
  return merged;
}

/** Characters two merged, sorted range lists have in common (a linear merge walk). */
export function overlapLength(a: readonly Range[], b: readonly Range[]): number {
  let i = 0;
  let j = 0;
  let total = 0;
  while (i < a.length && j < b.length) {
    const [as, ae] = a[i]!;
    const [bs, be] = b[j]!;
    total += Math.max(0, Math.min(ae, be) - Math.max(as, bs));
    if (ae < be) i++;
    else j++;
  }
  return total;
}

export function rangesLength(ranges: readonly Range[]): number {
  return mergeRanges(ranges).reduce((sum, [s, e]) => sum + (e - s), 0);
}

interface Op {
  start: number;
  end: number;
  text: string;
}

/** The text after applying the deletions and repairs of the given points (the underspecified text). */
export function applyEdits(base: string, points: readonly PointEdits[]): string {
  const ops: Op[] = [];
  for (const point of points) {
    for (const [start, end] of point.deletions) ops.push({ start, end, text: '' });
    for (const repair of point.repairs) ops.push({ start: repair.start, end: repair.end, text: repair.text });
  }
  // Insertions at a position come before a deletion starting there, so a line break
  // recorded at the start of a deleted span stays in place.
  ops.sort((a, b) => a.start - b.start || (a.end - a.start) - (b.end - b.start));
  let out = '';
  let cursor = 0;
  for (const op of ops) {
    const start = Math.max(op.start, cursor);
    if (start > cursor) out += base.slice(cursor, start);
    out += op.text;
    cursor = Math.max(cursor, op.end);
  }
  return out + base.slice(cursor);
}

function checkRange(range: Range, base: string, path: string, findings: Finding[]): boolean {
  const [start, end] = range;
  if (!Number.isInteger(start) || !Number.isInteger(end) || start < 0 || end > base.length || start >= end) {
    findings.push({ path, message: `range [${start}, ${end}) must satisfy 0 ≤ start < end ≤ ${base.length} (the base text length)` });
    return false;
  }
  if (splitsCharacter(base, start) || splitsCharacter(base, end)) {
    findings.push({ path, message: `range [${start}, ${end}) cuts a character in two`, span: range });
    return false;
  }
  return true;
}

export type ValidationMode = 'draft' | 'submit';

/**
 * The structural rules every save must satisfy, plus the completeness rules of a submit
 * (1–3 points, each with a deletion, a question, an answer and a type).
 */
export function validatePoints(base: string, points: readonly Point[], mode: ValidationMode): Finding[] {
  const findings: Finding[] = [];
  if (points.length > MAX_POINTS) findings.push({ path: 'points', message: `at most ${MAX_POINTS} points are allowed (got ${points.length})` });
  if (mode === 'submit' && points.length === 0) findings.push({ path: 'points', message: 'at least one point is required to submit' });

  const allDeletions: { range: Range; path: string }[] = [];
  points.forEach((point, p) => {
    point.deletions.forEach((range, d) => {
      const path = `points[${p}].deletions[${d}]`;
      if (!checkRange(range, base, path, findings)) return;
      const clash = allDeletions.find((other) => rangesOverlap(other.range, range));
      if (clash) findings.push({ path, message: `overlaps ${clash.path}; a character can be deleted by one point only`, span: range });
      allDeletions.push({ range, path });
    });
  });

  const allRepairs: { repair: Repair; path: string }[] = [];
  points.forEach((point, p) => {
    point.repairs.forEach((repair, r) => {
      const path = `points[${p}].repairs[${r}]`;
      const { start, end } = repair;
      if (!Number.isInteger(start) || !Number.isInteger(end) || start < 0 || end > base.length || start > end) {
        findings.push({ path, message: `range [${start}, ${end}) must satisfy 0 ≤ start ≤ end ≤ ${base.length}` });
        return;
      }
      if (splitsCharacter(base, start) || splitsCharacter(base, end)) {
        findings.push({ path, message: `range [${start}, ${end}) cuts a character in two`, span: [start, end] });
        return;
      }
      const before = base.slice(start, end);
      if (!isTinyRepair(before, repair.text)) {
        findings.push({
          path,
          message: `changing ${JSON.stringify(before)} to ${JSON.stringify(repair.text)} is not deletion-only: a repair may only change punctuation, a line break or letter case (at most ${MAX_REPAIR_LENGTH} characters)`,
          span: [start, end],
        });
        return;
      }
      const near = point.deletions.some(([s, e]) => start <= e + REPAIR_REACH && end >= s - REPAIR_REACH);
      if (!near) findings.push({ path, message: `a repair must sit next to a deletion of the same point (within ${REPAIR_REACH} characters)`, span: [start, end] });
      const deleted = allDeletions.find((d) => repairTouchesRange(repair, d.range));
      if (deleted) findings.push({ path, message: `changes text that ${deleted.path} deletes`, span: [start, end] });
      const clash = allRepairs.find((o) => (o.repair.start === start && o.repair.end === end) || rangesOverlap([o.repair.start, o.repair.end], [start, end]));
      if (clash) findings.push({ path, message: `overlaps ${clash.path}`, span: [start, end] });
      allRepairs.push({ repair, path });
    });
  });

  if (mode === 'submit') {
    points.forEach((point, p) => {
      if (point.deletions.length === 0) findings.push({ path: `points[${p}].deletions`, message: 'delete at least one span of the statement' });
      else if (point.deletions.every(([s, e]) => base.slice(s, e).trim() === '')) {
        findings.push({ path: `points[${p}].deletions`, message: 'the deletions remove only whitespace' });
      }
      if (point.question.trim() === '') findings.push({ path: `points[${p}].question`, message: 'the key question is required' });
      if (point.answer.trim() === '') findings.push({ path: `points[${p}].answer`, message: 'the answer is required' });
      if (point.type === null) findings.push({ path: `points[${p}].type`, message: 'choose an ambiguity type' });
    });
  }
  if (findings.length === 0) {
    const text = applyEdits(base, points);
    const check = checkDeletionOnly(base, text, points.flatMap((p) => p.repairs));
    for (const bad of check.offending) {
      findings.push({ path: 'points', message: `the text inserts ${JSON.stringify(bad.text)} at offset ${bad.at}, which no recorded repair explains`, span: [bad.at, bad.at + bad.text.length] });
    }
  }
  return findings;
}

export interface DeletionOnlyResult {
  ok: boolean;
  /** Text that is neither in the base text nor produced by a recorded repair, with its offset in `text`. */
  offending: { at: number; text: string }[];
}

/**
 * Is `text` reachable from `base` by deletions plus the recorded repairs only? The repairs
 * are applied first; what remains must be a pure deletion, which the `diff` package's
 * minimal edit script shows as having no additions.
 */
export function checkDeletionOnly(base: string, text: string, repairs: readonly Repair[] = []): DeletionOnlyResult {
  const repaired = applyEdits(base, [{ deletions: [], repairs: [...repairs] }]);
  // A minimal edit script has no additions exactly when `text` is a subsequence of
  // `repaired` (its longest common subsequence is then `text` itself), so that linear
  // check gives the same answer as the diff; the diff still runs to locate the offenders.
  if (isSubsequence(text, repaired)) return { ok: true, offending: [] };
  const offending: { at: number; text: string }[] = [];
  let at = 0;
  for (const part of diffChars(repaired, text)) {
    if (part.added) offending.push({ at, text: part.value });
    if (!part.removed) at += part.value.length;
  }
  return { ok: offending.length === 0, offending };
}

/**
 * Is `small` what remains of `big` after deleting some of its characters? Compared by code
 * point, as the diff compares characters: halves of two surrogate pairs never make a new one.
 */
function isSubsequence(small: string, big: string): boolean {
  if (small.length > big.length) return false;
  let i = 0;
  for (let j = 0; j < big.length && i < small.length; ) {
    const want = small.codePointAt(i)!;
    const have = big.codePointAt(j)!;
    if (want === have) i += want > 0xffff ? 2 : 1;
    j += have > 0xffff ? 2 : 1;
  }
  return i === small.length;
}

const isHighSurrogate = (code: number) => code >= 0xd800 && code <= 0xdbff;
const isLowSurrogate = (code: number) => code >= 0xdc00 && code <= 0xdfff;

/** An offset between the two halves of a surrogate pair cuts a character in two. */
export function splitsCharacter(text: string, offset: number): boolean {
  return offset > 0 && offset < text.length && isHighSurrogate(text.charCodeAt(offset - 1)) && isLowSurrogate(text.charCodeAt(offset));
}
