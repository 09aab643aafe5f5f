import { checkSuggestion } from './check';
/**
 * A model quotes the text it deletes; the offsets come from finding that quote in the base text:
 * exactly first, then tolerant of whitespace (runs of spaces and line breaks
 * match any other run). A quote found nowhere, or in more than one place, is dropped and counted:
 * an offset is never guessed.
 */
import { MAX_POINTS, type Range } from '../edits';
import { suggestedPointSchema, type SuggestedPoint } from './schema';
import type { ModelPoint } from './prompt';

export type Located = { found: Range; how: 'exact' | 'whitespace' } | { found: null; why: 'not-found' | 'ambiguous' };

function exactMatches(text: string, quote: string, limit: number): number[] {
  const at: number[] = [];
  for (let i = text.indexOf(quote); i >= 0 && at.length < limit; i = text.indexOf(quote, i + 1)) at.push(i);
  return at;
}

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Where the quoted span is in the text, if it is there exactly once. */
export function locateSpan(text: string, rawQuote: string): Located {
  const quote = rawQuote.trim();
  if (quote === '') return { found: null, why: 'not-found' };
  const exact = exactMatches(text, quote, 2);
  if (exact.length === 1) return { found: [exact[0]!, exact[0]! + quote.length], how: 'exact' };
  if (exact.length > 1) return { found: null, why: 'ambiguous' };
  const pattern = new RegExp(quote.split(/\s+/).map(escapeRegExp).join('\\s+'), 'g');
  const first = pattern.exec(text);
  if (!first) return { found: null, why: 'not-found' };
  if (pattern.exec(text)) return { found: null, why: 'ambiguous' };
  return { found: [first.index, first.index + first[0].length], how: 'whitespace' };
}

export interface BuiltPoints {
  points: SuggestedPoint[];
  /** Quotes not found, found more than once, or overlapping an earlier point's deletion. */
  droppedSpans: number;
  /** Points left with no deletion (or otherwise not a valid suggested point). */
  droppedPoints: number;
}

const overlaps = (a: Range, b: Range) => a[0] < b[1] && b[0] < a[1];

/** The model's points with their quotes turned into ranges of the base text; what cannot be placed is counted. */
export function buildPoints(baseText: string, modelPoints: readonly ModelPoint[]): BuiltPoints {
  const taken: Range[] = [];
  const points: SuggestedPoint[] = [];
  let droppedSpans = 0;
  let droppedPoints = 0;
  for (const mp of modelPoints.slice(0, MAX_POINTS)) {
    const deletions: Range[] = [];
    for (const quote of mp.deleted_spans) {
      const located = locateSpan(baseText, quote);
      if (located.found === null || taken.some((r) => overlaps(r, located.found))) {
        droppedSpans++;
        continue;
      }
      taken.push(located.found);
      deletions.push(located.found);
    }
    deletions.sort((a, b) => a[0] - b[0]);
    const point = suggestedPointSchema.safeParse({ deletions, repairs: [], question: mp.question, answer: mp.answer, type: mp.type });
    if (point.success) points.push(point.data);
    else droppedPoints++;
  }
  droppedPoints += Math.max(0, modelPoints.length - MAX_POINTS);
  return { points, droppedSpans, droppedPoints };
}

/**
 * Whether generated points make a valid suggestion for the base text: the same check an imported
 * suggestion passes (shared/suggestions/check.ts). buildPoints has parsed each point already.
 */
export function validGeneratedPoints(baseText: string, points: readonly SuggestedPoint[]): boolean {
  return checkSuggestion(baseText, points).length === 0;
}
