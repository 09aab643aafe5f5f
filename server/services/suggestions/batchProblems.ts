/** The problems of a batch, for `suggestions generate --batch NAME`. */
import type { DB } from '../../../db/database';
import { invalid } from '../../domain/errors';

/**
 * The question ids of the named batch. Batches are not on this branch yet: until they are
 * (server/services/batches.ts, batchProblemIds), this says so instead of guessing.
 */
export function problemsOfBatch(_db: DB, name: string): string[] {
  throw invalid(`batches are not available in this version: name the problems with --problems ID,… instead of --batch ${name}`);
}
