import { get, type DB } from '../../../db/database';
import type { ReleaseCheck } from '../../../shared/schemas/release';
import { listProblems } from '../problems';
import { nameTakenMessage } from './store';

/**
 * What a cut would run into besides validation: the name already used (the cut would fail
 * with 409) and every problem left out because its adjudication is not resolved, with its state.
 */
export function checkRelease(db: DB, name: string | undefined): ReleaseCheck {
  const problems = listProblems(db);
  const leftOut = problems.filter((p) => p.adjudication !== 'resolved').map((p) => ({ questionId: p.questionId, title: p.title, state: p.adjudication }));
  const taken = name !== undefined && get(db, 'SELECT 1 FROM releases WHERE name = ?', [name]) !== undefined;
  return { nameTaken: taken ? nameTakenMessage(name) : null, problems: { total: problems.length, released: problems.length - leftOut.length }, leftOut };
}
