import { openDatabase, transaction } from '../../../db/database';
import { insertAnnotation } from '../../../db/annotations';
import { insertAssignment } from '../../../db/assignments';
import { insertUser } from '../../../db/users';
import type { Point } from '../../../shared/edits';
import { hashPassword } from '../../../server/auth/passwords';
import { baseTextHash } from '../../../server/domain/baseText';
import { loadLcbSubset, baseTexts, storeBenchProblem } from './lcbSubset';
import { makePoints } from './points';
import { seededRandom } from './random';

export const DRAFT_PASSWORD = 'bench-annotator-pass';

/** One annotation a load-test connection writes: its owner, and two valid drafts to alternate. */
export interface DraftSlot {
  username: string;
  questionId: string;
  /** What every save names: the hash of the base text the drafts were made on. */
  baseTextHash: string;
  drafts: [Point[], Point[]];
}

/**
 * A database with `annotators` annotators, each assigned `perAnnotator` real problems
 * (slot 1). With `withAnnotations`, every assignment also has its annotation row (version 0),
 * which the baseline server updates.
 */
export async function buildDraftDb(file: string, annotators: number, perAnnotator: number, withAnnotations: boolean): Promise<DraftSlot[]> {
  const records = loadLcbSubset();
  const bases = baseTexts(records);
  const hash = await hashPassword(DRAFT_PASSWORD);
  const random = seededRandom(11);
  const db = openDatabase(file);
  const slots: DraftSlot[] = [];
  transaction(db, () => {
    for (let u = 0; u < annotators; u++) {
      const username = `bench${u}`;
      const userId = insertUser(db, username, 'annotator', hash);
      for (let k = 0; k < perAnnotator; k++) {
        const n = u * perAnnotator + k;
        const r = records[n % records.length]!;
        const base = bases[n % bases.length]!;
        const questionId = `${r.question_id}_load${n}`;
        const problemId = storeBenchProblem(db, r, { questionId, baseText: base, recordSha256: `bench-${n}`, importOrder: n + 1 });
        insertAssignment(db, problemId, userId, 1, null);
        if (withAnnotations) insertAnnotation(db, problemId, userId, { status: 'draft', version: 0 });
        slots.push({ username, questionId, baseTextHash: baseTextHash(base), drafts: [makePoints(base, 3, random), makePoints(base, 2, random)] });
      }
    }
  });
  db.close();
  return slots;
}
