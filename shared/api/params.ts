import { z } from 'zod';

/** Path parameters shared by several resources. A value that fails its schema is a 400 naming it. */
export const questionIdParam = z.string().min(1).max(200);
export const usernameParam = z.string().min(1).max(64);
/** A numeric id from the path (a pilot session, a question's turn, a comment). */
export const numericIdParam = z
  .string()
  .regex(/^[1-9][0-9]{0,15}$/, 'must be a positive whole number')
  .transform(Number);

/** The query of an upload endpoint: the file's name as the user chose it (for the audit event and messages). */
export const uploadQuery = z.object({ name: z.string().trim().min(1).max(200).optional() });

/** What a state change without a result of its own answers. */
export interface Ok {
  ok: true;
}
