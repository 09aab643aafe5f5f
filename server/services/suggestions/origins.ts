import type { DB } from '../../../db/database';
import type { AssignedProblem } from '../../../db/annotations';
import type { StoredOrigin } from '../../../db/annotationDrafts';
import { wasExposed } from '../../../db/suggestions';
import { mergeRanges, type Finding, type Point } from '../../../shared/edits';
import type { SuggestedPoint, SuggestedPointRef } from '../../../shared/suggestions/schema';
import { validationFailed } from '../../domain/errors';
import { currentSuggestions } from './serve';

const OWN: StoredOrigin = { provenance: 'own', suggestionId: null, suggestionPoint: null, agent: null };

/** Exactly the suggested point: the same deletions (as merged ranges), no repairs, the same question, answer and type. */
export function sameAsSuggested(point: Point, suggested: SuggestedPoint): boolean {
  return (
    JSON.stringify(mergeRanges(point.deletions)) === JSON.stringify(mergeRanges(suggested.deletions)) &&
    JSON.stringify(point.repairs) === JSON.stringify(suggested.repairs) &&
    point.question === suggested.question &&
    point.answer === suggested.answer &&
    point.type === suggested.type
  );
}

/**
 * The provenance of each saved point, decided here rather than trusted: a point that names a
 * suggested point is 'suggested' while it equals that point and 'suggested-edited' once any of
 * its deletions, repairs, question, answer or type differs (an edit undone makes it 'suggested'
 * again). A point may name only a suggestion of this problem's current text that this annotator
 * was shown; anything else is a 400 naming `origins[i]`.
 */
export function resolveOrigins(db: DB, problem: AssignedProblem, userId: number, points: readonly Point[], origins: readonly (SuggestedPointRef | null)[] | undefined): StoredOrigin[] {
  if (!origins || origins.every((o) => o === null)) return points.map(() => OWN);
  const findings: Finding[] = [];
  if (origins.length > points.length) findings.push({ path: 'origins', message: `names ${origins.length} points; the save has ${points.length}` });
  const shown = wasExposed(db, problem.id, userId);
  const byId = new Map(currentSuggestions(db, problem).map((s) => [s.id, s]));
  const resolved = points.map((point, i): StoredOrigin => {
    const ref = origins[i];
    if (!ref) return OWN;
    const row = byId.get(ref.suggestionId);
    const suggested = row ? row.points[ref.point] : undefined;
    if (!row || !suggested || !shown) {
      findings.push({ path: `origins[${i}]`, message: `point ${ref.point} of suggestion ${ref.suggestionId} is not a suggestion you were shown for ${problem.question_id}` });
      return OWN;
    }
    return { provenance: sameAsSuggested(point, suggested) ? 'suggested' : 'suggested-edited', suggestionId: row.id, suggestionPoint: ref.point, agent: row.agent };
  });
  if (findings.length > 0) throw validationFailed(findings);
  return resolved;
}
