import type { DB } from '../../db/database';
import type { Actor } from '../../db/events';
import type { Point } from '../../shared/edits';
import type { GoldPointInput } from '../../shared/schemas/adjudication';
import { createSession, SESSION_COOKIE } from '../../server/auth/sessions';
import type { SessionUser } from '../../server/http/route';
import { saveDraft, submitAnnotation } from '../../server/services/annotations';
import { presentAnnotation } from '../../server/presenters/annotations';
import { resolveGold, saveGold } from '../../server/services/adjudications/gold';
import { putOverride } from '../../server/services/adjudications/overrides';
import { cutRelease } from '../../server/services/releases/store';
import { saveGoldBody } from '../../shared/schemas/adjudication';
import { assign, buildProblem, buildUser, type BuiltProblem, type BuiltUser } from './builders';
import { hashOf } from './baseText';
import { runLine, storeRun } from './runFixture';
import { turnsOfSession } from '../../db/pilots';
import { createStudyBody } from '../../shared/schemas/pilots';
import { createStudy } from '../../server/services/pilots/studies';
import { askQuestion, myTasks } from '../../server/services/pilots/session';
import { postComment } from '../../server/services/comments/comments';
import { createBatch } from '../../server/services/batches';
import { createBatchBody } from '../../shared/schemas/batches';
import { seedAudit } from './judgeAudits';
import { acknowledgeAll } from './findings';

/** The callers of the authorization matrix. */
export const WHO = ['anonymous', 'owner', 'other', 'adjudicator', 'maintainer', 'pilot'] as const;
export type Who = (typeof WHO)[number];

/** The release the world holds (built from the resolved problem). */
export const RELEASE = 'v1';

/** Text only annotator 2 ("bert") ever writes: no response to annotator 1 or 3 may contain it. */
export const SECRET = 'ZQXSECRET';

/** The model of the run the world holds (over RELEASE: task_1, the resolved problem). */
export const RUN_MODEL = 'model-a';

/**
 * A small, complete database for access tests:
 * - `shared`:   anna (owner) and bert both submitted; bert's point carries the SECRET; an adjudicator's gold draft exists;
 * - `drafts`:   anna and bert both hold drafts (bert's with the SECRET); anna's draft is complete enough to submit;
 * - `resolved`: both submitted and the gold version resolved (reopenable);
 * - `foreign`:  assigned to bert and cleo only (the owner is not assigned);
 * - `agreed`:   anna and bert submitted identical points, not adjudicated (accept works);
 * - `unassigned`: imported, nobody assigned.
 * The gold draft of `shared` has an override of task "0"; release RELEASE holds the resolved problem,
 * and run RUN_MODEL over it asks its key question.
 * Judge audit AUDIT (test/support/judgeAudits.ts) holds the run's one question turn, unlabelled.
 * cleo is the "other" annotator: assigned to none of the owner's problems. Batch BATCH holds `unassigned`.
 */
export interface World {
  db: DB;
  users: Record<Exclude<Who, 'anonymous'>, BuiltUser> & { bert: BuiltUser };
  cookies: Record<Who, string | null>;
  problems: Record<'shared' | 'drafts' | 'resolved' | 'foreign' | 'agreed' | 'unassigned', BuiltProblem>;
  /** Current versions the owner's and the adjudicator's next writes must name. */
  versions: { ownerDraft: number; gold: number };
  /** Pilot study STUDY on RELEASE: the pilot asked one question (a hit) on its one task. */
  pilot: { study: string; session: number; question: number };
  /** anna's open flag on `shared`; bert's comment on `drafts` carries the SECRET (neither has submitted there). */
  comments: { flag: string };
}

export const STUDY = 'study-1';

/** The batch the world holds: the unassigned problem, due far ahead. */
export const BATCH = 'batch-1';

const sessionOf = (u: BuiltUser): SessionUser => ({ id: u.id, username: u.username, role: u.role });
const actorOf = (u: BuiltUser): Actor => ({ id: u.id, name: u.username });

function span(text: string, phrase: string): [number, number] {
  const at = text.indexOf(phrase);
  if (at < 0) throw new Error(`"${phrase}" is not in the text`);
  return [at, at + phrase.length];
}

/** A complete point deleting `phrase` from the base text. */
export function pointFor(base: string, phrase: string, question: string, answer = 'It is given in the statement.'): Point {
  return { deletions: [span(base, phrase)], repairs: [], question, answer, type: 'Behavior' };
}

function annotate(db: DB, user: BuiltUser, problem: BuiltProblem, points: Point[], submit: boolean): number {
  const saved = saveDraft(db, sessionOf(user), actorOf(user), problem.questionId, { baseTextHash: hashOf(problem), version: 0, points });
  if (!submit) return saved.version;
  return presentAnnotation(submitAnnotation(db, sessionOf(user), actorOf(user), problem.questionId, { baseTextHash: hashOf(problem), version: saved.version, acknowledged: acknowledgeAll(saved) })).version;
}

function goldPoint(p: Point): GoldPointInput {
  return { ...p, provenance: 'A', sources: { from: { a: 0, b: 0 } }, checklist: { plausible: true, ambiguous: true, sufficient: true } };
}

