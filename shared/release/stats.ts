import { AMBIGUITY_TYPES } from '../taxonomy';
import type { ReleaseRecord } from './format';

/** What the card needs to know about a source problem of the release. */
export interface ProblemFacts {
  questionId: string;
  platform: string;
  contestDate: string;
  difficulty: string;
}

export interface Count {
  label: string;
  count: number;
}

export interface LengthStats {
  min: number;
  median: number;
  mean: number;
  max: number;
}

export interface ReleaseStats {
  tasks: number;
  problems: number;
  /** Tasks per K (number of points), K = 1, 2, 3 in order. */
  k: Count[];
  /** Each keyword counted once per task, in taxonomy order; unknown keywords last. */
  keywords: Count[];
  keywordTotal: number;
  /** Per-point types over all qa pairs of all tasks, where the types are known. */
  pointTypes: Count[] | null;
  points: number;
  textLength: LengthStats;
  questionLength: LengthStats;
  answerLength: LengthStats;
  contestDates: { from: string; to: string } | null;
  difficulty: Count[];
  platforms: Count[];
}

function lengthStats(values: readonly number[] | Float64Array): LengthStats {
  if (values.length === 0) return { min: 0, median: 0, mean: 0, max: 0 };
  const sorted = Float64Array.from(values).sort(); // typed arrays sort numerically
  const mid = Math.floor(sorted.length / 2);
  const median = sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
  const mean = sorted.reduce((s, v) => s + v, 0) / sorted.length;
  return { min: sorted[0]!, median, mean: Math.round(mean * 10) / 10, max: sorted[sorted.length - 1]! };
}

function tally(values: readonly string[], order: readonly string[] = []): Count[] {
  const counts = new Map<string, number>();
  for (const v of values) counts.set(v, (counts.get(v) ?? 0) + 1);
  const known = order.filter((l) => counts.has(l)).map((label) => ({ label, count: counts.get(label)! }));
  const rest = [...counts.keys()].filter((l) => !order.includes(l)).sort().map((label) => ({ label, count: counts.get(label)! }));
  return [...known, ...rest];
}

// A high surrogate followed by a low one: one character written as two UTF-16 units.
const SURROGATE_PAIR = /[\uD800-\uDBFF][\uDC00-\uDFFF]/g;

/** Length in characters (code points, as Python counts them): `[...text].length` without the array. */
export function characterLength(text: string): number {
  return text.length - (text.match(SURROGATE_PAIR)?.length ?? 0);
}

/** Sort by count, most frequent first, ties in the given order. */
export const byCount = (counts: readonly Count[]): Count[] => [...counts].sort((a, b) => b.count - a.count);

/**
 * Every figure of the data card, computed from the exported records (and the facts of
 * their source problems), so the card cannot drift from the data.
 */
export function releaseStats(records: readonly ReleaseRecord[], problems: readonly ProblemFacts[], pointTypes: readonly (readonly (string | null)[])[] | null = null): ReleaseStats {
  // One pass over the records and their points, in file order (the tallies keep first-seen order).
  const used = new Set<string>();
  const kCounts = new Map<number, number>();
  const keywords: string[] = [];
  const textLengths = new Float64Array(records.length);
  const questionLengths: number[] = [];
  const answerLengths: number[] = [];
  let allTyped = true;
  records.forEach((r, i) => {
    used.add(r.question_id);
    kCounts.set(r.qa_pairs.length, (kCounts.get(r.qa_pairs.length) ?? 0) + 1);
    for (const kw of r.keywords) keywords.push(kw);
    textLengths[i] = characterLength(r.modified_content);
    for (const p of r.qa_pairs) {
      questionLengths.push(characterLength(p.question));
      answerLengths.push(characterLength(p.answer));
      if (p.type === undefined) allTyped = false;
    }
  });
  const sources = problems.filter((p) => used.has(p.questionId));
  const dates = sources.map((p) => p.contestDate.slice(0, 10)).filter(Boolean).sort();
  const types = pointTypes ?? (allTyped && questionLengths.length > 0 ? records.map((r) => r.qa_pairs.map((p) => p.type ?? null)) : null);
  return {
    tasks: records.length,
    problems: used.size,
    k: [1, 2, 3].map((k) => ({ label: String(k), count: kCounts.get(k) ?? 0 })),
    keywords: tally(keywords, AMBIGUITY_TYPES),
    keywordTotal: keywords.length,
    pointTypes: types ? tally(types.flat().map((t) => t ?? '(none)'), AMBIGUITY_TYPES) : null,
    points: questionLengths.length,
    textLength: lengthStats(textLengths),
    questionLength: lengthStats(questionLengths),
    answerLength: lengthStats(answerLengths),
    contestDates: dates.length ? { from: dates[0]!, to: dates[dates.length - 1]! } : null,
    difficulty: tally(sources.map((p) => p.difficulty), ['easy', 'medium', 'hard']),
    platforms: tally(sources.map((p) => p.platform)),
  };
}
