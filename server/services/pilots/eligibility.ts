/**
 * Who may not get which of a study's tasks. A pilot never gets a task of a problem they were
 * assigned, annotated, adjudicated or already hold a pilot task of; and a pilot who has ever held
 * a role that can read the release's key questions (KEY_QUESTION_READERS: the roles of the Runs
 * drill-down and of the pilot question review, which show them) gets none of the study's tasks,
 * unless the maintainer lets them in by name — recorded in the study and its event.
 */
import type { DB } from '../../../db/database';
import { problemsWorkedBy, usersWhoHeldRoles } from '../../../db/pilots';
import type { Role } from '../../../shared/roles';

/** Roles whose routes return a release's key questions (checked against the route table in test/api/pilotKeyReaders.test.ts). */
export const KEY_QUESTION_READERS: readonly Role[] = ['adjudicator', 'maintainer'];

export interface Barred {
  /** Per pilot, the problems (question ids) they may not get. */
  problems: Map<number, Set<string>>;
  /** Pilots who get no task: they could read the key questions, and were not let in. */
  keyReaders: Set<number>;
  /** Pilots who could read the key questions and were let in by the maintainer. */
  overridden: Set<number>;
}

export function barredFor(db: DB, pilots: readonly { id: number; username: string }[], override: ReadonlySet<string>): Barred {
  const ids = pilots.map((p) => p.id);
  const problems = new Map<number, Set<string>>();
  for (const r of problemsWorkedBy(db, ids)) {
    let set = problems.get(r.user_id);
    if (!set) problems.set(r.user_id, (set = new Set()));
    set.add(r.question_id);
  }
  const readers = new Set(usersWhoHeldRoles(db, ids, KEY_QUESTION_READERS));
  const keyReaders = new Set<number>();
  const overridden = new Set<number>();
  for (const p of pilots) {
    if (!readers.has(p.id)) continue;
    (override.has(p.username) ? overridden : keyReaders).add(p.id);
  }
  return { problems, keyReaders, overridden };
}
