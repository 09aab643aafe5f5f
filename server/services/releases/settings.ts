import { transaction, type DB } from '../../../db/database';
import { readReleaseSettingsText, writeReleaseSettingsText } from '../../../db/releases';
import { appendEvent, type Actor } from '../../../db/events';
import { withDefaults, type ReleaseSettings } from '../../../shared/schemas/releaseSettings';

/** The card settings the next release will be cut with (the defaults until a maintainer saves some). */
export function readReleaseSettings(db: DB): ReleaseSettings {
  const text = readReleaseSettingsText(db);
  return withDefaults(text !== undefined ? (JSON.parse(text) as unknown) : {});
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
