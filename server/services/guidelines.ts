import { transaction, type DB } from '../../db/database';
import { appendEvent, type Actor } from '../../db/events';
import { currentGuidelinesVersion, guidelinesSeenVersion, insertGuidelinesVersion, recordGuidelinesSeen, readCurrentGuidelines, readGuidelinesVersion, readGuidelinesVersions, type GuidelinesRow, type GuidelinesVersionRow } from '../../db/guidelines';
import type { GuidelinesNews, SaveGuidelinesBody } from '../../shared/guidelines/view';
import { DomainError, notFound, validationFailed } from '../domain/errors';

/** A version of the guidelines as stored, and the number of the current one. */
export interface GuidelinesState {
  row: GuidelinesRow;
  currentVersion: number;
}

/** The guidelines: the current version, or an earlier one by number (404 for one never saved). */
export function getGuidelines(db: DB, version?: number): GuidelinesState {
  const current = readCurrentGuidelines(db);
  if (version === undefined || version === current.version) return { row: current, currentVersion: current.version };
  const row = readGuidelinesVersion(db, version);
  if (!row) throw notFound(`There is no guidelines version ${version} (the current one is ${current.version}).`);
  return { row, currentVersion: current.version };
}

/** Every saved version, newest first. */
export function listGuidelinesVersions(db: DB): GuidelinesVersionRow[] {
  return readGuidelinesVersions(db);
}

/** A maintainer's save: the next version, if the one they edited is still the current one; with its event. */
export function saveGuidelines(db: DB, actor: Actor, body: SaveGuidelinesBody): GuidelinesState {
  return transaction(db, () => {
    const current = currentGuidelinesVersion(db);
    if (body.version !== current) {
      throw new DomainError(
        'stale_version',
        `You edited guidelines version ${body.version}, but version ${current} was saved since. Load the latest version; nothing was overwritten.`,
        { currentVersion: current },
      );
    }
    const version = current + 1;
    insertGuidelinesVersion(db, version, body.markdown, actor.id);
    appendEvent(db, actor, {
      action: 'guidelines.save',
      entityType: 'guidelines',
      entityId: version,
      before: { version: current },
      after: { version, characters: body.markdown.length },
    });
    return getGuidelines(db);
  });
}

/** Whether the guidelines changed since this user last opened the Guidelines page (never opened: measured from version 1). */
export function guidelinesNews(db: DB, userId: number): GuidelinesNews {
  const current = currentGuidelinesVersion(db);
  const lastSeen = Math.min(guidelinesSeenVersion(db, userId) ?? 1, current);
  return { current, lastSeen, changed: current > lastSeen };
}

/** The user opened the Guidelines page showing `version`: the news up to it is cleared. */
export function markGuidelinesSeen(db: DB, userId: number, version: number): GuidelinesNews {
  return transaction(db, () => {
    const current = currentGuidelinesVersion(db);
    if (version > current) throw validationFailed([{ path: 'version', message: `there is no guidelines version ${version} (the current one is ${current})` }]);
    recordGuidelinesSeen(db, userId, version);
    return guidelinesNews(db, userId);
  });
}
