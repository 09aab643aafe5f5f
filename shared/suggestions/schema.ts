import { z } from 'zod';
import { pointSchema } from '../schemas/point';
import { MAX_POINTS } from '../edits';

/** Who may see suggestions, and when. */
export const SUGGESTION_POLICIES = ['off', 'after-draft', 'always'] as const;
export type SuggestionPolicy = (typeof SUGGESTION_POLICIES)[number];
export const suggestionPolicySchema = z.enum(SUGGESTION_POLICIES, { message: `must be one of: ${SUGGESTION_POLICIES.join(', ')}` });
/** The settings key of the global policy; unset means 'off'. */
export const SUGGESTION_POLICY_SETTING = 'suggestion_policy';

/** A suggested point: a complete point (every field filled in, at least one deletion). */
export const suggestedPointSchema = pointSchema.extend({
  deletions: pointSchema.shape.deletions.min(1, 'a suggested point deletes something'),
  question: z.string().trim().min(1, 'must not be empty').max(4000),
  answer: z.string().trim().min(1, 'must not be empty').max(4000),
  type: pointSchema.shape.type.unwrap().unwrap(),
});
export type SuggestedPoint = z.output<typeof suggestedPointSchema>;

export const agentSchema = z.string().trim().min(1, 'must not be empty').max(200);

/** One line of `suggestions import FILE`. */
export const suggestionLineSchema = z.strictObject({
  question_id: z.string().min(1, 'must not be empty'),
  agent: agentSchema,
  score: z.number().finite().nullable().optional(),
  points: z.array(suggestedPointSchema).min(1, 'at least one point').max(MAX_POINTS, `at most ${MAX_POINTS} points`),
});
export type SuggestionLine = z.output<typeof suggestionLineSchema>;

/** A stored suggestion as the API shows it to an annotator. */
export const suggestionSchema = z.object({
  id: z.number().int(),
  agent: z.string(),
  score: z.number().nullable(),
  points: z.array(suggestedPointSchema),
});
export type Suggestion = z.output<typeof suggestionSchema>;

/** Where an annotation point came from. Imported and old points are 'own'. */
export const POINT_PROVENANCES = ['own', 'suggested', 'suggested-edited'] as const;
export type PointProvenance = (typeof POINT_PROVENANCES)[number];

/** One suggested point: the suggestion's id and the point's index in it. */
export const suggestedPointRefSchema = z.strictObject({
  suggestionId: z.number().int('must be an integer').min(1, 'must be ≥ 1'),
  point: z.number().int('must be an integer').min(0, 'must be ≥ 0').max(MAX_POINTS - 1, `must be ≤ ${MAX_POINTS - 1}`),
});
export type SuggestedPointRef = z.output<typeof suggestedPointRefSchema>;

/**
 * What a draft save says of its points' origins, in point order: the suggested point each was
 * accepted from, or null for the annotator's own. The server decides the provenance from it:
 * a point equal to its suggested point is 'suggested', any difference makes it 'suggested-edited'.
 */
export const pointOriginsSchema = z.array(suggestedPointRefSchema.nullable()).max(MAX_POINTS, `at most ${MAX_POINTS} origins`);
/** The suggested points an annotator dismissed (hidden for them only). */
export const dismissedSchema = z.array(suggestedPointRefSchema).max(MAX_POINTS * 20, `at most ${MAX_POINTS * 20} dismissed points`);

/** A stored point's origin as GET and the cross-check show it. */
export interface PointOrigin {
  provenance: PointProvenance;
  suggestionId: number | null;
  /** The index of the point in its suggestion. */
  suggestionPoint: number | null;
}
export const OWN_ORIGIN: PointOrigin = { provenance: 'own', suggestionId: null, suggestionPoint: null };
