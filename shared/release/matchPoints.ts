import { diffWords } from 'diff';
import { normalizeWhitespace } from '../runs/pyText';

/** What identifies a point to a task's qa pair: the question it asks and the answer it gets. */
export interface PointWording {
  question: string;
  answer: string;
}

/** Shared words of two strings, as a share of the longer: a reworded question still matches its point. */
function similarity(a: string, b: string): number {
  if (a === b) return 1;
  let common = 0;
  let total = 0;
  for (const part of diffWords(a, b)) {
    const words = part.value.split(/\s+/).filter(Boolean).length;
    if (!part.added && !part.removed) common += words;
    if (!part.added) total += words;
  }
  return total === 0 ? 0 : common / Math.max(total, b.split(/\s+/).filter(Boolean).length);
}

const score = (pair: PointWording, p: PointWording) =>
  2 * Number(pair.question === p.question) + 2 * Number(pair.answer === p.answer) + similarity(pair.question, p.question) + similarity(pair.answer, p.answer);

function permutations(pool: readonly number[], k: number): number[][] {
  if (k === 0) return [[]];
  return permutations(pool, k - 1).flatMap((p) => pool.filter((i) => !p.includes(i)).map((i) => [...p, i]));
}

/** Each qa pair whose whitespace-normalised question is exactly one point's (and no other pair's): that point. */
export function sameQuestionPoints(points: readonly PointWording[], qa: readonly PointWording[]): (number | null)[] {
  const norm = (s: string) => normalizeWhitespace(s);
  const count = <T>(list: readonly T[], key: (t: T) => string) => {
    const out = new Map<string, number>();
    for (const t of list) out.set(key(t), (out.get(key(t)) ?? 0) + 1);
    return out;
  };
  const pointCount = count(points, (p) => norm(p.question));
  const qaCount = count(qa, (p) => norm(p.question));
  return qa.map((pair) => {
    const q = norm(pair.question);
    if (pointCount.get(q) !== 1 || qaCount.get(q) !== 1) return null;
    return points.findIndex((p) => norm(p.question) === q);
  });
}

/**
 * The point each qa pair of a task was written for (an index into `points`, one point per pair),
 * by identity, never by position: a pair asking exactly a point's question (whitespace aside) is
 * that point; the other pairs take, among the points left, the assignment whose questions and
 * answers agree best (a reworded question still finds its point). Null when some pair agrees
 * with no point left at all, or there are fewer points than pairs.
 */
export function matchPoints(points: readonly PointWording[], qa: readonly PointWording[]): number[] | null {
  if (qa.length > points.length) return null;
  const fixed = sameQuestionPoints(points, qa);
  const open = qa.map((_, i) => i).filter((i) => fixed[i] === null);
  const pool = points.map((_, i) => i).filter((i) => !fixed.includes(i));
  let best: number[] | null = open.length === 0 ? [] : null;
  let bestScore = -1;
  for (const candidate of open.length === 0 ? [] : permutations(pool, open.length)) {
    const scores = candidate.map((p, n) => score(qa[open[n]!]!, points[p]!));
    const total = scores.reduce((s, v) => s + v, 0);
    if (scores.every((s) => s > 0) && total > bestScore) {
      best = candidate;
      bestScore = total;
    }
  }
  if (!best) return null;
  const chosen = best;
  return fixed.map((f, i) => f ?? chosen[open.indexOf(i)]!);
}
