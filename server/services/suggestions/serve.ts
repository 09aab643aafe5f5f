import { transaction, type DB } from '../../../db/database';
import type { AssignedProblem } from '../../../db/annotations';
import { dismissalsOf, hasOwnPoint, recordExposure, suggestionsOfProblem, wasExposed, type SuggestionRow } from '../../../db/suggestions';
import { type Suggestion, type SuggestedPointRef, type SuggestionPolicy } from '../../../shared/suggestions/schema';
import { baseTextHash } from '../../domain/baseText';
import { suggestionPolicyFor } from './policy';

/** The problem's suggestions made on its current base text (those for an older text are never shown). */
export function currentSuggestions(db: DB, problem: Pick<AssignedProblem, 'id' | 'base_text'>): SuggestionRow[] {
  const hash = baseTextHash(problem.base_text);
  return suggestionsOfProblem(db, problem.id).filter((s) => s.base_sha256 === hash);
}

function policyShows(db: DB, policy: SuggestionPolicy, problemId: number, userId: number): boolean {
  if (policy === 'always') return true;
  if (policy === 'after-draft') return hasOwnPoint(db, problemId, userId);
  return false;
}

export interface Served {
  suggestions: Suggestion[];
  dismissed: SuggestedPointRef[];
}

/**
 * What the policy lets this annotator see of the problem's suggestions, or null (then the
 * annotation view carries no suggestion field at all). Both annotators of a problem get the same
 * list; the dismissals are the caller's own. The first serving of a non-empty list is recorded
 * as the annotator's exposure.
 */
export function serveSuggestions(db: DB, problem: AssignedProblem, userId: number, at: string): Served | null {
  if (!policyShows(db, suggestionPolicyFor(db, problem.question_id), problem.id, userId)) return null;
  const suggestions = currentSuggestions(db, problem)
    .map((s) => ({ id: s.id, agent: s.agent, score: s.score, points: s.points }))
    .filter((s) => s.points.length > 0);
  // A read answers without a write lock; only the first serving writes (its own transaction, or the caller's).
  if (suggestions.length > 0 && !wasExposed(db, problem.id, userId)) transaction(db, () => recordExposure(db, problem.id, userId, at));
  const dismissed = dismissalsOf(db, problem.id, userId).map((d) => ({ suggestionId: d.suggestion_id, point: d.point_idx }));
  return { suggestions, dismissed };
}
