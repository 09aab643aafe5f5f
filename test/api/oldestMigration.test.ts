import fs from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { listMigrations, migrate, openDatabase, type DB } from '../../db/database';
import { listUsers } from '../../server/services/users';
import { runCli } from '../support/cli';
import { tempDir } from '../support/db';

// A database made by the oldest schema (only 001_init.sql), as the first version left it, brought
// to today's through the normal path: restore of such a backup relies on every migration since
// keeping the data.
const dir = tempDir('ccb-oldest-');
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

const OLDEST = 1;
const HASH = 'scrypt$32768$8$1$c2FsdHNhbHRzYWx0c2FsdA$aGFzaGhhc2hoYXNoaGFzaGhhc2hoYXNoaGFzaGhhc2g';

/** One or more rows in every table 001 creates, written with 001's own columns. */
function fillOldest(db: DB): void {
  const sql = `
    INSERT INTO users (id, username, role, password_hash, active) VALUES
      (1, 'mara', 'maintainer', '${HASH}', 1), (2, 'alice', 'annotator', '${HASH}', 1),
      (3, 'bob', 'annotator', '${HASH}', 0), (4, 'ada', 'adjudicator', '${HASH}', 1);
    INSERT INTO sessions (token_hash, user_id, expires_at) VALUES ('tok', 2, '2099-01-01T00:00:00Z');
    INSERT INTO problems (id, question_id, title, platform, contest_id, contest_date, difficulty, statement, base_text,
                          starter_code, public_test_cases, metadata, private_tests_bytes, private_tests_sha256, record_sha256, import_order) VALUES
      (1, 'abc001_a', 'First', 'atcoder', 'abc001', '2025-01-01T00:00:00', 'easy', 'Given N, print N.', 'Given N, print N.', '', '[]', '{}', 10, 'p1', 'r1', 1),
      (2, 'abc002_b', 'Second', 'atcoder', 'abc002', '2025-01-02T00:00:00', 'hard', 'Sort A.', 'Sort A.', 'def f(): pass', '[{"input":"1","output":"1"}]', '{"k":1}', 0, NULL, 'r2', 2);
    INSERT INTO assignments (problem_id, user_id, slot, assigned_by) VALUES (1, 2, 1, 1), (1, 3, 2, 1), (2, 2, 1, 1);
    INSERT INTO annotations (id, problem_id, user_id, status, version, active_ms, source, submitted_at) VALUES
      (1, 1, 2, 'submitted', 4, 60000, 'editor', '2025-02-01T00:00:00Z'), (2, 1, 3, 'draft', 2, 1000, 'import', NULL);
    INSERT INTO annotation_points (annotation_id, idx, deletions, repairs, question, answer, type) VALUES
      (1, 0, '[[6,7]]', '[]', 'Which N?', 'An integer.', 'Behavior'),
      (1, 1, '[[9,16]]', '[{"start":9,"end":16,"text":"output"}]', 'Print how?', 'On one line.', 'Output Format'),
      (2, 0, '[]', '[]', '', '', NULL);
    INSERT INTO adjudications (problem_id, status, version, notes, source, updated_by, resolved_by, resolved_at) VALUES
      (1, 'resolved', 3, 'Recovered from the legacy release "v0.9" (task_1)', 'legacy', 4, 4, '2025-03-01T00:00:00Z'),
      (2, 'draft', 1, 'work in progress', 'adjudication', 4, NULL, NULL);
    INSERT INTO gold_points (problem_id, idx, deletions, repairs, question, answer, type, provenance, sources, plausible, ambiguous, sufficient, note) VALUES
      (1, 0, '[[6,7]]', '[]', 'Which N?', 'An integer.', 'Behavior', 'legacy', '{}', 1, 1, 1, 'kept');
    INSERT INTO task_overrides (problem_id, subset, text, questions, answers, keywords, kind, repairs, created_by) VALUES
      (1, '0', 'Given it, print it.', '["Which value?"]', NULL, '["Behavior"]', 'rewrite', '[]', 4);
    INSERT INTO task_ids (problem_id, subset, task_id, position) VALUES (1, '0', 'task_1', 1);
    INSERT INTO releases (id, name, notes, policy, kind, manifest, created_by) VALUES (1, 'v0.9', 'legacy', 'all-subsets', 'legacy', '{"counts":{"tasks":1}}', 1);
    INSERT INTO release_files (release_id, path, content, sha256) VALUES (1, 'ClarifyCodeBench.jsonl', X'7B7D0A', 'abc');
    INSERT INTO settings (key, value) VALUES ('reveal_names', 'true');
    INSERT INTO events (actor_id, actor, action, entity_type, entity_id, before, after, details) VALUES
      (1, 'mara', 'problem.import', 'problem', 'abc001_a', NULL, '{"title":"First"}', '{"file":"x.jsonl"}');`;
  db.exec(sql);
}

