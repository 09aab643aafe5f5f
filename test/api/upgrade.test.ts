import { afterAll, describe, expect, it } from 'vitest';
import fs from 'node:fs';
import path from 'node:path';
import { listMigrations, migrate, openDatabase } from '../../db/database';
import { hashPassword } from '../../server/auth/passwords';
import { DEMO_PROBLEMS } from '../../server/seed';
import { normalizeBaseText } from '../../shared/baseText';
import { tempDir } from '../support/db';
import { startServer } from '../support/serverProcess';

/** The migrations of the last release: everything up to 080 (what an existing team's database has). */
const PREVIOUS_RELEASE = 80;

const dir = tempDir('ccb-upgrade-');
const clientDir = tempDir('ccb-no-client-');
afterAll(() => {
  fs.rmSync(dir, { recursive: true, force: true });
  fs.rmSync(clientDir, { recursive: true, force: true });
});

/** A database as the previous release left it, filled with plain SQL of that schema (not today's services). */
async function previousReleaseDb(file: string): Promise<{ questionId: string; baseText: string }> {
  const db = openDatabase(file, { migrate: false });
  const applied = migrate(db, listMigrations().filter((m) => m.version <= PREVIOUS_RELEASE));
  expect(Math.max(...applied)).toBe(PREVIOUS_RELEASE);
  const record = JSON.parse(fs.readFileSync(DEMO_PROBLEMS, 'utf8').split('\n')[0]!) as Record<string, string>;
  const baseText = normalizeBaseText(record.question_content!);
  const insertUser = db.prepare('INSERT INTO users (username, role, password_hash) VALUES (?, ?, ?)');
  const mara = insertUser.run('mara', 'maintainer', await hashPassword('mara-real-password')).lastInsertRowid;
  const alice = insertUser.run('alice', 'annotator', await hashPassword('alice-real-password')).lastInsertRowid;
  const bob = insertUser.run('bob', 'annotator', await hashPassword('bob-real-password')).lastInsertRowid;
  const problem = db
    .prepare(
      `INSERT INTO problems (question_id, title, platform, contest_id, contest_date, difficulty, statement, base_text, record_sha256, import_order)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, 'sha', 1)`,
    )
    .run(record.question_id, record.question_title, record.platform, record.contest_id, record.contest_date, record.difficulty, record.question_content, baseText).lastInsertRowid;
  db.prepare('INSERT INTO assignments (problem_id, user_id, slot, assigned_by) VALUES (?, ?, 1, ?), (?, ?, 2, ?)').run(problem, alice, mara, problem, bob, mara);
  const annotation = db.prepare("INSERT INTO annotations (problem_id, user_id, version, active_ms) VALUES (?, ?, 3, 60000)").run(problem, alice).lastInsertRowid;
  db.prepare("INSERT INTO annotation_points (annotation_id, idx, deletions, question, answer, type) VALUES (?, 0, '[[0,5]]', 'What is meant?', 'The first word.', 'Behavior')").run(annotation);
  db.close();
  return { questionId: record.question_id!, baseText };
}

async function login(url: string, username: string, password: string): Promise<string> {
  const res = await fetch(`${url}/api/auth/login`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ username, password }) });
  expect(res.status, `login as ${username}`).toBe(200);
  return /ccb_session=[^;]+/.exec(res.headers.get('set-cookie') ?? '')![0];
}

describe('upgrading', () => {
  it("today's server starts on the previous release's database, migrates it and works with its data", { timeout: 90_000 }, async () => {
    const file = path.join(dir, 'team.sqlite');
    const { questionId, baseText } = await previousReleaseDb(file);
    const server = await startServer({ CCB_DB: file, CCB_CLIENT_DIR: clientDir });
    try {
      expect(server.url, server.stderr()).not.toBeNull();
      expect(server.stdout()).not.toContain('seeding');
      const health = (await (await fetch(`${server.url}/healthz`)).json()) as { migration: number };
      expect(health.migration).toBe(Math.max(...listMigrations().map((m) => m.version)));

      const alice = await login(server.url!, 'alice', 'alice-real-password');
      const url = `${server.url}/api/annotations/${encodeURIComponent(questionId)}`;
      const mine = (await (await fetch(url, { headers: { Cookie: alice } })).json()) as { version: number; points: { question: string }[]; baseText: string; baseTextHash: string };
      expect(mine).toMatchObject({ version: 3, baseText });
      expect(mine.points.map((p) => p.question)).toEqual(['What is meant?']);
      const point = { deletions: [[0, 5]], repairs: [], question: 'What is meant, really?', answer: 'The first word.', type: 'Behavior' };
      const saved = await fetch(url, { method: 'PUT', headers: { Cookie: alice, 'Content-Type': 'application/json' }, body: JSON.stringify({ version: 3, baseTextHash: mine.baseTextHash, points: [point], activeMs: 1000 }) });
      expect(saved.status, await saved.clone().text()).toBe(200);
      expect(((await saved.json()) as { version: number }).version).toBe(4);

      const mara = await login(server.url!, 'mara', 'mara-real-password');
      const problems = await fetch(`${server.url}/api/problems`, { headers: { Cookie: mara } });
      expect(problems.status).toBe(200);
      expect(await problems.text()).toContain(questionId);
      const users = (await (await fetch(`${server.url}/api/users`, { headers: { Cookie: mara } })).json()) as { username: string }[] | { users: { username: string }[] };
      expect(JSON.stringify(users)).toContain('"bob"');
    } finally {
      await server.stop();
    }
    const after = openDatabase(file, { migrate: false });
    const versions = after.prepare('SELECT version FROM schema_migrations ORDER BY version').pluck().all();
    after.close();
    expect(versions).toEqual(listMigrations().map((m) => m.version));
  });
});
