import fs from 'node:fs';
import type { DB } from '../../../db/database';
import { AppError } from '../../http/errors';
import { locals } from '../../http/logging';
import { route } from '../../http/route';

/** The highest migration applied; throws when the database does not answer or its file is gone. */
function migrationLevel(db: DB): number {
  if (!db.memory && !fs.existsSync(db.name)) throw new Error(`the database file ${db.name} is gone`);
  const level = db.prepare('SELECT MAX(version) FROM schema_migrations').pluck().get();
  if (typeof level !== 'number') throw new Error('the database has no migrations');
  return level;
}

export const healthRoutes = [
  route({
    method: 'get',
    path: '/healthz',
    access: 'public',
    handle({ db, res }) {
      res.setHeader('Cache-Control', 'no-store');
      try {
        return { status: 'ok', migration: migrationLevel(db) };
      } catch (err) {
        locals(res).error = err;
        throw new AppError(503, 'unavailable', 'The database does not answer.');
      }
    },
  }),
];
