/** The problems of a batch, for `suggestions generate --batch NAME`. */
import type { DB } from '../../../db/database';
import { notFound } from '../../domain/errors';
import { batchProblemIds } from '../batches';

/** The question ids of the named batch, in import order; a clear 404 when there is no such batch. */
export function problemsOfBatch(db: DB, name: string): string[] {
  const ids = batchProblemIds(db, name);
  if (ids === null) throw notFound(`No batch named "${name}" (batches list shows them).`);
  return ids;
}
