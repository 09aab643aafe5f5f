import { z } from 'zod';
import { username } from './auth';
import { NO_BATCH, problemFilter, type AdjudicationProgress, type AnnotationProgress, type AnnotatorWorkload } from './backoffice';

/** How model suggestions are offered on a batch's problems; null: the global policy. */
export const SUGGESTION_POLICIES = ['off', 'after-draft', 'always'] as const;
export type SuggestionPolicy = (typeof SUGGESTION_POLICIES)[number];

export const batchName = z
  .string()
  .trim()
  .regex(/^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$/, 'use 1–64 letters, digits, dots, dashes or underscores, starting with a letter or digit')
  .refine((n) => n.toLowerCase() !== NO_BATCH, `"${NO_BATCH}" is reserved: in a filter it means the problems in no batch`);

/** A real day of the calendar as YYYY-MM-DD. */
export function isCalendarDate(text: string): boolean {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  if (!m) return false;
  const d = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
  return d.toISOString().slice(0, 10) === text;
}

export const dueDate = z
  .string()
  .trim()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'use YYYY-MM-DD')
  .refine(isCalendarDate, 'is not a day of the calendar');

/** The day (UTC) of an instant, as YYYY-MM-DD: due dates are compared with it. */
export const dayOf = (ms: number): string => new Date(ms).toISOString().slice(0, 10);

/** Work of a batch is overdue from the day after its due date until it is submitted. */
export const isPastDue = (due: string, today: string): boolean => today > due;

export const MAX_BATCH_PROBLEMS = 20_000;

/** POST /api/batches: the problems by a list of question ids or by the Problems page's filter (exactly one). */
export const createBatchBody = z
  .object({
    name: batchName,
    due: dueDate,
    suggestionPolicy: z.enum(SUGGESTION_POLICIES).nullable().default(null),
    problems: z
      .array(z.string().trim().min(1, 'must not be empty').max(200))
      .min(1, 'name at least one problem')
      .max(MAX_BATCH_PROBLEMS, `at most ${MAX_BATCH_PROBLEMS} problems`)
      .optional(),
    filter: problemFilter.optional(),
  })
  .superRefine((b, ctx) => {
    if ((b.problems === undefined) === (b.filter === undefined)) {
      ctx.addIssue({ code: 'custom', path: ['problems'], message: 'give either problems (a list of question ids) or filter, not both' });
    }
  });
export type CreateBatchBody = z.infer<typeof createBatchBody>;

/** Rename or re-date a batch (at least one of the two). */
export const updateBatchBody = z
  .object({ name: batchName.optional(), due: dueDate.optional() })
  .refine((b) => b.name !== undefined || b.due !== undefined, { path: ['name'], message: 'give a new name or a new due date (due)' });
export type UpdateBatchBody = z.infer<typeof updateBatchBody>;

const questionIds = z.array(z.string().trim().min(1, 'must not be empty').max(200)).max(MAX_BATCH_PROBLEMS, `at most ${MAX_BATCH_PROBLEMS} problems`).default([]);

/** Add problems to a batch or take them out (by question id); submitted work is never moved. */
export const batchProblemsBody = z
  .object({ add: questionIds, remove: questionIds })
  .refine((b) => b.add.length + b.remove.length > 0, { path: ['add'], message: 'name at least one problem to add or remove' })
  .refine((b) => !b.add.some((q) => b.remove.includes(q)), { path: ['remove'], message: 'a problem cannot be both added and removed' });
export type BatchProblemsBody = z.infer<typeof batchProblemsBody>;

/** What deleting a batch did: its problems stay, in no batch. */
export interface DeletedBatch {
  name: string;
  /** How many problems left the batch (now in no batch, with their assignments and work). */
  problems: number;
}

/** Assign a batch: its problems' free slots go to these annotators, least loaded first (as auto-assignment does). */
export const batchAssignBody = z.object({
  annotators: z
    .array(username)
    .min(2, 'choose at least two annotators: every problem gets two distinct ones')
    .refine((names) => new Set(names.map((n) => n.toLowerCase())).size === names.length, 'each annotator once'),
  includeResolved: z.boolean().default(false),
  /** The preview's token: when given, the change is refused if it is no longer what the preview showed. */
  previewToken: z.string().max(100).optional(),
});
export type BatchAssignBody = z.infer<typeof batchAssignBody>;

/** Replace an annotator across a batch, wherever their work has not started. */
export const batchReplaceBody = z
  .object({ from: username, to: username, previewToken: z.string().max(100).optional() })
  .refine((b) => b.from.toLowerCase() !== b.to.toLowerCase(), { path: ['to'], message: 'choose another annotator than the one replaced' });
export type BatchReplaceBody = z.infer<typeof batchReplaceBody>;

export interface BatchSummary {
  name: string;
  due: string;
  suggestionPolicy: SuggestionPolicy | null;
  createdAt: string;
  problems: number;
  /** Problems per state on the way to gold (PROBLEM_ADJUDICATION_STATE). */
  states: Record<AdjudicationProgress, number>;
  /** Assignments per annotation state (ANNOTATION_STATE). */
  annotations: Record<AnnotationProgress, number>;
  /** Problems with fewer than two annotators. */
  needAnnotators: number;
  /** Past its due date with annotation work left. */
  overdue: boolean;
  /** Past its due date: problems whose two annotations are not both submitted (0 before). */
  overdueProblems: number;
}

/** An annotator's workload within one batch. */
export interface BatchAnnotatorProgress extends AnnotatorWorkload {
  /** Past the due date: their assignments not submitted (0 before). */
  overdue: number;
}

export interface BatchDetail extends BatchSummary {
  annotators: BatchAnnotatorProgress[];
}

/** Why a bulk action leaves a problem as it is. */
export type KeptReason = 'two-annotators' | 'resolved' | 'in-adjudication' | 'submitted' | 'started' | 'already-assigned';

export interface BatchPlanChange {
  questionId: string;
  title: string;
  /** The annotator who leaves the problem (replace), or null. */
  remove: string | null;
  add: string[];
}

export interface BatchPlanKept {
  questionId: string;
  title: string;
  reason: KeptReason;
}

/** What a bulk action changes (the preview) or changed (the answer of applying it): the same plan. */
export interface BatchPlan {
  batch: string;
  action: 'assign' | 'replace';
  changes: BatchPlanChange[];
  /** New assignments the changes make. */
  assignments: number;
  kept: BatchPlanKept[];
  keptCounts: Partial<Record<KeptReason, number>>;
  /** Names the plan: applying with it is refused once the plan would differ. */
  token: string;
}
