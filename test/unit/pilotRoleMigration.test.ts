import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { listMigrations, migrate } from '../../db/database';

describe('migration 200: the pilot role', () => {
  it('rebuilds users keeping every account, session and reference; pilot is then a valid role', () => {
    const db = new Database(':memory:');
    db.pragma('foreign_keys = ON');
    const all = listMigrations();
    migrate(db, all.filter((m) => m.version < 200));
    db.exec(`INSERT INTO users (id, username, role, password_hash) VALUES (1, 'mara', 'maintainer', 'h1'), (2, 'anna', 'annotator', 'h2');
             INSERT INTO sessions (token_hash, user_id, expires_at) VALUES ('t1', 1, '2099-01-01'), ('t2', 2, '2099-01-01');`);
    expect(() => db.exec(`INSERT INTO users (username, role, password_hash) VALUES ('pia', 'pilot', 'h')`)).toThrow(/CHECK/);
    const before = db.prepare('SELECT * FROM users ORDER BY id').all();
    migrate(db, all);
    expect(db.prepare('SELECT * FROM users ORDER BY id').all()).toEqual(before);
    expect(db.prepare('SELECT token_hash, user_id FROM sessions ORDER BY token_hash').all()).toEqual([
      { token_hash: 't1', user_id: 1 },
      { token_hash: 't2', user_id: 2 },
    ]);
    db.exec(`INSERT INTO users (username, role, password_hash) VALUES ('pia', 'pilot', 'h')`);
    expect(() => db.exec(`INSERT INTO users (username, role, password_hash) VALUES ('x', 'boss', 'h')`)).toThrow(/CHECK/);
    // Foreign keys are back on and still point at users; the agreement trigger is back.
    expect(db.pragma('foreign_keys', { simple: true })).toBe(1);
    expect(() => db.exec(`INSERT INTO sessions (token_hash, user_id, expires_at) VALUES ('t3', 99, '2099-01-01')`)).toThrow(/FOREIGN KEY/);
    db.exec(`DELETE FROM users WHERE id = 2`);
    expect(db.prepare('SELECT COUNT(*) AS n FROM sessions').get()).toEqual({ n: 1 });
    expect(db.prepare(`SELECT name FROM sqlite_master WHERE type = 'trigger' AND tbl_name = 'users'`).all()).toEqual([{ name: 'users_update_bumps_agreement' }]);
    db.close();
  });
});
