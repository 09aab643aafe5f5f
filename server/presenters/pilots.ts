import type { ReviewQuestion, ReviewQuestionsResponse } from '../../shared/schemas/pilots';
import type { PilotQuestionUnderReview, StudyQuestions } from '../services/pilots/review';

/** A pilot's question as the reviewer sees it: the live label, the reviewed one if any, and the task's key questions beside them. */
export function presentReviewQuestion({ row: r, task }: PilotQuestionUnderReview): ReviewQuestion {
  return {
    id: r.id,
    version: r.review_version,
    alias: r.alias,
    sessionId: r.session_id,
    taskId: r.task_id,
    questionId: r.question_id,
    turn: r.turn,
    question: r.question,
    askedAt: r.asked_at,
    answer: r.answer,
    similarity: r.similarity,
    matched: r.matched,
    liveHit: r.live_hit === 1,
    liveKeyQuestion: r.live_key,
    reviewed:
      r.reviewed_hit === null ? null : { hit: r.reviewed_hit === 1, keyQuestion: r.reviewed_key, note: r.review_note ?? '', by: r.reviewed_by ?? '', at: r.reviewed_at ?? '' },
    keyQuestions: (task?.keyQuestions ?? []).map((k) => ({ question: k.question, answer: k.answer, type: k.type })),
  };
}

export const presentStudyQuestions = ({ study, threshold, questions }: StudyQuestions): ReviewQuestionsResponse => ({ study, threshold, questions: questions.map(presentReviewQuestion) });
