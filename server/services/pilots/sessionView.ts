/**
 * What a pilot sees of a session, and the rules every pilot call shares: whose session it is,
 * whether a question may be asked, the response budget. A pilot never sees the release's task id
 * (it indexes the public JSONL, hence the key questions and answers): only the session's own id
 * and its number in the pilot's list of that study.
 */
import type { DB } from '../../../db/database';
import { sessionRow, type SessionRow } from '../../../db/pilots';
import { releaseTask, type StoredTask } from '../../../db/runs';
import { responseBudget } from '../../../shared/pilots/budget';
import type { PilotSessionView, PilotTaskItem } from '../../../shared/schemas/pilots';
import { turnsOfSession } from '../../../db/pilots';
import { pilotErrors } from './errors';

export function item(s: SessionRow, number: number): PilotTaskItem {
  return {
    id: s.id,
    number,
    study: s.study,
    status: s.status,
    roundsUsed: s.rounds_used,
    maxRounds: s.max_rounds,
    timeLimitMinutes: s.time_limit_minutes,
    openedAt: s.opened_at,
    submittedAt: s.submitted_at,
  };
}

/** The caller's session, or 404 for anyone else's (the same answer as for no session). */
export function ownSession(db: DB, id: number, userId: number): SessionRow {
  const s = sessionRow(db, id);
  if (!s || s.user_id !== userId) throw pilotErrors.noSession();
  return s;
}

export const deadlineOf = (s: SessionRow): string | null =>
  s.time_limit_minutes !== null && s.opened_at !== null ? new Date(Date.parse(s.opened_at) + s.time_limit_minutes * 60_000).toISOString() : null;

/** Why no question may be asked now, or null when one may. */
export function askRefusal(s: SessionRow, at: string) {
  if (s.status === 'submitted') return pilotErrors.submitted();
  if (s.status === 'coding') return pilotErrors.coding();
  if (s.rounds_used >= s.max_rounds) return pilotErrors.noRoundsLeft();
  const deadline = deadlineOf(s);
  if (deadline !== null && at >= deadline) return pilotErrors.pastDeadline();
  return null;
}

export function taskOf(db: DB, s: SessionRow): StoredTask {
  return releaseTask(db, s.release_sha256, s.task_id)!;
}

/** The task as its pilot sees it: only the underspecified text, never the key questions or the task id. */
export function view(db: DB, s: SessionRow, number: number, at: string): PilotSessionView {
  const turns = turnsOfSession(db, s.id).map((t) => ({ turn: t.turn, question: t.question, answer: t.answer, at: t.asked_at }));
  return {
    ...item(s, number),
    text: taskOf(db, s).text,
    roundsLeft: Math.max(0, s.max_rounds - s.rounds_used),
    budget: responseBudget(s.max_rounds, s.rounds_used),
    canAsk: askRefusal(s, at) === null,
    deadline: deadlineOf(s),
    turns,
    code: { content: s.code, version: s.version, savedAt: s.saved_at },
    activeMs: s.active_ms,
    pastes: s.pastes,
  };
}
