/**
 * The pilot's code: autosaves and the submit. Versioned like annotation drafts (a stale version
 * is 409), active time credited as the annotation editor's (activeTime.ts), and bounded so that a
 * pilot cannot fill the disk: saves are rate-limited per session (429), and snapshots are kept
 * at most one per CODE_SNAPSHOT_MS, never for code identical to the previous snapshot, and up to
 * MAX_SNAPSHOT_CHARS per session; the submitted code is always kept.
 */
import { transaction, type DB } from '../../../db/database';
import { appendEvent, type Actor } from '../../../db/events';
import { insertSnapshot, latestSnapshot, markCoding, markOpened, saveCode, sessionNumber, sessionRow, type SessionRow } from '../../../db/pilots';
import { CODE_SNAPSHOT_MS, type PilotSessionView, type SaveCodeRequest, type SaveCodeResult } from '../../../shared/schemas/pilots';
import { creditActiveTime, msOf, systemClock, type Clock, type Credit } from '../activeTime';
import { refuseSkipped } from './codeToolErrors';
import { pilotErrors } from './errors';
import { materializePilotRun } from './pilotRuns';
import { CODE_SAVE_RATE, takeRate } from './rateLimit';
import { ownSession, view } from './sessionView';

/** Characters of autosave snapshots kept per session (20 snapshots of the largest code). */
export const MAX_SNAPSHOT_CHARS = 4_000_000;

function creditedActiveMs(s: SessionRow, reported: number, at: number): Credit {
  return creditActiveTime(reported, at, s.active_mark_ms ?? msOf(s.saved_at ?? s.code_started_at ?? s.opened_at));
}

/** Keep this save's code as a snapshot when the rules above allow it. */
function keepSnapshot(db: DB, id: number, version: number, code: string, at: number, submit: boolean): void {
  const last = latestSnapshot(db, id, code);
  if (last && last.same === 1) return;
  if (!submit && last && (at - Date.parse(last.saved_at) < CODE_SNAPSHOT_MS || last.chars + code.length > MAX_SNAPSHOT_CHARS)) return;
  insertSnapshot(db, id, version, code, new Date(at).toISOString());
}

function save(db: DB, actor: Actor, userId: number, id: number, body: SaveCodeRequest, submit: boolean, clock: Clock): SessionRow {
  ownSession(db, id, userId);
  // The submit is the one save that must get through; autosaves are limited.
  if (!submit) takeRate(db, `code:${id}`, CODE_SAVE_RATE, clock());
  return transaction(db, () => {
    const s = ownSession(db, id, userId);
    if (s.status === 'submitted') throw pilotErrors.submitted();
    refuseSkipped(db, id);
    if (body.version !== s.version) throw pilotErrors.staleCode(s.version);
    const now = clock();
    const at = new Date(now).toISOString();
    // Code only comes from the editor "Write code" opens; a save ends the questions all the same.
    if (s.status !== 'coding') {
      if (s.opened_at === null) markOpened(db, id, at);
      markCoding(db, id, at);
    }
    const credit = creditedActiveMs(s, body.activeMs, now);
    if (!saveCode(db, id, body.version, body.code, credit.credited, credit.mark, body.pastes, at, submit)) throw pilotErrors.staleCode(s.version);
    keepSnapshot(db, id, body.version + 1, body.code, now, submit);
    appendEvent(db, actor, { action: submit ? 'pilot_session.submit' : 'pilot_session.save', entityType: 'pilot_session', entityId: id, details: { study: s.study, task: s.task_id, version: body.version + 1 } });
    if (submit) materializePilotRun(db, s.study_id, userId);
    return sessionRow(db, id)!;
  });
}

/** An autosave: 409 on a stale version, 429 when saved too often. */
export function saveDraftCode(db: DB, actor: Actor, userId: number, id: number, body: SaveCodeRequest, clock: Clock = systemClock): SaveCodeResult {
  const s = save(db, actor, userId, id, body, false, clock);
  return { version: s.version, savedAt: s.saved_at!, activeMs: s.active_ms, pastes: s.pastes, status: s.status };
}

/** The final code: the session is submitted and the pilot's run rescored in the same transaction. */
export function submitSession(db: DB, actor: Actor, userId: number, id: number, body: SaveCodeRequest, clock: Clock = systemClock): PilotSessionView {
  const s = save(db, actor, userId, id, body, true, clock);
  return view(db, s, sessionNumber(db, s), new Date(clock()).toISOString());
}
