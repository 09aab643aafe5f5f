import { z } from 'zod';
import { pointSchema } from '../schemas/point';
import { MAX_POINTS } from '../edits';

/** Who may see suggestions, and when (issue 27 part 2). */
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