export function cookieFor(db: DB, user: BuiltUser): string {
  return `${SESSION_COOKIE}=${createSession(db, user.id).token}`;
}

export async function buildWorld(db: DB): Promise<World> {
  const users = {
    owner: await buildUser(db, { username: 'anna', role: 'annotator' }),
    bert: await buildUser(db, { username: 'bert', role: 'annotator' }),
    other: await buildUser(db, { username: 'cleo', role: 'annotator' }),
    adjudicator: await buildUser(db, { username: 'ada', role: 'adjudicator' }),
    maintainer: await buildUser(db, { username: 'mara', role: 'maintainer' }),
    pilot: await buildUser(db, { username: 'pete', role: 'pilot' }),
  };
  const problems = {
    shared: buildProblem(db, { questionId: 'abc801_a', title: 'Shared problem' }),
    drafts: buildProblem(db, { questionId: 'abc802_a', title: 'Draft problem' }),
    resolved: buildProblem(db, { questionId: 'abc803_a', title: 'Resolved problem' }),
    foreign: buildProblem(db, { questionId: 'abc804_a', title: 'Foreign problem' }),
    agreed: buildProblem(db, { questionId: 'abc805_a', title: 'Agreed problem' }),
    unassigned: buildProblem(db, { questionId: 'abc806_a', title: 'Unassigned problem' }),
  };
  for (const p of [problems.shared, problems.drafts, problems.resolved, problems.agreed]) {
    assign(db, p.id, users.owner.id, 1);
    assign(db, p.id, users.bert.id, 2);
  }
  assign(db, problems.foreign.id, users.bert.id, 1);
  assign(db, problems.foreign.id, users.other.id, 2);

  const base = problems.shared.baseText; // every built problem has the same statement
  const mine = pointFor(base, 'geometric progression', 'Which kind of progression is meant?', 'A geometric progression.');
  const theirs = pointFor(base, 'positive integers', `${SECRET} what values may A hold?`, `${SECRET} positive integers`);
  annotate(db, users.owner, problems.shared, [mine], true);
  annotate(db, users.bert, problems.shared, [theirs], true);
  const ownerDraft = annotate(db, users.owner, problems.drafts, [mine], false);
  annotate(db, users.bert, problems.drafts, [theirs], false);
  annotate(db, users.owner, problems.resolved, [mine], true);
  annotate(db, users.bert, problems.resolved, [mine], true);
  annotate(db, users.bert, problems.foreign, [theirs], true);
  annotate(db, users.other, problems.foreign, [mine], true);
  annotate(db, users.owner, problems.agreed, [mine], true);
  annotate(db, users.bert, problems.agreed, [mine], true);

  const ada = actorOf(users.adjudicator);
  const gold = saveGoldBody.parse({ version: 0, points: [goldPoint(mine)], notes: 'gold draft' });
  saveGold(db, ada, problems.shared.questionId, gold);
  saveGold(db, ada, problems.resolved.questionId, gold);
  resolveGold(db, ada, problems.resolved.questionId, 1);
  putOverride(db, ada, problems.shared.questionId, '0', { version: 1, questions: ['Which progression does the task mean?'] });
  cutRelease(db, actorOf(users.maintainer), { name: RELEASE, notes: 'first cut', policy: 'all-subsets', extended: false });
  const stored = await storeRun(db, actorOf(users.maintainer), RUN_MODEL, { release: RELEASE }, [runLine('task_1', problems.resolved.questionId, 1, [mine.question], [1])]);
  seedAudit(db, RUN_MODEL, stored.release_sha256, mine.question);

  const cookies: Record<Who, string | null> = {
    anonymous: null,
    owner: cookieFor(db, users.owner),
    other: cookieFor(db, users.other),
    adjudicator: cookieFor(db, users.adjudicator),
    maintainer: cookieFor(db, users.maintainer),
    pilot: cookieFor(db, users.pilot),
  };
  createStudy(db, actorOf(users.maintainer), createStudyBody.parse({ name: STUDY, release: RELEASE, pilots: [users.pilot.username] }));
  createBatch(db, actorOf(users.maintainer), createBatchBody.parse({ name: BATCH, due: '2099-12-31', problems: [problems.unassigned.questionId] }));
  const session = myTasks(db, users.pilot.id).tasks[0]!.id;
  askQuestion(db, actorOf(users.pilot), users.pilot.id, session, mine.question);
  const question = turnsOfSession(db, session)[0]!.id;
  postComment(db, users.bert, actorOf(users.bert), problems.drafts.questionId, { kind: 'comment', body: `${SECRET} may N be 1?` });
  const flagged = postComment(db, users.owner, actorOf(users.owner), problems.shared.questionId, { kind: 'flag', reason: 'unclear', body: 'Is a constant sequence geometric?' });
  const comments = { flag: flagged.comments[0]!.id };
  return { db, users, cookies, problems, versions: { ownerDraft, gold: 2 }, pilot: { study: STUDY, session, question }, comments };
}
