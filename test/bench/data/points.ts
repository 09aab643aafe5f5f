import type { Point, Range } from '../../../shared/edits';
import { AMBIGUITY_TYPES, type AmbiguityType } from '../../../shared/taxonomy';
import { pick, pickWeighted, randomInt } from './random';

// Keyword counts of the public release (the datasets' README), in AMBIGUITY_TYPES order:
// generated points follow the same type mix.
const TYPE_WEIGHTS = [160, 77, 80, 61, 18, 188, 27, 9, 50, 5, 4];

export const randomType = (random: () => number): AmbiguityType => pickWeighted(random, AMBIGUITY_TYPES, TYPE_WEIGHTS);

/** The [start, end) range of every word (run of non-space characters) of a text. */
export function wordRanges(text: string): Range[] {
  const out: Range[] = [];
  for (const m of text.matchAll(/\S+/g)) out.push([m.index, m.index + m[0].length]);
  return out;
}

const QUESTION_OPENINGS = ['What exactly is meant by', 'How should the program treat', 'Which rule applies to', 'What is required about'];

function pointFor(base: string, words: Range[], from: number, to: number, random: () => number): Point {
  const first = randomInt(random, from, Math.max(from, to - 8));
  const last = Math.min(to - 1, first + randomInt(random, 0, 7));
  const deletion: Range = [words[first]![0], words[last]![1]];
  const deleted = base.slice(deletion[0], deletion[1]);
  const context = base.slice(Math.max(0, deletion[0] - 30), deletion[0]).replace(/\s+/g, ' ').trim();
  return {
    deletions: [deletion],
    repairs: [],
    question: `${pick(random, QUESTION_OPENINGS)} the part after "${context}"?`,
    answer: `The statement says: ${deleted}`,
    type: randomType(random),
  };
}

/**
 * `count` (1–3) valid points on a base text: each deletes a run of 1–8 whole words from
 * its own third of the text (so deletions never overlap), with a question, an answer drawn
 * from the deleted words and a type.
 */
export function makePoints(base: string, count: number, random: () => number): Point[] {
  const words = wordRanges(base);
  if (words.length < count * 5) throw new Error(`base text too short for ${count} points`);
  const size = Math.floor(words.length / count);
  return Array.from({ length: count }, (_, i) => pointFor(base, words, i * size, i === count - 1 ? words.length : (i + 1) * size, random));
}

/** Grow or shrink a deletion by a word at one end, as a second annotator's span often differs. */
function nudge(range: Range, words: Range[], random: () => number): Range {
  const firstWord = words.findIndex((w) => w[0] === range[0]);
  const lastWord = words.findIndex((w) => w[1] === range[1]);
  if (firstWord < 0 || lastWord < 0) return range;
  const step = random() < 0.5 ? -1 : 1;
  const atStart = random() < 0.5;
  const a = atStart ? Math.min(lastWord, Math.max(0, firstWord + step)) : firstWord;
  const b = atStart ? lastWord : Math.min(words.length - 1, Math.max(a, lastWord + step));
  return [words[a]![0], words[b]![1]];
}

/**
 * A second annotator's independent take on the same problem: most points overlap A's with
 * nudged spans, some change type or wording, and sometimes one is missing or one is extra.
 */
export function secondOpinion(base: string, pointsA: readonly Point[], random: () => number): Point[] {
  const words = wordRanges(base);
  const out: Point[] = [];
  for (const p of pointsA) {
    if (random() < 0.1 && pointsA.length > 1) continue;
    const nudged = random() < 0.7 ? p.deletions.map((r) => nudge(r, words, random)) : p.deletions;
    const others = [...out, ...pointsA.filter((q) => q !== p)].flatMap((q) => q.deletions);
    const clash = others.some((d) => nudged.some((r) => r[0] < d[1] && d[0] < r[1]));
    const deletions = (clash ? p.deletions : nudged).map((r): Range => [r[0], r[1]]);
    out.push({
      deletions,
      repairs: [],
      question: random() < 0.5 ? p.question : p.question.replace(/^\S+ \S+/, 'Could you clarify'),
      answer: random() < 0.6 ? p.answer : `It is: ${base.slice(deletions[0]![0], deletions[0]![1])}`,
      type: random() < 0.75 ? p.type : randomType(random),
    });
  }
  if (out.length === 0) out.push(...makePoints(base, 1, random));
  return out;
}
