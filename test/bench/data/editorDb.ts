import { openDatabase, type DB } from '../../../db/database';
import { writeAnnotationPoints } from '../../../db/annotationDrafts';
import { insertAnnotation } from '../../../db/annotations';
import { insertAssignment } from '../../../db/assignments';
import { insertUser } from '../../../db/users';
import { hashPassword } from '../../../server/auth/passwords';
import { baseTexts, loadLcbSubset, storeBenchProblem } from './lcbSubset';
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
  const userId = insertUser(db, EDITOR_USER.username, 'annotator', await hashPassword(EDITOR_USER.password));
  const problemId = storeBenchProblem(db, r, { questionId: r.question_id, baseText: bases[i]!, recordSha256: 'bench', importOrder: 1 });
  insertAssignment(db, problemId, userId, 1, null);
  const annotationId = insertAnnotation(db, problemId, userId, { status: 'draft', version: 1 });
  const [point] = makePoints(bases[i]!, 1, seededRandom(5));
  writeAnnotationPoints(db, annotationId, [{ ...point!, repairs: [] }]);
  return { db, questionId: r.question_id };
}
