import { z } from 'zod';
import type { Point } from '../edits';
import { pointsSchema } from './point';

/** Most active time one save may report: ten minutes (the client saves far more often). */
export const MAX_ACTIVE_MS_PER_SAVE = 600_000;

const version = z.number().int('must be an integer').min(0, 'must be ≥ 0');

export const saveAnnotationBody = z.object({
  version,
  points: pointsSchema,
  /** Active editing time since the last save, in milliseconds. */
  activeMs: z.number().int('must be an integer').min(0, 'must be ≥ 0').max(MAX_ACTIVE_MS_PER_SAVE, `must be ≤ ${MAX_ACTIVE_MS_PER_SAVE}`).optional(),
});
export type SaveAnnotationBody = z.infer<typeof saveAnnotationBody>;

export const submitBody = z.object({ version });
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
  activeMs: number;
  updatedAt: string | null;
  submittedAt: string | null;
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
}

export type QueueStatus = 'todo' | 'in-progress' | 'submitted';

/** One problem of an annotator's queue. */
export interface QueueItem {
  questionId: string;
  title: string;
  difficulty: string;
  status: QueueStatus;
}
