import { MAX_POINTS, mergeRanges, type Point } from '../../../../../shared/edits';
import type { AnnotationView } from '../../../../../shared/schemas/annotation';
import type { SuggestedPoint, SuggestedPointRef, Suggestion } from '../../../../../shared/suggestions/schema';
import { subtractRanges } from './model';

/** Pure operations on the suggestions of one annotation (no DOM, no React). */

/** What the editor keeps of suggestions beside the points: each point's origin, and the dismissed suggested points. */
export interface SuggestionState {
  origins: (SuggestedPointRef | null)[];
  dismissed: SuggestedPointRef[];
}

/** A suggested point still waiting for the annotator: neither accepted nor dismissed. */
export interface Ghost {
  ref: SuggestedPointRef;
  suggestion: Suggestion;
  point: SuggestedPoint;
}

const same = (a: SuggestedPointRef, b: SuggestedPointRef) => a.suggestionId === b.suggestionId && a.point === b.point;
export const ghostKey = (ref: SuggestedPointRef) => `${ref.suggestionId}-${ref.point}`;

export function initialSuggestionState(view: AnnotationView): SuggestionState {
  return {
    origins: view.origins.map((o) => (o.suggestionId !== null && o.suggestionPoint !== null ? { suggestionId: o.suggestionId, point: o.suggestionPoint } : null)),
    dismissed: view.dismissed ?? [],
  };
}

export function pendingGhosts(suggestions: readonly Suggestion[], state: SuggestionState): Ghost[] {
  const taken = [...state.dismissed, ...state.origins.filter((o): o is SuggestedPointRef => o !== null)];
  return suggestions.flatMap((suggestion) =>
    suggestion.points.flatMap((point, i) => {
      const ref = { suggestionId: suggestion.id, point: i };
      return taken.some((t) => same(t, ref)) ? [] : [{ ref, suggestion, point }];
    }),
  );
}

/**
 * Accept a suggested point as a new point of the annotation: its deletions (less what other
 * points already delete), question, answer and type. Refused (a message) when there are already
 * three points or the other points delete all of its text.
 */
export function acceptGhost(points: readonly Point[], state: SuggestionState, ghost: Ghost): { points: Point[]; state: SuggestionState } | string {
  if (points.length >= MAX_POINTS) return `There are already ${MAX_POINTS} points: remove one to accept this suggestion.`;
  const others = points.flatMap((p) => p.deletions);
  const deletions = mergeRanges(ghost.point.deletions.flatMap((r) => subtractRanges(r, others)));
  if (deletions.length === 0) return 'Your points already delete all of this suggestion’s text.';
  const point: Point = { deletions, repairs: [], question: ghost.point.question, answer: ghost.point.answer, type: ghost.point.type };
  const origins = [...points.map((_, i) => state.origins[i] ?? null), ghost.ref];
  return { points: [...points, point], state: { ...state, origins } };
}

export const dismissGhost = (state: SuggestionState, ghost: Ghost): SuggestionState => ({ ...state, dismissed: [...state.dismissed, ghost.ref] });

/** The origins after point `index` is removed. */
export const withoutOrigin = (state: SuggestionState, index: number): SuggestionState => ({ ...state, origins: state.origins.filter((_, i) => i !== index) });
