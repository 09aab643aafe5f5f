import { transaction, type DB } from '../../../db/database';
import { readNextReleaseSettings, writeReleaseSettingsText } from '../../../db/releases';
import { appendEvent, type Actor } from '../../../db/events';
import type { ReleaseSettings } from '../../../shared/schemas/releaseSettings';

/** The card settings the next release will be cut with (the defaults until a maintainer saves some). */
export function readReleaseSettings(db: DB): ReleaseSettings {
  return readNextReleaseSettings(db);
}

/** Replace the card settings in one transaction, with a `settings.update` event (before and after). */
export function saveReleaseSettings(db: DB, actor: Actor, settings: ReleaseSettings): ReleaseSettings {
  return transaction(db, () => {
    const before = readReleaseSettings(db);
    writeReleaseSettingsText(db, JSON.stringify(settings), actor.id);
    appendEvent(db, actor, { action: 'settings.update', entityType: 'setting', entityId: 'release', before, after: settings });
    return settings;
  });
}
