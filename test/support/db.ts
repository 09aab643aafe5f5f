import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { openDatabase, type DB } from '../../db/database';

type TempDb = { db: DB; file: string; cleanup: () => void };

/** A database in a temporary file that `create` makes, opened (and migrated) as the app opens one. */
function inTempFile(create: (file: string) => void): TempDb {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ccb-db-'));
  const file = path.join(dir, 'test.sqlite');
  create(file);
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

/** A migrated database in a temporary file, removed after the test file. */
export function tempDb(): TempDb {
  return inTempFile(() => {});
}

/**
 * A copy of a database in a temporary file (VACUUM INTO: consistent, whatever the source's WAL
 * holds): the same starting state again for a few milliseconds, where building it (users,
 * problems, annotations, a release) takes tens.
 */
export function copyOfDb(source: DB): TempDb {
  return inTempFile((file) => source.prepare('VACUUM INTO ?').run(file));
}

/** Folders tempDir made and not yet removed: test/support/tempCleanup.ts removes them after each test file. */
const madeDirs: string[] = [];

/** Remove every folder tempDir made so far (a run leaves nothing in the system's temp folder). */
export function removeTempDirs(): void {
  for (const dir of madeDirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
}

export function tempDir(prefix = 'ccb-'): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  madeDirs.push(dir);
  return dir;
}
