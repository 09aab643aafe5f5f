/**
 * The pilot's side of a session: the task list, the task as a pilot may see it, questions
 * answered at once by the benchmark's protocol, "Write code", autosaves and the submit.
 */
import { transaction, type DB } from '../../../db/database';
import { appendEvent, type Actor } from '../../../db/events';
import {
  insertTurn,
  markCoding,
  markFirstQuestion,
  markOpened,
  saveCode,
  sessionRow,
  sessionsOfUser,
  studyQuestionTexts,
  turnsOfSession,
  type SessionRow,
} from '../../../db/pilots';
import { liveAnswer, matchQuestion } from '../../../shared/pilots/protocol';
import { pyStrip } from '../../../shared/runs/pyText';
import type { AskResult, PilotSessionView, PilotTaskItem, SaveCodeRequest, SaveCodeResult } from '../../../shared/schemas/pilots';
import { ACTIVE_MS_SLACK } from '../annotations';
import { releaseTask, releaseTasks, type StoredTask } from '../../../db/runs';
import { pilotErrors } from './errors';
import { materializePilotRun } from './pilotRuns';

const now = () => new Date().toISOString();

function item(s: SessionRow): PilotTaskItem {
  return {
    id: s.id,
    study: s.study,
    taskId: s.task_id,
    status: s.status,
    roundsUsed: s.rounds_used,
    maxRounds: s.max_rounds,
    timeLimitMinutes: s.time_limit_minutes,
    openedAt: s.opened_at,
    submittedAt: s.submitted_at,
  };
}

export const myTasks = (db: DB, userId: number): { tasks: PilotTaskItem[] } => ({ tasks: sessionsOfUser(db, userId).map(item) });

/** The caller's session, or 404 for anyone else's (the same answer as for no session). */
function ownSession(db: DB, id: number, userId: number): SessionRow {
  const s = sessionRow(db, id);
  if (!s || s.user_id !== userId) throw pilotErrors.noSession();
  return s;
}

const deadlineOf = (s: SessionRow): string | null =>
  s.time_limit_minutes !== null && s.opened_at !== null ? new Date(Date.parse(s.opened_at) + s.time_limit_minutes * 60_000).toISOString() : null;

/** Why no question may be asked now, or null when one may. */
function askRefusal(s: SessionRow, at: string) {
  if (s.status === 'submitted') return pilotErrors.submitted();
  if (s.status === 'coding') return pilotErrors.coding();
  if (s.rounds_used >= s.max_rounds) return pilotErrors.noRoundsLeft();
  const deadline = deadlineOf(s);
  if (deadline !== null && at >= deadline) return pilotErrors.pastDeadline();
  return null;
}

function task(db: DB, s: SessionRow): StoredTask {
  return releaseTask(db, s.release_sha256, s.task_id)!;
}

/** The task as its pilot sees it: only the underspecified text, never the key questions. */
function view(db: DB, s: SessionRow): PilotSessionView {
  const turns = turnsOfSession(db, s.id).map((t) => ({ turn: t.turn, question: t.question, answer: t.answer, at: t.asked_at }));
  return {
    ...item(s),
    text: task(db, s).text,
    roundsLeft: Math.max(0, s.max_rounds - s.rounds_used),
    canAsk: askRefusal(s, now()) === null,
    deadline: deadlineOf(s),
    turns,
    code: { content: s.code, version: s.version, savedAt: s.saved_at },
    activeMs: s.active_ms,
    pastes: s.pastes,
  };
}

/** Open a task: the first call starts its clock. */
export function openSession(db: DB, userId: number, id: number): PilotSessionView {
  const s = ownSession(db, id, userId);
  if (s.opened_at !== null) return view(db, s);
  return transaction(db, () => {
    markOpened(db, id, now());
    return view(db, sessionRow(db, id)!);
  });
}

const TAG = /\[\/?(QUESTION|CODE)\]/;

/**
 * Ask one question. The answer is the benchmark's: the best match among the task's key
 * questions by the judge check's similarity (see matchQuestion for the vocabulary); at or above
 * the study's threshold that key question's answer if not covered yet, else "already answered";
 * below it "not relevant". The turn keeps the match, its similarity and the live label.
 */
