import { describe, expect, it } from 'vitest';
import { transaction } from '../../db/database';
import { writeAnnotationPoints } from '../../db/annotationDrafts';
import { insertAnnotation } from '../../db/annotations';
import { problemsInImportOrder } from '../../db/problems';
import { insertUser } from '../../db/users';
import { loadAgreementItems } from '../../server/services/agreement';
import { insertTinyProblem } from '../support/builders';
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
    const [a, b] = [insertUser(ctx.db, 'ann1', 'annotator', 'unused'), insertUser(ctx.db, 'ann2', 'annotator', 'unused')];
    TEXTS.forEach((text, i) => {
      const id = insertTinyProblem(ctx.db, { questionId: `p${i}`, title: `Problem ${i}`, text, recordSha256: `sha-${i}`, importOrder: i + 1 });
      for (const u of [a, b]) {
        const annotation = insertAnnotation(ctx.db, id, u, { status: 'submitted', version: 0, activeMs: 1000 });
        writeAnnotationPoints(ctx.db, annotation, [{ deletions: [[0, 3]], repairs: [], question: 'Q?', answer: 'A', type: 'Units' }]);
      }
    });
  });
}

describe('agreement items: base text length', () => {
  it('equals the JavaScript length of every base text (ASCII, BMP, astral, NUL, empty)', () => {
    seed();
    const stored = problemsInImportOrder(ctx.db);
    expect(stored.map((r) => r.base_text)).toEqual(TEXTS); // the texts round-trip unchanged, NUL included
    const { items } = loadAgreementItems(ctx.db);
    expect(items.map((i) => [i.questionId, i.baseLength])).toEqual(TEXTS.map((t, i) => [`p${i}`, t.length]));
    // The cases the shortcut exists for really differ from SQLite's own count.
    expect(TEXTS[2]!.length).toBeGreaterThan([...TEXTS[2]!].length);
  });
});
