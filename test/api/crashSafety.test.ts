import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import Database from 'better-sqlite3';
import fs from 'node:fs';
import path from 'node:path';
import { openDatabase } from '../../db/database';
import { tempDir } from '../support/db';
import { fileSize, killWhen, startCli } from '../support/killable';
import { writeLcbFile } from '../support/lcbRecords';

// A file large enough that the import's one transaction spills pages into the WAL before
// it commits, so a kill can land in the middle of the write.
const PROBLEMS = 4000;
const dir = tempDir('ccb-crash-');
const lcbFile = path.join(dir, 'large.jsonl');

beforeAll(() => writeLcbFile(lcbFile, PROBLEMS, 2500));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

/** A migrated database with an empty WAL, so WAL growth means "the import is writing". */
function freshDb(name: string): string {
  const file = path.join(dir, name);
  const db = openDatabase(file);
  db.pragma('wal_checkpoint(TRUNCATE)');
  db.close();
  return file;
}

/** Reopen after the crash (SQLite recovers from the WAL) and look at what is visible. */
function inspect(file: string): { integrity: string; problems: number; importEvents: number } {
  const db = new Database(file);
  try {
    return {
      integrity: String(db.pragma('integrity_check', { simple: true })),
      problems: db.prepare('SELECT COUNT(*) FROM problems').pluck().get() as number,
      importEvents: db.prepare("SELECT COUNT(*) FROM events WHERE action = 'problem.import'").pluck().get() as number,
    };
  } finally {
    db.close();
  }
}

describe('crash safety of import-lcb (SIGKILL mid-way)', () => {
  it('killed while reading: the database is intact and holds nothing of the file', async () => {
    const db = freshDb('reading.sqlite');
    const run = startCli(['import-lcb', lcbFile, '--db', db]);
    const killed = await killWhen(run, () => /Reading: [3-9]\d%/.test(run.stderr()));
    expect(killed, run.stderr()).toBe(true);
    expect(inspect(db)).toEqual({ integrity: 'ok', problems: 0, importEvents: 0 });
  });

  it('killed while writing: the import is complete or absent, never partial, and a rerun completes it', async () => {
    const db = freshDb('writing.sqlite');
    const run = startCli(['import-lcb', lcbFile, '--db', db]);
    // The reading phase writes nothing; the WAL grows only once the import transaction writes.
    const killed = await killWhen(run, () => /Reading: 100%/.test(run.stderr()) && fileSize(`${db}-wal`) > 256 * 1024);
    expect(killed, `the import finished before it could be killed: ${run.stderr()}`).toBe(true);
    const after = inspect(db);
    expect(after.integrity).toBe('ok');
    expect([0, PROBLEMS]).toContain(after.problems);
    expect(after.importEvents).toBe(after.problems === 0 ? 0 : 1);

    const rerun = startCli(['import-lcb', lcbFile, '--db', db]);
    expect(await rerun.exited, rerun.stderr()).toBe(0);
    expect(inspect(db)).toMatchObject({ integrity: 'ok', problems: PROBLEMS });
  });
});
