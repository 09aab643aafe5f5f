import type { AdjudicationStatus } from '../../shared/schemas/adjudication';
import type { AdjudicationProgress, AnnotationProgress } from '../../shared/schemas/backoffice';

/**
 * One name per state on every page. An annotation or an adjudication that has begun but is
 * not finished is "in progress" everywhere (it was "draft", "in progress" and "open").
 */
export const ANNOTATION_STATE: Record<AnnotationProgress, string> = { todo: 'to do', 'in-progress': 'in progress', submitted: 'submitted' };

export const ADJUDICATION_STATE: Record<AdjudicationStatus, string> = { todo: 'to do', draft: 'in progress', resolved: 'resolved' };

/** Where a problem stands on its way to the gold version (the back office's column). */
export const PROBLEM_ADJUDICATION_STATE: Record<AdjudicationProgress, string> = {
  waiting: 'waiting for annotations',
  ready: 'adjudication to do',
  draft: 'adjudication in progress',
  resolved: 'resolved',
};
