import { openDatabase, transaction, type DB } from '../../../db/database';
import { insertAdjudication, setAdjudicationPeople } from '../../../db/adjudications';
import { writeAnnotationPoints } from '../../../db/annotationDrafts';
import { insertAnnotation } from '../../../db/annotations';
import { insertAssignment } from '../../../db/assignments';
import { insertGoldPoint } from '../../../db/points';
import { insertUser } from '../../../db/users';
import type { Point } from '../../../shared/edits';
import { baseTexts, loadLcbSubset, storeBenchProblem } from './lcbSubset';
import { makePoints, secondOpinion } from './points';
import { randomInt, seededRandom } from './random';

// Points per problem as in the public release's 80 problems: 12 with 1, 17 with 2, 51 with 3
// (all non-empty subsets: 80 problems → 420 tasks, 8,000 → 42,000).
function pointCount(i: number): number {
  const r = i % 80;
  return r < 12 ? 1 : r < 29 ? 2 : 3;
}

const ANNOTATORS = 6;

function storeAnnotation(db: DB, problemId: number, userId: number, points: readonly Point[], activeMs: number): void {
  const id = insertAnnotation(db, problemId, userId, { status: 'submitted', version: 5, activeMs });
  writeAnnotationPoints(db, id, points.map((p) => ({ ...p, repairs: [] })));
}

/**
 * A database ready for export, written through the db/ functions: `problems` real statements (cycled,
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
    const users = Array.from({ length: ANNOTATORS }, (_, u) => insertUser(db, `ann${u}`, 'annotator', 'unused'));
    const adjudicator = insertUser(db, 'adj', 'adjudicator', 'unused');
    for (let i = 0; i < problems; i++) {
      const r = records[i % records.length]!;
      const base = bases[i % bases.length]!;
      const questionId = `${r.question_id}_x${i}`;
      const problemId = storeBenchProblem(db, r, { questionId, baseText: base, recordSha256: `bench-${i}`, importOrder: i + 1, publicTestCases: r.public_test_cases });
      // Questions name their problem, as real questions differ from problem to problem.
      const gold = makePoints(base, pointCount(i), random).map((p) => ({ ...p, question: `${p.question} (${questionId})` }));
      const a = users[i % ANNOTATORS]!;
      const b = users[(i + 1 + randomInt(random, 0, ANNOTATORS - 2)) % ANNOTATORS]!;
      insertAssignment(db, problemId, a, 1, null);
      insertAssignment(db, problemId, b, 2, null);
      storeAnnotation(db, problemId, a, gold, randomInt(random, 60_000, 900_000));
      storeAnnotation(db, problemId, b, secondOpinion(base, gold, random), randomInt(random, 60_000, 900_000));
      insertAdjudication(db, problemId, { status: 'resolved', version: 3, resolvedAt: '2025-05-02T10:00:00.000Z' });
      setAdjudicationPeople(db, problemId, { updatedBy: adjudicator, resolvedBy: adjudicator });
      gold.forEach((p, idx) => insertGoldPoint(db, problemId, idx, { deletions: p.deletions, repairs: [], question: p.question, answer: p.answer, type: p.type, provenance: 'A' }));
      tasks += 2 ** gold.length - 1;
    }
  });
  db.close();
  return { tasks };
}