type Snapshot = Record<string, { columns: string[]; rows: unknown[] }>;

/** Every row of every table the oldest schema has, in its oldest columns only. */
function snapshot(db: DB, columnsOf?: Snapshot): Snapshot {
  const tables = columnsOf
    ? Object.keys(columnsOf)
    : (db.prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name != 'schema_migrations' ORDER BY name").pluck().all() as string[]);
  const out: Snapshot = {};
  for (const table of tables) {
    const columns = columnsOf?.[table]?.columns ?? (db.prepare(`SELECT name FROM pragma_table_info(?)`).pluck().all(table) as string[]);
    const rows = db.prepare(`SELECT ${columns.map((c) => `"${c}"`).join(', ')} FROM "${table}" ORDER BY ${columns.map((c) => `"${c}"`).join(', ')}`).raw().all();
    out[table] = { columns, rows };
  }
  return out;
}

function oldestDb(file: string): Snapshot {
  const db = openDatabase(file, { migrate: false });
  try {
    expect(migrate(db, listMigrations().filter((m) => m.version <= OLDEST))).toEqual([OLDEST]);
    fillOldest(db);
    const before = snapshot(db);
    for (const [table, { rows }] of Object.entries(before)) expect(rows.length, `rows in ${table}`).toBeGreaterThan(0);
    return before;
  } finally {
    db.close();
  }
}

const today = listMigrations().map((m) => m.version);

describe('a database from the oldest migration level', () => {
  it('opens at today\'s schema with every row and value of the oldest one kept', () => {
    const file = path.join(dir, 'open.sqlite');
    const before = oldestDb(file);
    const db = openDatabase(file);
    try {
      expect(db.prepare('SELECT version FROM schema_migrations ORDER BY version').pluck().all()).toEqual(today);
      expect(snapshot(db, before)).toEqual(before);
      // The later migrations' own work on old rows: the legacy release named in the notes.
      expect(db.prepare('SELECT legacy_release FROM adjudications WHERE problem_id = 1').pluck().get()).toBe('v0.9');
      expect(db.prepare("SELECT settings FROM releases WHERE name = 'v0.9'").pluck().get()).toBe('{}');
      expect(listUsers(db).map((u) => [u.username, u.role, Boolean(u.active)])).toEqual([
        ['ada', 'adjudicator', true],
        ['alice', 'annotator', true],
        ['bob', 'annotator', false],
        ['mara', 'maintainer', true],
      ]);
    } finally {
      db.close();
    }
  });

  it('is restored from a backup by the CLI and migrated, the data intact', async () => {
    const backup = path.join(dir, 'oldest-backup.sqlite');
    const before = oldestDb(backup);
    const target = path.join(dir, 'restored.sqlite');
    const res = await runCli(['restore', backup, '--db', target]);
    expect(res.stderr).not.toContain('error');
    expect(res).toMatchObject({ status: 0, stdout: expect.stringContaining('(4 users, 2 problems, integrity ok)') });
    const db = openDatabase(target, { readonly: true });
    try {
      expect(db.prepare('SELECT version FROM schema_migrations ORDER BY version').pluck().all()).toEqual(today);
      const after = snapshot(db, before);
      // restore appends its own event; everything that was there is unchanged.
      expect(after.events!.rows.slice(0, 1)).toEqual(before.events!.rows);
      expect({ ...after, events: null }).toEqual({ ...before, events: null });
    } finally {
      db.close();
    }
  });
});
