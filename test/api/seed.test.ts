import fs from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import { all, type DB } from '../../db/database';
import { findLogin } from '../../db/users';
import { verifyPassword } from '../../server/auth/passwords';
import { lcbRecord } from '../../shared/schemas/lcb';
import { DEMO_ACCOUNTS, DEMO_PROBLEMS, seedDemo } from '../../server/seed';
import { FIXTURE_SCRYPT } from '../support/builders';
import { tempDb } from '../support/db';

const ctx = tempDb();
afterAll(() => ctx.cleanup());

describe('demo data and seed', () => {
  it('holds 6–10 valid original problems of every difficulty, some with CRLF, whose samples are their public tests', () => {
    const records = fs.readFileSync(DEMO_PROBLEMS, 'utf8').trim().split('\n').map((l) => lcbRecord.parse(JSON.parse(l)));
    expect(records.length).toBeGreaterThanOrEqual(6);
    expect(records.length).toBeLessThanOrEqual(10);
    expect(new Set(records.map((r) => r.difficulty))).toEqual(new Set(['easy', 'medium', 'hard']));
    expect(records.some((r) => r.question_content.includes('\r\n'))).toBe(true);
    for (const r of records) {
      const content = r.question_content.replace(/\r\n/g, '\n');
      const [test] = JSON.parse(r.public_test_cases) as { input: string; output: string }[];
      expect(content).toContain(`Sample Input 1\n\n${test!.input}\n\nSample Output 1\n\n${test!.output}`);
    }
  });

  it('seeds the accounts, imports the demo problems and gives each two distinct annotators', async () => {
    await seedDemo(ctx.db);
    const users = all<{ username: string }>(ctx.db, 'SELECT username FROM users ORDER BY username').map((u) => u.username);
    expect(users).toEqual(DEMO_ACCOUNTS.map((a) => a.username).sort());
    const problems = all<{ question_id: string; base_text: string; annotators: string }>(
      ctx.db,
      `SELECT p.question_id, p.base_text, (SELECT group_concat(u.username) FROM assignments a JOIN users u ON u.id = a.user_id WHERE a.problem_id = p.id) AS annotators
       FROM problems p ORDER BY p.import_order`,
    );
    expect(problems.map((p) => p.question_id)).toEqual(problems.map((_, i) => `demo_${String(i + 1).padStart(3, '0')}`));
    for (const p of problems) {
      expect(p.base_text).not.toMatch(/Sample Input|\r|\n\n/);
      expect(p.base_text).toMatch(/\nConstraints\n/);
      const names = p.annotators.split(',');
      expect(names).toHaveLength(2);
      expect(new Set(names).size).toBe(2);
      expect(names.every((n) => ['alice', 'bob', 'carol'].includes(n))).toBe(true);
    }
  });

  it("hashes the demo passwords with the server's scrypt parameters, and with cheaper ones only when a test asks", async () => {
    // The accounts seeded above: as the server seeds them on a first start.
    const params = (db: DB) => DEMO_ACCOUNTS.map((a) => findLogin(db, a.username)!.password_hash.split('$').slice(1, 4).join('$'));
    expect(new Set(params(ctx.db))).toEqual(new Set(['32768$8$1']));
    const cheap = tempDb();
    try {
      await seedDemo(cheap.db, { scrypt: FIXTURE_SCRYPT });
      expect(new Set(params(cheap.db))).toEqual(new Set(['1024$8$1']));
      const mara = findLogin(cheap.db, 'mara')!;
      expect(await verifyPassword('mara-demo-pass', mara.password_hash)).toBe(true);
    } finally {
      cheap.cleanup();
    }
  });
});
