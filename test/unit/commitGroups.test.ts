/**
 * Draft saves that arrive in the same turn of the event loop commit together: one transaction,
 * each write its own savepoint, every promise settled only after COMMIT.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { all, inWriteScope, isBusyError, openDatabase, run, transactionInGroup, type DB, type WriteScope } from '../../db/database';

let dir: string;
let db: DB;
let other: DB;

beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ccb-commit-groups-'));
  const file = path.join(dir, 'groups.sqlite');
  db = openDatabase(file, { migrate: false, busyTimeoutMs: 0 });
  db.exec(`CREATE TABLE saves (name TEXT PRIMARY KEY);
    CREATE TABLE parents (id INTEGER PRIMARY KEY);
    CREATE TABLE children (id INTEGER PRIMARY KEY, parent INTEGER REFERENCES parents(id) DEFERRABLE INITIALLY DEFERRED);`);
  other = openDatabase(file, { migrate: false, busyTimeoutMs: 0 });
});
afterEach(() => {
  db.close();
  other.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

const stored = (conn: DB) => all<{ name: string }>(conn, 'SELECT name FROM saves ORDER BY name').map((r) => r.name);
const save = (name: string) => () => {
  run(db, 'INSERT INTO saves (name) VALUES (?)', [name]);
  return name;
};

describe('writes grouped into one commit', () => {
  it('commits the writes of one turn together: another connection sees none of them until all are stored', async () => {
    const seenByOther: string[][] = [];
    const results = await Promise.all([
      transactionInGroup(db, save('a')),
      transactionInGroup(db, () => {
        seenByOther.push(stored(other));
        return save('b')();
      }),
      transactionInGroup(db, save('c')),
    ]);
    expect(results).toEqual(['a', 'b', 'c']);
    expect(seenByOther).toEqual([[]]);
    expect(stored(other)).toEqual(['a', 'b', 'c']);
  });

  it('undoes a failing write alone: its promise rejects, the others are stored', async () => {
    const outcomes = await Promise.allSettled([
      transactionInGroup(db, save('a')),
      transactionInGroup(db, () => {
        save('b')();
        throw new Error('the version is stale');
      }),
      transactionInGroup(db, save('c')),
    ]);
    expect(outcomes.map((o) => o.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect((outcomes[1] as PromiseRejectedResult).reason).toEqual(new Error('the version is stale'));
    expect(stored(other)).toEqual(['a', 'c']);
  });

  it('fails every write and keeps none when COMMIT fails', async () => {
    const outcomes = await Promise.allSettled([
      transactionInGroup(db, save('a')),
      // Checked only at COMMIT: a child whose parent does not exist.
      transactionInGroup(db, () => run(db, 'INSERT INTO children (id, parent) VALUES (1, 99)')),
      transactionInGroup(db, save('c')),
    ]);
    expect(outcomes.map((o) => o.status)).toEqual(['rejected', 'rejected', 'rejected']);
    expect(String((outcomes[0] as PromiseRejectedResult).reason)).toMatch(/FOREIGN KEY/);
    expect(stored(other)).toEqual([]);
    expect(all(other, 'SELECT id FROM children')).toEqual([]);
    expect(db.inTransaction).toBe(false);
  });

  it('fails every write with the disk-full error when the disk fills (SQLite ends the whole transaction), keeping none', async () => {
    db.exec('VACUUM');
    db.pragma(`max_page_count = ${db.pragma('page_count', { simple: true }) as number}`);
    const outcomes = await Promise.allSettled([
      transactionInGroup(db, save('a')),
      transactionInGroup(db, save('b'.repeat(20_000))),
      transactionInGroup(db, save('c')),
    ]);
    expect(outcomes.map((o) => o.status === 'rejected' && (o.reason as { code?: string }).code)).toEqual(['SQLITE_FULL', 'SQLITE_FULL', 'SQLITE_FULL']);
    expect(db.inTransaction).toBe(false);
    db.pragma('max_page_count = 1073741823');
    expect(stored(other)).toEqual([]);
    await expect(transactionInGroup(db, save('after'))).resolves.toBe('after');
  });

  it('tells each request its write committed, and only when it did', async () => {
    const kept: WriteScope = { committed: false };
    const undone: WriteScope = { committed: false };
    await Promise.allSettled([
      inWriteScope(kept, () => transactionInGroup(db, save('a'))),
      inWriteScope(undone, () =>
        transactionInGroup(db, () => {
          throw new Error('refused');
        }),
      ),
    ]);
    expect(kept.committed).toBe(true);
    expect(undone.committed).toBe(false);
  });

  it('fails the whole group with the busy error while another connection writes, having run nothing, and works once it is done', async () => {
    other.exec('BEGIN IMMEDIATE');
    let ran = 0;
    const scope: WriteScope = { committed: false };
    const outcomes = await Promise.allSettled([
      inWriteScope(scope, () => transactionInGroup(db, () => ++ran)),
      transactionInGroup(db, () => ++ran),
    ]);
    expect(outcomes.every((o) => o.status === 'rejected' && isBusyError(o.reason))).toBe(true);
    expect(ran).toBe(0);
    expect(scope.committed).toBe(false);
    other.exec('COMMIT');
    await expect(transactionInGroup(db, save('after'))).resolves.toBe('after');
    expect(stored(other)).toEqual(['after']);
  });

  it('starts a new group for writes queued after a group has committed', async () => {
    await transactionInGroup(db, save('first'));
    const later = transactionInGroup(db, save('second'));
    expect(stored(other)).toEqual(['first']);
    await later;
    expect(stored(other)).toEqual(['first', 'second']);
  });
});
