/** A small database for the pilot-study tests: a release of two problems (3 + 1 tasks), pilots and staff. */
import type { DB } from '../../db/database';
import { sessionRow } from '../../db/pilots';
import type { Actor } from '../../db/events';
import { cutRelease } from '../../server/services/releases/store';
import { buildProblem, buildUser, type BuiltProblem, type BuiltUser } from './builders';
import { buildGold } from './releaseBuilders';

export const PILOT_RELEASE = 'pv1';

/** The key questions of the two-point problem, and their answers. */
export const KQ = {
  values: { question: 'May the elements be zero or negative?', answer: 'All elements are positive integers.' },
  kind: { question: 'Which kind of progression is meant?', answer: 'A geometric progression.' },
  single: { question: 'What kind of progression should be detected?', answer: 'A geometric one.' },
};

export interface PilotWorld {
  db: DB;
  users: { mara: BuiltUser; ada: BuiltUser; pia: BuiltUser; pete: BuiltUser; anna: BuiltUser };
  problems: { two: BuiltProblem; one: BuiltProblem };
  mara: Actor;
}

function span(text: string, phrase: string): [number, number] {
  const at = text.indexOf(phrase);
  if (at < 0) throw new Error(`"${phrase}" is not in the text`);
  return [at, at + phrase.length];
}

export async function buildPilotWorld(db: DB): Promise<PilotWorld> {
  const users = {
    mara: await buildUser(db, { username: 'mara', role: 'maintainer' }),
    ada: await buildUser(db, { username: 'ada', role: 'adjudicator' }),
    pia: await buildUser(db, { username: 'pia', role: 'pilot' }),
    pete: await buildUser(db, { username: 'pete', role: 'pilot' }),
    anna: await buildUser(db, { username: 'anna', role: 'annotator' }),
  };
  const two = buildProblem(db, { questionId: 'abc700_a', title: 'Two points' });
  const one = buildProblem(db, { questionId: 'abc701_a', title: 'One point' });
  buildGold(db, two.id, [
    { deletions: [span(two.baseText, ' of positive integers')], question: KQ.values.question, answer: KQ.values.answer, type: 'Collection Semantics' },
    { deletions: [span(two.baseText, 'geometric ')], question: KQ.kind.question, answer: KQ.kind.answer, type: 'Behavior' },
  ]);
  buildGold(db, one.id, [{ deletions: [span(one.baseText, 'geometric ')], question: KQ.single.question, answer: KQ.single.answer, type: 'Behavior' }]);
  const mara: Actor = { id: users.mara.id, name: 'mara' };
  cutRelease(db, mara, { name: PILOT_RELEASE, notes: 'pilot release', policy: 'all-subsets', extended: false });
  return { db, users, problems: { two, one }, mara };
}

/** The release task a session is on (pilots never see it; tests look it up). */
export const sessionTaskId = (db: DB, sessionId: number): string => sessionRow(db, sessionId)!.task_id;
