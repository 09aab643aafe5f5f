import { openDatabase, run, transaction, type DB } from '../../../db/database';
import type { Point } from '../../../shared/edits';
import { baseTexts, loadLcbSubset } from './lcbSubset';
import { makePoints, secondOpinion } from './points';
import { randomInt, seededRandom } from './random';

// Points per problem as in the public release's 80 problems: 12 with 1, 17 with 2, 51 with 3
// (all non-empty subsets: 80 problems → 420 tasks, 8,000 → 42,000).
function pointCount(i: number): number {
  const r = i % 80;
  return r < 12 ? 1 : r < 29 ? 2 : 3;
}

const ANNOTATORS = 6;

function insertAnnotation(db: DB, problemId: number, userId: number, points: readonly Point[], activeMs: number): void {
  const id = Number(
    run(db, `INSERT INTO annotations (problem_id, user_id, status, version, active_ms, submitted_at) VALUES (?, ?, 'submitted', 5, ?, '2025-05-01T10:00:00.000Z')`, [problemId, userId, activeMs]).lastInsertRowid,
  );
  points.forEach((p, idx) =>
    run(db, 'INSERT INTO annotation_points (annotation_id, idx, deletions, repairs, question, answer, type) VALUES (?, ?, ?, ?, ?, ?, ?)', [id, idx, JSON.stringify(p.deletions), '[]', p.question, p.answer, p.type]),
  );
}

/**
 * A database ready for export, written directly with SQL: `problems` real statements (cycled,
 * with fresh question_ids), each with two submitted annotations and a resolved adjudication
 * whose gold points (1–3, distributed as in the public release) have a complete checklist.
 */
export function buildExportDb(file: string, problems: number): { tasks: number } {
  const records = loadLcbSubset();
  const bases = baseTexts(records);
  const random = seededRandom(problems);
  const db = openDatabase(file);
  let tasks = 0;
  transaction(db, () => {
    const users = Array.from({ length: ANNOTATORS }, (_, u) => Number(run(db, `INSERT INTO users (username, role, password_hash) VALUES (?, 'annotator', 'unused')`, [`ann${u}`]).lastInsertRowid));
    const adjudicator = Number(run(db, `INSERT INTO users (username, role, password_hash) VALUES ('adj', 'adjudicator', 'unused')`).lastInsertRowid);
    for (let i = 0; i < problems; i++) {
      const r = records[i % records.length]!;
      const base = bases[i % bases.length]!;
      const questionId = `${r.question_id}_x${i}`;
      const problemId = Number(
        run(
          db,
          `INSERT INTO problems (question_id, title, platform, contest_id, contest_date, difficulty, statement, base_text, public_test_cases, record_sha256, import_order)
           VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
          [questionId, r.question_title, r.platform, r.contest_id, r.contest_date, r.difficulty, r.question_content, base, r.public_test_cases, `bench-${i}`, i + 1],
        ).lastInsertRowid,
      );
      // Questions name their problem, as real questions differ from problem to problem.
      const gold = makePoints(base, pointCount(i), random).map((p) => ({ ...p, question: `${p.question} (${questionId})` }));
      const a = users[i % ANNOTATORS]!;
      const b = users[(i + 1 + randomInt(random, 0, ANNOTATORS - 2)) % ANNOTATORS]!;
      run(db, 'INSERT INTO assignments (problem_id, user_id, slot) VALUES (?, ?, 1), (?, ?, 2)', [problemId, a, problemId, b]);
      insertAnnotation(db, problemId, a, gold, randomInt(random, 60_000, 900_000));
      insertAnnotation(db, problemId, b, secondOpinion(base, gold, random), randomInt(random, 60_000, 900_000));
      run(db, `INSERT INTO adjudications (problem_id, status, version, updated_by, resolved_by, resolved_at) VALUES (?, 'resolved', 3, ?, ?, '2025-05-02T10:00:00.000Z')`, [problemId, adjudicator, adjudicator]);
      gold.forEach((p, idx) =>
        run(
          db,
          `INSERT INTO gold_points (problem_id, idx, deletions, repairs, question, answer, type, provenance, plausible, ambiguous, sufficient)
           VALUES (?, ?, ?, '[]', ?, ?, ?, 'A', 1, 1, 1)`,
          [problemId, idx, JSON.stringify(p.deletions), p.question, p.answer, p.type],
        ),
      );
      tasks += 2 ** gold.length - 1;
    }
  });
  db.close();
  return { tasks };
}
