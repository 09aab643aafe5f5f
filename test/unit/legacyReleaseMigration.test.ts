import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { listMigrations, migrate } from '../../db/database';

describe('migration 132: the release a legacy adjudication came from', () => {
  it('is recovered from the notes of adjudications imported before the column existed; others stay NULL', () => {
    const db = new Database(':memory:');
    db.pragma('foreign_keys = ON');
    const all = listMigrations();
    migrate(db, all.filter((m) => m.version < 132));
    db.exec(`INSERT INTO problems (question_id, title, platform, contest_id, contest_date, difficulty, statement, base_text, starter_code, public_test_cases, metadata,
               private_tests_bytes, private_tests_sha256, record_sha256, import_order)
             SELECT 'p' || n, 't', 'atcoder', 'c', '2025-01-01T00:00:00', 'easy', 's', 's', '', '[]', '{}', 0, '', 'x' || n, n FROM (SELECT 1 AS n UNION SELECT 2 UNION SELECT 3)`);
    const insert = db.prepare(`INSERT INTO adjudications (problem_id, status, version, notes, source) VALUES (?, 'resolved', 1, ?, ?)`);
    insert.run(1, 'Recovered from the legacy release "ClarifyCodeBench". Rewritten tasks (kept as overrides): task_19.', 'legacy');
    insert.run(2, 'Recovered from the legacy release "v0.9-public".', 'legacy');
    insert.run(3, 'Recovered from the legacy release "not this one" (an adjudication here).', 'adjudication');
    migrate(db, all);
    const rows = db.prepare('SELECT problem_id, legacy_release FROM adjudications ORDER BY problem_id').all();
    expect(rows).toEqual([
      { problem_id: 1, legacy_release: 'ClarifyCodeBench' },
      { problem_id: 2, legacy_release: 'v0.9-public' },
      { problem_id: 3, legacy_release: null },
    ]);
    db.close();
  });
});
