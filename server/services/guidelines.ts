import { transaction, type DB } from '../../db/database';
import { appendEvent, type Actor } from '../../db/events';
import { currentGuidelinesVersion, guidelinesSeenVersion, insertGuidelinesVersion, recordGuidelinesSeen, readCurrentGuidelines, readGuidelinesVersion, readGuidelinesVersions, type GuidelinesRow } from '../../db/guidelines';
import { DELETION_RULES } from '../../shared/guidelines/rules';
import { GUIDELINE_TYPES } from '../../shared/guidelines/types';
import type { GuidelinesNews, GuidelinesVersionSummary, GuidelinesView, SaveGuidelinesBody } from '../../shared/guidelines/view';
import { DomainError, notFound, validationFailed } from '../domain/errors';

function present(row: GuidelinesRow, currentVersion: number): GuidelinesView {
  return {
    version: row.version,
    currentVersion,
    markdown: row.markdown,
    savedBy: row.saved_by_name,
    savedAt: row.saved_at,
    types: GUIDELINE_TYPES.map((t) => ({ name: t.name, anchor: t.anchor, definition: t.definition, example: { ...t.example } })),
    rules: DELETION_RULES.map((r) => ({ ...r })),
  };
}

/** The guidelines: the current version, or an earlier one by number (404 for one never saved). */
export function getGuidelines(db: DB, version?: number): GuidelinesView {
  const current = readCurrentGuidelines(db);
  if (version === undefined || version === current.version) return present(current, current.version);
  const row = readGuidelinesVersion(db, version);
  if (!row) throw notFound(`There is no guidelines version ${version} (the current one is ${current.version}).`);
  return present(row, current.version);
}

export function listGuidelinesVersions(db: DB): GuidelinesVersionSummary[] {
  return readGuidelinesVersions(db).map((r) => ({ version: r.version, savedBy: r.saved_by_name, savedAt: r.saved_at, characters: r.characters }));
}

/** A maintainer's save: the next version, if the one they edited is still the current one; with its event. */
export function saveGuidelines(db: DB, actor: Actor, body: SaveGuidelinesBody): GuidelinesView {
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
