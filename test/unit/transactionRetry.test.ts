import { describe, expect, it } from 'vitest';
import { BUSY_RETRIES, isBusyError, transaction, type DB } from '../../db/database';

const busy = (code = 'SQLITE_BUSY') => Object.assign(new Error('database is locked'), { code });

/** A stand-in for better-sqlite3 whose BEGIN IMMEDIATE fails `failures` times before it works. */
function flakyDb(failures: number, code = 'SQLITE_BUSY'): { db: DB; begins: () => number } {
  let begins = 0;
  const db = {
    transaction: (fn: () => unknown) => ({
      immediate: () => {
        begins++;
        if (begins <= failures) throw busy(code);
        return fn();
      },
    }),
  } as unknown as DB;
  return { db, begins: () => begins };
}

describe('transaction() when another connection holds the write lock', () => {
  it('retries BEGIN after busy_timeout ran out, and runs the work once', () => {
    const { db, begins } = flakyDb(BUSY_RETRIES);
    let runs = 0;
    expect(transaction(db, () => ++runs)).toBe(1);
    expect(begins()).toBe(BUSY_RETRIES + 1);
  });

  it('gives up after the retries with the busy error (the API turns it into 503)', () => {
    const { db, begins } = flakyDb(BUSY_RETRIES + 1, 'SQLITE_BUSY_SNAPSHOT');
    expect(() => transaction(db, () => 1)).toThrow(/locked/);
    expect(begins()).toBe(BUSY_RETRIES + 1);
  });

  it('never repeats work that has started: a busy error from inside the work is not retried', () => {
    const { db, begins } = flakyDb(0);
    let runs = 0;
    expect(() =>
      transaction(db, () => {
        runs++;
        throw busy();
      }),
    ).toThrow(/locked/);
    expect(runs).toBe(1);
    expect(begins()).toBe(1);
  });

  it('does not retry other errors', () => {
    const { db, begins } = flakyDb(1, 'SQLITE_CONSTRAINT');
    expect(() => transaction(db, () => 1)).toThrow();
    expect(begins()).toBe(1);
  });

  it('recognises busy and locked codes, extended ones included', () => {
    for (const code of ['SQLITE_BUSY', 'SQLITE_LOCKED', 'SQLITE_BUSY_SNAPSHOT', 'SQLITE_LOCKED_SHAREDCACHE']) expect(isBusyError(busy(code))).toBe(true);
    for (const value of [busy('SQLITE_BUSYNESS'), busy('SQLITE_CONSTRAINT'), null, 'SQLITE_BUSY', undefined]) expect(isBusyError(value)).toBe(false);
  });
});
