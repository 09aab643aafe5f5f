import { MAX_POINTS, validatePoints, type Finding, type Point } from '../edits';
import { isAmbiguityType } from '../taxonomy';

/**
 * The checks a suggestion must pass before it is stored, whether imported or generated: 1–3
 * points, each a complete point (a deletion that removes more than whitespace, a question, an
 * answer, one of the 11 types), every range inside the base text and cutting no character,
 * no two deletions overlapping, repairs only of the tiny kind — exactly the rules the
 * annotation import (an editor's submit) applies. Findings name the field: `points[1].deletions[0]`.
 */
export function checkSuggestion(baseText: string, points: readonly Point[]): Finding[] {
  const findings: Finding[] = [];
  if (points.length === 0) findings.push({ path: 'points', message: 'a suggestion needs at least one point' });
  if (points.length > MAX_POINTS) findings.push({ path: 'points', message: `at most ${MAX_POINTS} points are allowed (got ${points.length})` });
  points.forEach((p, i) => {
    if (p.type !== null && !isAmbiguityType(p.type)) findings.push({ path: `points[${i}].type`, message: `unknown type ${JSON.stringify(p.type)}` });
  });
  if (findings.length > 0) return findings;
  return validatePoints(baseText, points, 'submit');
}
