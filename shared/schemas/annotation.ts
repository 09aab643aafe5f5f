import { z } from 'zod';
import type { Point } from '../edits';
import { pointsSchema } from './point';
import { MAX_POINTS } from '../edits';
import { POINT_RULES, type AcknowledgedFinding, type PointFinding } from '../writing/findings';
import { dismissedSchema, pointOriginsSchema, type PointOrigin, type Suggestion, type SuggestedPointRef } from '../suggestions/schema';

/** Most active time one save may report: ten minutes (the client saves far more often). */
export const MAX_ACTIVE_MS_PER_SAVE = 600_000;

const version = z.number().int('must be an integer').min(0, 'must be ≥ 0');

/**
 * The base text a save was made on: the `baseTextHash` (SHA-256, hex) that GET returned with it.
 * Required, so a client that does not name it (an old tab) gets a clear 400, never a save
 * whose offsets point into a text that has since changed.
 */
const baseTextHash = z
  .string({ error: 'required: the SHA-256 of the base text your edits were made on, as GET returned it (reload the editor)' })
  .regex(/^[0-9a-f]{64}$/, 'must be the SHA-256 (64 hex digits) of the base text, as GET returned it');

export const saveAnnotationBody = z.object({
  version,
  baseTextHash,
  points: pointsSchema,
  /** Active editing time since the last save, in milliseconds. */
  activeMs: z.number().int('must be an integer').min(0, 'must be ≥ 0').max(MAX_ACTIVE_MS_PER_SAVE, `must be ≤ ${MAX_ACTIVE_MS_PER_SAVE}`).optional(),
  /** The suggested point each point was accepted from (null: the annotator's own); absent: all own. */
  origins: pointOriginsSchema.optional(),
  /** The suggested points this annotator dismissed; absent: unchanged. */
  dismissed: dismissedSchema.optional(),
});
/** The whole PUT body. */
export type SaveAnnotationRequest = z.infer<typeof saveAnnotationBody>;
/** What the editor's draft saver builds; the request adds the baseTextHash of the loaded view. */
export type SaveAnnotationBody = Omit<SaveAnnotationRequest, 'baseTextHash'>;

/** Most characters of the reason given for one acknowledged finding. */
export const MAX_ACK_REASON = 1000;

/** Findings the annotator accepts on submit, each with a reason (point and rule name the finding). */
export const acknowledgedSchema = z
  .array(
    z.object({
      point: z.number().int('must be an integer').min(0, 'must be ≥ 0').max(MAX_POINTS - 1, `must be < ${MAX_POINTS}`),
      rule: z.enum(POINT_RULES, { message: `must be one of: ${POINT_RULES.join(', ')}` }),
      reason: z.string().trim().min(1, 'say why this finding is acceptable').max(MAX_ACK_REASON, `at most ${MAX_ACK_REASON} characters`),
    }),
  )
  .max(MAX_POINTS * POINT_RULES.length);

export const submitBody = z.object({ version, baseTextHash, acknowledged: acknowledgedSchema.optional() });
export type SubmitBody = z.infer<typeof submitBody>;

export type AnnotationStatus = 'draft' | 'submitted';

/** The caller's own annotation of one problem, as the API returns it. */
export interface AnnotationView {
  questionId: string;
  title: string;
  status: AnnotationStatus;
  version: number;
  points: Point[];
  baseText: string;
  /** SHA-256 (hex) of baseText: every save and submit names it (409 `base_text_changed` when the text changed since). */
  baseTextHash: string;
  activeMs: number;
  updatedAt: string | null;
  submittedAt: string | null;
  /** The adjudicator's note when they sent this annotation back, until it is submitted again (never the other side's work). */
  returnNote: string | null;
  /** The findings of the shared rules on these points (computed when the view is read). */
  findings: PointFinding[];
  /** The findings acknowledged on submit, each with its reason. */
  acknowledged: AcknowledgedFinding[];
  /** Where each point came from, in point order. */
  origins: PointOrigin[];
  /** Present only when the suggestion policy shows this annotator the problem's suggestions. */
  suggestions?: Suggestion[];
  /** With suggestions only: the suggested points this annotator dismissed. */
  dismissed?: SuggestedPointRef[];
}

/**
 * What a draft save returns: the new version and the figures the editor shows. The saved
 * points are exactly those sent (GET the annotation to read them back), so they are not echoed.
 */
export interface SavedDraft {
  questionId: string;
  status: 'draft';
  version: number;
  activeMs: number;
  updatedAt: string;
  /** The shared rules' findings on the saved points, each at its point (see shared/writing/findings.ts). */
  findings: PointFinding[];
}

/** Why an annotator skips an assigned problem. */
export const skipBody = z.object({ reason: z.string().trim().min(1, 'say why you skip this problem').max(2000, 'at most 2000 characters') });

/** What skip and unskip answer. */
export interface SkipState {
  questionId: string;
  skipped: string | null;
}

export type QueueStatus = 'todo' | 'in-progress' | 'submitted';

/** One problem of an annotator's queue. */
export interface QueueItem {
  questionId: string;
  title: string;
  difficulty: string;
  status: QueueStatus;
  /** The batch the problem is in (absent when none); overdue: past its due date and not submitted. */
  batch?: { name: string; due: string; overdue: boolean };
  /** Present while the annotator has skipped it: their reason (they can take it back). */
  skipped?: string;
  /**
   * For submitted work: `ready` once the gold is resolved (the feedback page opens), `reopened`
   * while the gold is reopened (the feedback page says why); absent otherwise.
   */
  feedback?: 'ready' | 'reopened';
}
