import { describe, expect, it } from 'vitest';
import Database from 'better-sqlite3';
import { inWriteScope, run, transaction, type WriteScope } from '../../db/database';
import { handleWaitingForLocks } from '../../server/http/mount';
import type { RouteDef, UserContext } from '../../server/http/route';

const busy = () => Object.assign(new Error('database is locked'), { code: 'SQLITE_BUSY' });
const ctx = { res: { headersSent: false } } as unknown as UserContext<unknown, unknown>;
const routeWith = (handle: () => unknown, extra: Partial<RouteDef> = {}): RouteDef => ({ method: 'put', path: '/x', access: 'user', handle, ...extra });

describe('inWriteScope notes whether the work committed', () => {
  it('a transaction or a statement outside one counts; reads and a rolled-back transaction do not', () => {
    const db = new Database(':memory:');
    db.exec('CREATE TABLE t (x)');
    const scopeOf = (fn: () => void): WriteScope => {
      const scope = { committed: false };
      inWriteScope(scope, fn);
      return scope;
    };
    expect(scopeOf(() => db.prepare('SELECT * FROM t').all()).committed).toBe(false);
    expect(scopeOf(() => expect(() => transaction(db, () => (run(db, 'INSERT INTO t VALUES (1)'), run(db, 'INSERT INTO nowhere VALUES (1)')))).toThrow()).committed).toBe(false);
    expect(scopeOf(() => transaction(db, () => run(db, 'INSERT INTO t VALUES (2)'))).committed).toBe(true);
    expect(scopeOf(() => run(db, 'INSERT INTO t VALUES (3)')).committed).toBe(true);
    db.close();
  });
});

describe('handleWaitingForLocks', () => {
  it('runs a handler again after a busy error that came before any commit, until it succeeds', async () => {
    let calls = 0;
    const result = await handleWaitingForLocks(routeWith(() => (++calls < 4 ? Promise.reject(busy()) : 'done')), ctx, 5000);
    expect(result).toBe('done');
    expect(calls).toBe(4);
  });

  it('never repeats a handler that committed something, one that reads its own body, or other errors', async () => {
    const db = new Database(':memory:');
    db.exec('CREATE TABLE t (x)');
    let calls = 0;
    const committedThenBusy = routeWith(() => {
      calls++;
      transaction(db, () => run(db, 'INSERT INTO t VALUES (1)'));
      throw busy();
    });
    await expect(handleWaitingForLocks(committedThenBusy, ctx, 5000)).rejects.toThrow(/locked/);
    expect(calls).toBe(1);
    expect(db.prepare('SELECT COUNT(*) FROM t').pluck().get()).toBe(1);
    db.close();

    let uploads = 0;
    await expect(handleWaitingForLocks(routeWith(() => (uploads++, Promise.reject(busy())), { rawBody: true }), ctx, 5000)).rejects.toThrow(/locked/);
    expect(uploads).toBe(1);

    let others = 0;
    await expect(handleWaitingForLocks(routeWith(() => (others++, Promise.reject(new Error('boom')))), ctx, 5000)).rejects.toThrow('boom');
    expect(others).toBe(1);
  });

  it('gives up with the busy error once the wait is used up (the error handler makes it a 503)', async () => {
    let calls = 0;
    await expect(handleWaitingForLocks(routeWith(() => (calls++, Promise.reject(busy()))), ctx, 100)).rejects.toThrow(/locked/);
    expect(calls).toBeGreaterThan(1);
  });
});
