import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { openDatabase, type DB } from '../../db/database';

/** A migrated database in a temporary file, removed after the test file. */
export function tempDb(): { db: DB; file: string; cleanup: () => void } {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ccb-db-'));
  const file = path.join(dir, 'test.sqlite');
  const db = openDatabase(file);
  return {
    db,
    file,
    cleanup: () => {
      db.close();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

/**
 * A copy of a database in a temporary file (VACUUM INTO: consistent, whatever the source's WAL
 * holds), migrated like any tempDb: the same starting state again for a few milliseconds, where
 * building it (users, problems, annotations, a release) takes tens.
 */
export function copyOfDb(source: DB): { db: DB; file: string; cleanup: () => void } {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ccb-db-'));
  const file = path.join(dir, 'test.sqlite');
  source.prepare('VACUUM INTO ?').run(file);
  const db = openDatabase(file);
  return {
    db,
    file,
    cleanup: () => {
      db.close();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

export function tempDir(prefix = 'ccb-'): string {
  return fs.mkdtempSync(path.join(os.tmpdir(), prefix));
}
