import type { DB } from '../../db/database';
import { insertAnnotation } from '../../db/annotations';
import { writeAnnotationPoints } from '../../db/annotationDrafts';
import type { Point } from '../../shared/edits';

export type PointFixture = Partial<Point> & Pick<Point, 'deletions'>;

/** Store one annotator's annotation of a problem with its points (submitted unless told otherwise, at version 1 unless told). */
export function buildAnnotation(db: DB, problemId: number, userId: number, points: readonly PointFixture[], status: 'draft' | 'submitted' = 'submitted', version = 1): number {
  const id = insertAnnotation(db, problemId, userId, { status, version });
  writeAnnotationPoints(
    db,
    id,
    points.map((p, idx) => ({
      deletions: p.deletions,
      repairs: p.repairs ?? [],
      question: p.question ?? `Question ${idx + 1}?`,
      answer: p.answer ?? `Answer ${idx + 1}.`,
      type: p.type === undefined ? 'Behavior' : p.type,
    })),
  );
  return id;
}

/** Find the [start, end) range of the n-th occurrence (0-based) of a phrase in a text. */
export function spanOf(text: string, phrase: string, nth = 0): [number, number] {
  let at = -1;
  for (let i = 0; i <= nth; i++) {
    at = text.indexOf(phrase, at + 1);
    if (at < 0) throw new Error(`"${phrase}" not found in the text`);
  }
  return [at, at + phrase.length];
}
