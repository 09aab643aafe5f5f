import { openDatabase, run, type DB } from '../../../db/database';
import { hashPassword } from '../../../server/auth/passwords';
import { baseTexts, loadLcbSubset } from './lcbSubset';
import { makePoints } from './points';
import { seededRandom } from './random';

export const EDITOR_USER = { username: 'bench-annotator', password: 'bench-annotator-pass' };

/**
 * A database for the editor page: one annotator assigned the longest statement of the
 * subset, with a draft of one point (an annotator coming back to their work).
 */
export async function buildEditorDb(file: string): Promise<{ db: DB; questionId: string }> {
  const records = loadLcbSubset();
  const bases = baseTexts(records);
  let i = 0;
  bases.forEach((b, j) => {
    if (b.length > bases[i]!.length) i = j;
  });
  const r = records[i]!;
  const db = openDatabase(file);
  const userId = Number(run(db, `INSERT INTO users (username, role, password_hash) VALUES (?, 'annotator', ?)`, [EDITOR_USER.username, await hashPassword(EDITOR_USER.password)]).lastInsertRowid);
  const problemId = Number(
    run(
      db,
      `INSERT INTO problems (question_id, title, platform, contest_id, contest_date, difficulty, statement, base_text, record_sha256, import_order)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, 'bench', 1)`,
      [r.question_id, r.question_title, r.platform, r.contest_id, r.contest_date, r.difficulty, r.question_content, bases[i]!],
    ).lastInsertRowid,
  );
  run(db, 'INSERT INTO assignments (problem_id, user_id, slot) VALUES (?, ?, 1)', [problemId, userId]);
  const annotationId = Number(run(db, `INSERT INTO annotations (problem_id, user_id, version) VALUES (?, ?, 1)`, [problemId, userId]).lastInsertRowid);
  const [point] = makePoints(bases[i]!, 1, seededRandom(5));
  run(db, 'INSERT INTO annotation_points (annotation_id, idx, deletions, repairs, question, answer, type) VALUES (?, 0, ?, ?, ?, ?, ?)', [
    annotationId,
    JSON.stringify(point!.deletions),
    '[]',
    point!.question,
    point!.answer,
    point!.type,
  ]);
  return { db, questionId: r.question_id };
}
