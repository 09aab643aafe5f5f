import { z } from 'zod';
import { MAX_POINTS } from '../edits';
import { pointSchema, typeSchema } from './point';
import { pageQuery } from './backoffice';

/** 'legacy': recovered by import-release from an existing release and unchanged since. */
export const PROVENANCES = ['A', 'B', 'merged', 'new', 'legacy'] as const;
export type Provenance = (typeof PROVENANCES)[number];

/** Where a problem's adjudication came from: an adjudicator's work, or a legacy release import. */
export const ADJUDICATION_SOURCES = ['adjudication', 'legacy'] as const;
export type AdjudicationSource = (typeof ADJUDICATION_SOURCES)[number];

/** Where one field of a gold point came from: A's version, B's, both (they agreed), or edited by the adjudicator. */
export const FIELD_SOURCES = ['A', 'B', 'both', 'edited'] as const;
export type FieldSource = (typeof FIELD_SOURCES)[number];

/** The fields of a point that can each come from a different side; 'span' is deletions plus repairs. */
export const GOLD_FIELDS = ['span', 'question', 'answer', 'type'] as const;
export type GoldField = (typeof GOLD_FIELDS)[number];

const fieldSource = z.enum(FIELD_SOURCES);
const pointIndex = z.number().int().min(0).max(MAX_POINTS - 1).nullable();

export const sourcesSchema = z.object({
  /** The annotators' points this gold point was built from (null: none). */
  from: z.object({ a: pointIndex.default(null), b: pointIndex.default(null) }).default({ a: null, b: null }),
  span: fieldSource.optional(),
  question: fieldSource.optional(),
  answer: fieldSource.optional(),
  type: fieldSource.optional(),
});
export type Sources = z.infer<typeof sourcesSchema>;

export const checklistSchema = z.object({
  /** The task still reads naturally and keeps its objective. */
  plausible: z.boolean().default(false),
  /** Without the answer, more than one reading is possible. */
  ambiguous: z.boolean().default(false),
  /** The answer restores what was deleted. */
  sufficient: z.boolean().default(false),
});
export type Checklist = z.infer<typeof checklistSchema>;

export const CHECKLIST_LABELS: Record<keyof Checklist, string> = {
  plausible: 'plausible',
  ambiguous: 'genuinely ambiguous',
  sufficient: 'answer sufficient',
};

export const goldPointSchema = pointSchema.extend({
  provenance: z.enum(PROVENANCES).default('new'),
  sources: sourcesSchema.default({ from: { a: null, b: null } }),
  checklist: checklistSchema.default({ plausible: false, ambiguous: false, sufficient: false }),
  note: z.string().max(4000).default(''),
});
export type GoldPointInput = z.input<typeof goldPointSchema>;
export type GoldPoint = z.output<typeof goldPointSchema>;

const version = z.number().int('must be an integer').min(0, 'must be ≥ 0');

export const saveGoldBody = z.object({
  version,
  points: z.array(goldPointSchema).max(MAX_POINTS, `at most ${MAX_POINTS} points`),
  notes: z.string().max(20000).default(''),
});
export type SaveGoldBody = z.output<typeof saveGoldBody>;

export const versionBody = z.object({ version });

/** Reopening a resolved problem needs a reason; it is kept in the reopen event. */
export const reopenBody = z.object({ reason: z.string().trim().min(1, 'give a reason for reopening').max(2000) });

/** Send one side's annotation back to its annotator with a note (blind: A or B, never a name). */
export const returnBody = z.object({
  annotator: z.enum(['A', 'B'], { message: 'must be "A" or "B"' }),
  note: z.string().trim().min(1, 'say what the annotator should look at').max(2000, 'at most 2000 characters'),
});

/** What a return answers: which side is a draft again. */
export interface ReturnedAnnotation {
  questionId: string;
  annotator: 'A' | 'B';
  status: 'draft';
}

export const overrideBody = z
  .object({
    /** The gold version the override was made on (409 when stale), as for every other gold write. */
    version,
    text: z.string().max(100_000).nullable().optional(),
    questions: z.array(z.string().max(4000)).min(1).max(MAX_POINTS).nullable().optional(),
  })
  .refine((o) => (o.text ?? null) !== null || (o.questions ?? null) !== null, { message: 'give a text or questions to override' });
export type OverrideBody = z.output<typeof overrideBody>;

/** DELETE carries no body: the gold version it was made on is a query parameter (`?version=7`). */
export const versionQuery = z.object({ version: z.coerce.number('must be a number').int('must be an integer').min(0, 'must be ≥ 0') });

export const ADJUDICATION_STATUSES = ['todo', 'draft', 'resolved'] as const;
export type AdjudicationStatus = (typeof ADJUDICATION_STATUSES)[number];

export const queueQuery = z.object({
  type: typeSchema.optional(),
  /** A pair key from this session's queue (opaque: it names no annotator). */
  pair: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/, 'must be a pair key from the queue').optional(),
  status: z.enum(ADJUDICATION_STATUSES).optional(),
  /** Imported gold (resolved from an import, nothing to do) is listed only when asked for, or when filtering for resolved problems. */
  imported: z.enum(['shown']).optional(),
  ...pageQuery,
});

export const revealNamesBody = z.object({ revealNames: z.boolean() });
