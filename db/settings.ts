import { get, run, type DB } from './database';

/** One stored setting's text, if set. */
export function readSetting(db: DB, key: string): string | undefined {
  return get<{ value: string }>(db, 'SELECT value FROM settings WHERE key = ?', [key])?.value;
}

export function writeSetting(db: DB, key: string, value: string): void {
  run(db, 'INSERT INTO settings (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value', [key, value]);
}
