/**
 * Skip a task, as RealHumanEval allows after ten minutes on it (the study's setting): the session
 * is never submitted, so it stays unfinished in the pilot's run, and the reason is kept with it.
 */
import { transaction, type DB } from '../../../db/database';
import { appendEvent, type Actor } from '../../../db/events';
import { markSkipped, sessionTools } from '../../../db/pilotCodeRuns';
import { markOpened, sessionNumber, sessionRow } from '../../../db/pilots';
import type { PilotSessionView } from '../../../shared/schemas/pilots';
import { systemClock, type Clock } from '../activeTime';
import { skipAllowedAt } from './codeTools';
import { codeToolErrors } from './codeToolErrors';
import { pilotErrors } from './errors';
import { ownSession, view } from './sessionView';

export function skipTask(db: DB, actor: Actor, userId: number, id: number, reason: string, clock: Clock = systemClock): PilotSessionView {
  return transaction(db, () => {
    const s = ownSession(db, id, userId);
    if (s.status === 'submitted') throw pilotErrors.submitted();
    const at = new Date(clock()).toISOString();
    if (s.opened_at === null) markOpened(db, id, at);
    const opened = sessionRow(db, id)!;
    const allowedAt = skipAllowedAt(opened, sessionTools(db, id)!)!;
    if (at < allowedAt) throw codeToolErrors.skipNotYet(allowedAt);
    if (markSkipped(db, id, at, reason.trim())) {
      appendEvent(db, actor, { action: 'pilot_session.skip', entityType: 'pilot_session', entityId: id, details: { study: s.study, task: s.task_id } });
    }
    return view(db, opened, sessionNumber(db, opened), at);
  });
}
