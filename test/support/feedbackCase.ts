import type { DB } from '../../db/database';
import type { Actor } from '../../db/events';
import type { Point } from '../../shared/edits';
import type { SessionUser } from '../../server/http/route';
import { saveDraft, submitAnnotation } from '../../server/services/annotations';
import { reopenGold, resolveGold, saveGold } from '../../server/services/adjudications/gold';
import { saveGoldBody } from '../../shared/schemas/adjudication';
import { spanOf } from './annotationBuilders';
import { hashOf } from './baseText';
import { assign, buildProblem, buildUser, type BuiltProblem, type BuiltUser } from './builders';
import { acknowledgeAll } from './findings';

export const sessionOf = (u: BuiltUser): SessionUser => ({ id: u.id, username: u.username, role: u.role });
export const actorOf = (u: BuiltUser): Actor => ({ id: u.id, name: u.username });

/** What only the second annotator wrote: it must never reach the first one's feedback. */
export const THEIR_SECRET = 'QQTHEIRSQUESTION';

/** A complete point deleting `phrase` from the base text. */
export function pointOn(base: string, phrase: string, question: string, answer: string, type: Point['type']): Point {
  return { deletions: [spanOf(base, phrase)], repairs: [], question, answer, type };
}

/** Submit the points as the user's annotation of the problem (save, then submit). */
export function submitPoints(db: DB, user: BuiltUser, problem: BuiltProblem, points: Point[]): void {
  const saved = saveDraft(db, sessionOf(user), actorOf(user), problem.questionId, { baseTextHash: hashOf(problem), version: 0, points });
  submitAnnotation(db, sessionOf(user), actorOf(user), problem.questionId, { baseTextHash: hashOf(problem), version: saved.version, acknowledged: acknowledgeAll(saved) });
}

export interface FeedbackCase {
  anna: BuiltUser;
  bert: BuiltUser;
  cleo: BuiltUser;
  ada: BuiltUser;
  problem: BuiltProblem;
  /** The gold point (anna's reading, with the gold's question and type). */
  gold: Point;
  /** Resolve the gold (the adjudicator's notes mention @anna, @bert and Annotator B). */
  resolve: () => void;
  reopen: () => void;
}

/**
 * One problem annotated by anna and bert, both submitted, with a gold draft that takes anna's
 * deletion but changes its type and question; bert's point (with THEIR_SECRET) is not gold.
 * cleo is an annotator of none of it, ada the adjudicator.
 */
export async function buildFeedbackCase(db: DB, questionId = 'abc901_a'): Promise<FeedbackCase> {
  const anna = await buildUser(db, { username: 'anna', role: 'annotator' });
  const bert = await buildUser(db, { username: 'bert', role: 'annotator' });
  const cleo = await buildUser(db, { username: 'cleo', role: 'annotator' });
  const ada = await buildUser(db, { username: 'ada', role: 'adjudicator' });
  const problem = buildProblem(db, { questionId, title: 'Geometric check' });
  assign(db, problem.id, anna.id, 1);
  assign(db, problem.id, bert.id, 2);
  const base = problem.baseText;
  const annas = pointOn(base, 'geometric progression', 'Which progression is meant?', 'A geometric progression.', 'Behavior');
  submitPoints(db, anna, problem, [annas]);
  submitPoints(db, bert, problem, [pointOn(base, 'positive integers', `${THEIR_SECRET} which values?`, 'Positive integers.', 'Edge Cases')]);
  const gold: Point = { ...annas, question: 'Which kind of progression must A be?', type: 'Terminology' };
  const goldPoint = { ...gold, provenance: 'A', checklist: { plausible: true, ambiguous: true, sufficient: true }, note: 'Terminology, not Behavior.' };
  saveGold(db, actorOf(ada), questionId, saveGoldBody.parse({ version: 0, points: [goldPoint], notes: "Took @anna's deletion; @bert deleted the value range (Annotator B kept the rest)." }));
  return {
    anna,
    bert,
    cleo,
    ada,
    problem,
    gold,
    resolve: () => resolveGold(db, actorOf(ada), questionId, 1),
    reopen: () => reopenGold(db, actorOf(ada), questionId, 'look again'),
  };
}
