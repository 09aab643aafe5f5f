import { describe, expect, it } from 'vitest';
import { run, transaction } from '../../db/database';
import { loadAgreementItems } from '../../server/services/agreement';
import { tempDb } from '../support/db';

// loadAgreementItems takes each base text's length from SQLite without reading the text,
// except where SQLite's count (code points, up to a first NUL) may differ from JavaScript's.
const TEXTS = [
  'Print the sum of A and B.',
  'Given N ≤ 10⁵ and 0 ≤ A_i < 2³¹, print × and ÷.', // non-ASCII, all in the BMP
  'Count the 😀 and 𝑥 characters: 😀𝑥😀.', // beyond U+FFFF: two UTF-16 units each
  'Before a NUL\u0000after it.',
  'Mixed 𝑥\u0000 and é.',
  '',
];

const ctx = tempDb();

function seed(): void {
  transaction(ctx.db, () => {
    const user = (name: string) => Number(run(ctx.db, `INSERT INTO users (username, role, password_hash) VALUES (?, 'annotator', 'unused')`, [name]).lastInsertRowid);
    const [a, b] = [user('ann1'), user('ann2')];
    TEXTS.forEach((text, i) => {
      const id = Number(
        run(
          ctx.db,
          `INSERT INTO problems (question_id, title, platform, contest_id, contest_date, difficulty, statement, base_text, record_sha256, import_order)
           VALUES (?, ?, 'atcoder', 'abc', '2025-01-01T00:00:00', 'easy', ?, ?, ?, ?)`,
          [`p${i}`, `Problem ${i}`, text, text, `sha-${i}`, i + 1],
        ).lastInsertRowid,
      );
      for (const u of [a, b]) {
        const annotation = Number(run(ctx.db, `INSERT INTO annotations (problem_id, user_id, status, active_ms) VALUES (?, ?, 'submitted', 1000)`, [id, u]).lastInsertRowid);
        run(ctx.db, `INSERT INTO annotation_points (annotation_id, idx, deletions, question, answer, type) VALUES (?, 0, '[[0, 3]]', 'Q?', 'A', 'Units')`, [annotation]);
      }
    });
  });
}

describe('agreement items: base text length', () => {
  it('equals the JavaScript length of every base text (ASCII, BMP, astral, NUL, empty)', () => {
    seed();
    const stored = ctx.db.prepare('SELECT question_id, base_text FROM problems').all() as { question_id: string; base_text: string }[];
    expect(stored.map((r) => r.base_text)).toEqual(TEXTS); // the texts round-trip unchanged, NUL included
    const { items } = loadAgreementItems(ctx.db);
    expect(items.map((i) => [i.questionId, i.baseLength])).toEqual(TEXTS.map((t, i) => [`p${i}`, t.length]));
    // The cases the shortcut exists for really differ from SQLite's own count.
    expect(TEXTS[2]!.length).toBeGreaterThan([...TEXTS[2]!].length);
  });
});
