import { buildCrossCheck } from '../../shared/crossCheck';
import type { FeedbackView } from '../../shared/feedback/view';
import type { Feedback } from '../services/feedback';

/** The caller's own submission beside the gold, compared with the cross-check's rules (A: theirs, B: gold). */
export function presentFeedback({ target, mine, gold, notes, reopened }: Feedback): FeedbackView {
  return {
    questionId: target.question_id,
    title: target.title,
    baseText: target.base_text,
    submittedAt: target.submitted_at,
    guidelinesVersion: target.guidelines_version,
    resolvedAt: target.resolved_at,
    mine,
    gold,
    notes,
    crossCheck: buildCrossCheck(target.base_text, mine, gold),
    reopened,
  };
}
