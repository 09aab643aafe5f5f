import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { run, transaction } from '../../db/database';
import { RELEASE_FILE } from '../../shared/release/format';
import { parseRelease } from '../../shared/release/validate';
import { buildRelease } from '../../server/services/releases/build';
import { tempDb } from '../support/db';

// SQLite allows at most 32,766 parameters in one statement: a release query with one
// parameter per problem would fail past that many problems.
const PROBLEMS = 33_000;
const BASE = 'Print the sum modulo 998244353.';
const DELETED: [number, number] = [13, 30]; // " modulo 998244353"

const ctx = tempDb();

/** Tiny problems written directly with SQL in one transaction, each resolved with one gold point and two submitted annotations. */
function seedTinyProblems(): void {
  transaction(ctx.db, () => {
    const user = (name: string, role: string) => Number(run(ctx.db, `INSERT INTO users (username, role, password_hash) VALUES (?, ?, 'unused')`, [name, role]).lastInsertRowid);
    const [a, b, adjudicator] = [user('ann1', 'annotator'), user('ann2', 'annotator'), user('adj', 'adjudicator')];
    const problem = ctx.db.prepare(
      `INSERT INTO problems (question_id, title, platform, contest_id, contest_date, difficulty, statement, base_text, record_sha256, import_order)
       VALUES (?, ?, 'atcoder', 'abc', ?, 'easy', ?, ?, ?, ?)`,
    );
    const annotation = ctx.db.prepare(`INSERT INTO annotations (problem_id, user_id, status, active_ms) VALUES (?, ?, 'submitted', ?)`);
    const point = ctx.db.prepare(`INSERT INTO annotation_points (annotation_id, idx, deletions, question, answer, type) VALUES (?, 0, ?, 'Modulo what?', '998244353', 'Numerical Precision')`);
    const adjudication = ctx.db.prepare(`INSERT INTO adjudications (problem_id, status, updated_by, resolved_by, resolved_at) VALUES (?, 'resolved', ?, ?, ?)`);
    const gold = ctx.db.prepare(
      `INSERT INTO gold_points (problem_id, idx, deletions, question, answer, type, provenance, plausible, ambiguous, sufficient)
       VALUES (?, 0, ?, ?, '998244353', 'Numerical Precision', 'A', 1, 1, 1)`,
    );
    const deletions = JSON.stringify([DELETED]);
    for (let i = 1; i <= PROBLEMS; i++) {
      const id = Number(problem.run(`p${i}`, `Problem ${i}`, '2025-01-01T00:00:00', BASE, BASE, `sha-${i}`, i).lastInsertRowid);
      for (const [user, ms] of [[a, 60_000], [b, 120_000]] as const) point.run(Number(annotation.run(id, user, ms).lastInsertRowid), deletions);
      // The newest resolution is the last problem's: the date must come from all of them.
      adjudication.run(id, adjudicator, adjudicator, i === PROBLEMS ? '2025-03-04T10:00:00.000Z' : '2025-03-01T10:00:00.000Z');
      gold.run(id, deletions, `Modulo what in problem ${i}?`);
    }
  });
}

beforeAll(seedTinyProblems);
afterAll(() => ctx.cleanup());

describe('exporting a release of more problems than SQLite allows parameters in one statement', () => {
  it(`builds all ${PROBLEMS} tasks with validation, effort, agreement and provenance`, () => {
    const built = buildRelease(ctx.db, { name: 'big', notes: '', policy: 'all-subsets', extended: false, date: '2026-01-02' });
    expect(built.report).toMatchObject({ tasks: PROBLEMS, errors: 0 });
    expect(built.manifest.counts).toMatchObject({ tasks: PROBLEMS, problems: PROBLEMS, points: PROBLEMS });
    const text = (path: string) => built.files.find((f) => f.path === path)!.content.toString('utf8');
    const records = parseRelease(text(RELEASE_FILE)).records;
    expect(records).toHaveLength(PROBLEMS);
    expect(records[PROBLEMS - 1]!.record).toMatchObject({ task_id: `task_${PROBLEMS}`, question_id: `p${PROBLEMS}`, modified_content: 'Print the sum.' });
    const card = text('README.md');
    expect(card).toContain(`${2 * PROBLEMS} submitted annotation(s) by 2 annotator(s)`);
    expect(card).toContain(`Computed over the ${PROBLEMS} of the ${PROBLEMS} released problems that have two submitted independent annotations`);
    expect(card).toContain(`- ${PROBLEMS} were annotated here by two annotators working independently`);
    expect(JSON.parse(text('croissant.json'))).toMatchObject({ datePublished: '2026-01-02', version: '0.1.0' });
  }, 120_000);
});
