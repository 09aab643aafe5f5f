import { z } from 'zod';
import { AMBIGUITY_TYPES } from '../taxonomy';
import { MAX_POINTS } from '../edits';

const offset = z.number().int('must be an integer').min(0, 'must be ≥ 0');

export const rangeSchema = z
  .tuple([offset, offset])
  .refine(([start, end]) => start < end, { message: 'start must be less than end' });

export const repairSchema = z.object({
  start: offset,
  end: offset,
  text: z.string().max(16),
});

/** The most characters a point's question or answer holds (the editor's fields take no more). */
export const MAX_POINT_TEXT = 4000;

export const typeSchema = z.enum(AMBIGUITY_TYPES, { message: `must be one of: ${AMBIGUITY_TYPES.join(', ')}` });

/** A point as stored and exchanged; drafts may leave fields empty, submit requires them. */
export const pointSchema = z.object({
  deletions: z.array(rangeSchema).max(100),
  repairs: z.array(repairSchema).max(20).default([]),
  question: z.string().max(MAX_POINT_TEXT).default(''),
  answer: z.string().max(MAX_POINT_TEXT).default(''),
  type: typeSchema.nullable().default(null),
});
export type PointInput = z.input<typeof pointSchema>;

export const pointsSchema = z.array(pointSchema).max(MAX_POINTS, `at most ${MAX_POINTS} points`);
