/**
 * The pilot's side of a session: the task list, the task as a pilot may see it, "Write code";
 * questions are in ask.ts, the code's saves and the submit in code.ts.
 */
import { transaction, type DB } from '../../../db/database';
import { appendEvent, type Actor } from '../../../db/events';
import { markCoding, markOpened, sessionNumber, sessionRow, sessionsOfUser } from '../../../db/pilots';
import type { PilotSessionView, PilotTaskItem } from '../../../shared/schemas/pilots';
import { systemClock, type Clock } from '../activeTime';
import { pilotErrors } from './errors';
import { item, ownSession, view } from './sessionView';

export { askQuestion } from './ask';
export { saveDraftCode, submitSession } from './code';

/** The caller's tasks, each numbered within its study (the release's task id is never shown). */
export function myTasks(db: DB, userId: number): { tasks: PilotTaskItem[] } {
  const seen = new Map<number, number>();
  return {
    tasks: sessionsOfUser(db, userId).map((s) => {
      const number = (seen.get(s.study_id) ?? 0) + 1;
      seen.set(s.study_id, number);
      return item(s, number);
    }),
  };
}

const isoNow = (clock: Clock) => new Date(clock()).toISOString();

/**
 * A task whose clock has started. Before Ready it is refused (409 `not_ready`) rather than shown:
 * reading the text is what the clock measures, so only the explicit Ready call may start it.
 */
export function sessionView(db: DB, userId: number, id: number, clock: Clock = systemClock): PilotSessionView {
  const s = ownSession(db, id, userId);
  if (s.opened_at === null) throw pilotErrors.notStarted();
  return view(db, s, sessionNumber(db, s), isoNow(clock));
}

/** Ready: the first call opens the task and starts its clock (and its deadline); later calls change nothing. */
export function readySession(db: DB, actor: Actor, userId: number, id: number, clock: Clock = systemClock): PilotSessionView {
  const s = ownSession(db, id, userId);
  if (s.opened_at !== null) return view(db, s, sessionNumber(db, s), isoNow(clock));
  return transaction(db, () => {
    const at = isoNow(clock);
    markOpened(db, id, at);
    appendEvent(db, actor, { action: 'pilot_session.open', entityType: 'pilot_session', entityId: id, details: { study: s.study, task: s.task_id } });
    return view(db, sessionRow(db, id)!, sessionNumber(db, s), at);
  });
}

/** "Write code": the questions end here. */
export function startCoding(db: DB, actor: Actor, userId: number, id: number, clock: Clock = systemClock): PilotSessionView {
  return transaction(db, () => {
    const s = ownSession(db, id, userId);
    if (s.status === 'submitted') throw pilotErrors.submitted();
    const at = isoNow(clock);
    if (s.opened_at === null) markOpened(db, id, at);
    markCoding(db, id, at);
    if (s.status !== 'coding') appendEvent(db, actor, { action: 'pilot_session.code', entityType: 'pilot_session', entityId: id, details: { study: s.study, task: s.task_id } });
    return view(db, sessionRow(db, id)!, sessionNumber(db, s), at);
  });
}
