import type { Point } from '../../../../../shared/edits';
import { pointFindings, type PointFinding } from '../../../../../shared/writing/findings';

/**
 * The findings shown while the annotator writes: the shared rules computed here on every
 * change (the same functions the server runs on save), plus those only the server can compute
 * (a question asked about another problem), as the last save returned them.
 */
export function editorFindings(base: string, points: readonly Point[], saved: readonly PointFinding[]): PointFinding[] {
  const here = pointFindings(base, points);
  const serverOnly = saved.filter((f) => f.rule === 'question-repeated' && (points[f.point]?.question.trim() ?? '') !== '');
  return [...here, ...serverOnly].sort((a, b) => a.point - b.point);
}
