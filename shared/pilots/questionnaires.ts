/**
 * The questionnaires of a pilot study, as RealHumanEval asks them: after each task, how clear it
 * was and how sure the pilot is of the code (1–7); once at the end, the six scales of the NASA
 * Task Load Index on the 21 marks of its paper form, and RealHumanEval's helpfulness question
 * (1–10), asked here of the answers the pilot's questions got.
 */
import { z } from 'zod';

export const QUESTIONNAIRE_SCOPES = ['task', 'study'] as const;
export type QuestionnaireScope = (typeof QUESTIONNAIRE_SCOPES)[number];

export interface QuestionnaireQuestion {
  id: string;
  text: string;
  kind: 'scale';
  min: number;
  max: number;
  /** What the ends of the scale mean, for the page's labels. */
  low: string;
  high: string;
}

const scale = (id: string, text: string, min: number, max: number, low: string, high: string): QuestionnaireQuestion => ({ id, text, kind: 'scale', min, max, low, high });

export const TASK_QUESTIONNAIRE: readonly QuestionnaireQuestion[] = [
  scale('clarity', 'How clear was the task?', 1, 7, 'not clear at all', 'perfectly clear'),
  scale('confidence', 'How sure are you that your code is correct?', 1, 7, 'not sure at all', 'completely sure'),
];

export const STUDY_QUESTIONNAIRE: readonly QuestionnaireQuestion[] = [
  scale('mental', 'Mental demand: how mentally demanding were the tasks?', 1, 21, 'very low', 'very high'),
  scale('physical', 'Physical demand: how physically demanding were the tasks?', 1, 21, 'very low', 'very high'),
  scale('temporal', 'Temporal demand: how hurried or rushed was the pace?', 1, 21, 'very low', 'very high'),
  scale('performance', 'Performance: how successful were you in accomplishing what you were asked to do?', 1, 21, 'perfect', 'failure'),
  scale('effort', 'Effort: how hard did you have to work to accomplish your level of performance?', 1, 21, 'very low', 'very high'),
  scale('frustration', 'Frustration: how insecure, discouraged, irritated, stressed or annoyed were you?', 1, 21, 'very low', 'very high'),
  scale('helpfulness', 'Overall, how helpful were the answers to your questions?', 1, 10, 'not helpful at all', 'very helpful'),
];

export const questionnaireOf = (scope: QuestionnaireScope): readonly QuestionnaireQuestion[] => (scope === 'task' ? TASK_QUESTIONNAIRE : STUDY_QUESTIONNAIRE);

export const questionnaireQuery = z.object({ scope: z.enum(QUESTIONNAIRE_SCOPES, { message: 'must be task or study' }).default('task') });

export const answerQuestionnaireBody = z
  .object({
    scope: z.enum(QUESTIONNAIRE_SCOPES, { message: 'must be task or study' }).default('task'),
    answers: z.record(z.string(), z.number({ message: 'must be a number' }).int('must be a whole number')),
  })
  .superRefine((body, ctx) => {
    const questions = questionnaireOf(body.scope);
    for (const id of Object.keys(body.answers)) {
      if (!questions.some((q) => q.id === id)) ctx.addIssue({ code: 'custom', path: ['answers', id], message: 'no such question' });
    }
    for (const q of questions) {
      const v = body.answers[q.id];
      if (v === undefined) ctx.addIssue({ code: 'custom', path: ['answers', q.id], message: 'required' });
      else if (v < q.min || v > q.max) ctx.addIssue({ code: 'custom', path: ['answers', q.id], message: `must be ${q.min}–${q.max}` });
    }
  });
export type AnswerQuestionnaireBody = z.input<typeof answerQuestionnaireBody>;

export interface QuestionnaireView {
  scope: QuestionnaireScope;
  questions: readonly QuestionnaireQuestion[];
  /** The pilot's answers, or null while unanswered. */
  answers: Record<string, number> | null;
  /** Whether it may be answered now: the task's after the task is submitted or skipped, the study's after all the pilot's tasks are. */
  open: boolean;
}

/** A question's mean over the study's answers (the study page). */
export interface QuestionnaireMean {
  scope: QuestionnaireScope;
  id: string;
  text: string;
  mean: number;
  n: number;
}
