/**
 * Asking one question, answered at once by the benchmark's protocol. The response budget is the
 * benchmark's (shared/pilots/budget.ts): the study's maxRounds counts every response, the code
 * included, so the last allowed question ends the task without code.
 */
import { transaction, type DB } from '../../../db/database';
import { appendEvent, type Actor } from '../../../db/events';
import { endWithoutCode, insertTurn, markFirstQuestion, markOpened, sessionRow, turnsOfSession } from '../../../db/pilots';
import { questionEndsTask, responseBudget } from '../../../shared/pilots/budget';
import { liveAnswer } from '../../../shared/pilots/protocol';
import { pyStrip } from '../../../shared/runs/pyText';
import type { AskResult } from '../../../shared/schemas/pilots';
import { systemClock, type Clock } from '../activeTime';
import { refuseSkipped } from './codeToolErrors';
import { pilotErrors } from './errors';
import { materializePilotRun } from './pilotRuns';
import { QUESTION_RATE, takeRate } from './rateLimit';
import { askRefusal, ownSession, taskOf } from './sessionView';
import { commitQuestion, matchInStudy } from './studyVocabulary';

const TAG = /\[\/?(QUESTION|CODE)\]/;

/**
 * The answer is the best match among the task's key questions by the judge check's similarity
 * (the vocabulary: every key question of the release, the study's questions so far, this one);
 * at or above the study's threshold that key question's answer if not covered yet, else "already
 * answered"; below it "not relevant". The turn keeps the match, its similarity and the live label.
 * 429 when the session asks too fast.
 */
export function askQuestion(db: DB, actor: Actor, userId: number, id: number, raw: string, clock: Clock = systemClock): AskResult {
  const question = pyStrip(raw);
  if (TAG.test(question)) throw pilotErrors.field('question', 'must not contain the tags [QUESTION], [/QUESTION], [CODE] or [/CODE]');
  const first = ownSession(db, id, userId);
  const refusedBefore = askRefusal(first, new Date(clock()).toISOString());
  if (refusedBefore) throw refusedBefore;
  takeRate(db, `question:${id}`, QUESTION_RATE, clock());
  const result = transaction(db, () => {
    const at = new Date(clock()).toISOString();
    let s = ownSession(db, id, userId);
    if (s.opened_at === null) {
      markOpened(db, id, at);
      s = sessionRow(db, id)!;
    }
    const refusal = askRefusal(s, at);
    if (refusal) throw refusal;
    refuseSkipped(db, id);
    const own = taskOf(db, s);
    const match = matchInStudy(db, s.study_id, s.release_sha256, s.task_id, question);
    const earlier = turnsOfSession(db, id);
    const covered = new Set(earlier.filter((t) => t.live_key !== null).map((t) => t.live_key!));
    const live = liveAnswer(match, s.threshold, own.keyQuestions, covered);
    const turn = earlier.length;
    insertTurn(db, { sessionId: id, turn, question, answer: live.answer, askedAt: at, matched: match.best, similarity: match.similarity, liveKey: live.key });
    markFirstQuestion(db, id, at);
    const ends = questionEndsTask(s.max_rounds, turn);
    appendEvent(db, actor, {
      action: 'pilot_session.ask',
      entityType: 'pilot_session',
      entityId: id,
      details: { study: s.study, task: s.task_id, turn, matched: match.best, similarity: match.similarity, hit: live.key !== null, ...(ends ? { endsTask: true } : {}) },
    });
    if (ends) {
      endWithoutCode(db, id, at);
      materializePilotRun(db, s.study_id, userId);
    }
    const after = sessionRow(db, id)!;
    return {
      turn: { turn, question, answer: live.answer, at },
      roundsLeft: Math.max(0, after.max_rounds - after.rounds_used),
      budget: responseBudget(after.max_rounds, after.rounds_used),
      canAsk: askRefusal(after, at) === null,
      status: after.status,
    };
  });
  commitQuestion(db, first.study_id);
  return result;
}
