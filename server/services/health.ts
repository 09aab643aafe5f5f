import fs from 'node:fs';
import type { DB } from '../../db/database';
import { migrationLevel } from '../../db/schema';

/** The highest migration applied; throws when the database does not answer or its file is gone. */
export function databaseLevel(db: DB): number {
  if (!db.memory && !fs.existsSync(db.name)) throw new Error(`the database file ${db.name} is gone`);
  const level = migrationLevel(db);
  if (typeof level !== 'number') throw new Error('the database has no migrations');
  return level;
}