export function askQuestion(db: DB, actor: Actor, userId: number, id: number, raw: string): AskResult {
  const question = pyStrip(raw);
  if (TAG.test(question)) throw pilotErrors.field('question', 'must not contain the tags [QUESTION], [/QUESTION], [CODE] or [/CODE]');
  return transaction(db, () => {
    const at = now();
    let s = ownSession(db, id, userId);
    if (s.opened_at === null) {
      markOpened(db, id, at);
      s = sessionRow(db, id)!;
    }
    const refusal = askRefusal(s, at);
    if (refusal) throw refusal;
    const tasks = releaseTasks(db, s.release_sha256);
    const releaseKeys: string[] = [];
    let keyStart = 0;
    for (const t of tasks) {
      if (t.taskId === s.task_id) keyStart = releaseKeys.length;
      for (const k of t.keyQuestions) releaseKeys.push(k.question);
    }
    const own = tasks.find((t) => t.taskId === s.task_id)!;
    const match = matchQuestion(question, releaseKeys, keyStart, own.keyQuestions.length, studyQuestionTexts(db, s.study_id));
    const earlier = turnsOfSession(db, id);
    const covered = new Set(earlier.filter((t) => t.live_key !== null).map((t) => t.live_key!));
    const live = liveAnswer(match, s.threshold, own.keyQuestions, covered);
    const turn = earlier.length;
    insertTurn(db, { sessionId: id, turn, question, answer: live.answer, askedAt: at, matched: match.best, similarity: match.similarity, liveKey: live.key });
    markFirstQuestion(db, id, at);
    appendEvent(db, actor, {
      action: 'pilot_session.ask',
      entityType: 'pilot_session',
      entityId: id,
      details: { study: s.study, task: s.task_id, turn, matched: match.best, similarity: match.similarity, hit: live.key !== null },
    });
    const after = sessionRow(db, id)!;
    return { turn: { turn, question, answer: live.answer, at }, roundsLeft: Math.max(0, after.max_rounds - after.rounds_used), canAsk: askRefusal(after, now()) === null };
  });
}

/** "Write code": the questions end here. */
export function startCoding(db: DB, actor: Actor, userId: number, id: number): PilotSessionView {
  return transaction(db, () => {
    const s = ownSession(db, id, userId);
    if (s.status === 'submitted') throw pilotErrors.submitted();
    const at = now();
    if (s.opened_at === null) markOpened(db, id, at);
    markCoding(db, id, at);
    if (s.status !== 'coding') appendEvent(db, actor, { action: 'pilot_session.code', entityType: 'pilot_session', entityId: id, details: { study: s.study, task: s.task_id } });
    return view(db, sessionRow(db, id)!);
  });
}

/** Active time a save is credited: what the client reports, capped by the wall time since the previous save (as the annotation editor's). */
function creditedActiveMs(s: SessionRow, reported: number, at: string): number {
  const since = s.saved_at ?? s.code_started_at ?? s.opened_at;
  const wall = since === null ? 0 : Math.max(0, Date.parse(at) - Date.parse(since));
  return Math.min(reported, Math.floor(wall) + ACTIVE_MS_SLACK);
}

function save(db: DB, actor: Actor, userId: number, id: number, body: SaveCodeRequest, submit: boolean): SessionRow {
  return transaction(db, () => {
    const s = ownSession(db, id, userId);
    if (s.status === 'submitted') throw pilotErrors.submitted();
    if (body.version !== s.version) throw pilotErrors.staleCode(s.version);
    const at = now();
    // Code only comes from the editor "Write code" opens; a save ends the questions all the same.
    if (s.status !== 'coding') {
      if (s.opened_at === null) markOpened(db, id, at);
      markCoding(db, id, at);
    }
    if (!saveCode(db, id, body.version, body.code, creditedActiveMs(s, body.activeMs, at), body.pastes, at, submit)) throw pilotErrors.staleCode(s.version);
    appendEvent(db, actor, { action: submit ? 'pilot_session.submit' : 'pilot_session.save', entityType: 'pilot_session', entityId: id, details: { study: s.study, task: s.task_id, version: body.version + 1 } });
    if (submit) materializePilotRun(db, s.study_id, userId);
    return sessionRow(db, id)!;
  });
}

/** An autosave: kept as a snapshot; 409 on a stale version. */
export function saveDraftCode(db: DB, actor: Actor, userId: number, id: number, body: SaveCodeRequest): SaveCodeResult {
  const s = save(db, actor, userId, id, body, false);
  return { version: s.version, savedAt: s.saved_at!, activeMs: s.active_ms, pastes: s.pastes, status: s.status };
}

/** The final code: the session is submitted and the pilot's run rescored in the same transaction. */
export function submitSession(db: DB, actor: Actor, userId: number, id: number, body: SaveCodeRequest): PilotSessionView {
  return view(db, save(db, actor, userId, id, body, true));
}
