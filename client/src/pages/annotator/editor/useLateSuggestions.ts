import { useCallback, useRef, useState } from 'react';
import type { Point } from '../../../../../shared/edits';
import type { AnnotationView } from '../../../../../shared/schemas/annotation';
import type { Suggestion } from '../../../../../shared/suggestions/schema';
import { fetchAnnotation } from '../annotationLoad';
import type { SuggestionState } from './suggestionModel';

/**
 * The suggestions the editor shows. Under the after-draft policy the view arrives without them;
 * once a save has stored a point of the annotator's own (a deletion, no suggestion behind it),
 * the annotation is asked for again, once, and its suggestions (if it now has them) are shown.
 */
export function useLateSuggestions(view: AnnotationView) {
  const [suggestions, setSuggestions] = useState<Suggestion[] | undefined>(view.suggestions);
  const ownPoint = useRef(false);
  const asked = useRef(view.suggestions !== undefined || view.status === 'submitted');
  const noteOwnPoints = useCallback((points: readonly Point[], sugg: SuggestionState) => {
    ownPoint.current = points.some((p, i) => !sugg.origins[i] && p.deletions.length > 0);
  }, []);
  const check = useCallback(() => {
    if (asked.current || !ownPoint.current) return;
    asked.current = true;
    void fetchAnnotation(view.questionId).then((load) => {
      if (load.ok && load.view.suggestions) setSuggestions(load.view.suggestions);
    });
  }, [view.questionId]);
  return { suggestions, noteOwnPoints, check };
}
