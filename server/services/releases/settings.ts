import { get, run, transaction, type DB } from '../../../db/database';
import { appendEvent, type Actor } from '../../../db/events';
import { withDefaults, type ReleaseSettings } from '../../../shared/schemas/releaseSettings';

/** The card settings the next release will be cut with (the defaults until a maintainer saves some). */
export function readReleaseSettings(db: DB): ReleaseSettings {
  const row = get<{ settings: string }>(db, 'SELECT settings FROM release_settings WHERE id = 1');
  return withDefaults(row ? (JSON.parse(row.settings) as unknown) : {});
}

/** Replace the card settings in one transaction, with a `settings.update` event (before and after). */
export function saveReleaseSettings(db: DB, actor: Actor, settings: ReleaseSettings): ReleaseSettings {
  return transaction(db, () => {
    const before = readReleaseSettings(db);
    run(
      db,
      `INSERT INTO release_settings (id, settings, updated_by) VALUES (1, ?, ?)
       ON CONFLICT (id) DO UPDATE SET settings = excluded.settings, updated_by = excluded.updated_by,
         updated_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now')`,
      [JSON.stringify(settings), actor.id],
    );
    appendEvent(db, actor, { action: 'settings.update', entityType: 'setting', entityId: 'release', before, after: settings });
    return settings;
  });
}
