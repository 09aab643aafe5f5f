import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { transaction } from '../../db/database';
import { insertAdjudication, setAdjudicationPeople } from '../../db/adjudications';
import { writeAnnotationPoints } from '../../db/annotationDrafts';
import { insertAnnotation } from '../../db/annotations';
import { insertGoldPoint } from '../../db/points';
import { insertUser } from '../../db/users';
import { RELEASE_FILE } from '../../shared/release/format';
import { parseRelease } from '../../shared/release/validate';
import { buildRelease } from '../../server/services/releases/build';
import { insertTinyProblem } from '../support/builders';
import { tempDb } from '../support/db';

// SQLite allows at most 32,766 parameters in one statement: a release query with one
// parameter per problem would fail past that many problems.
const PROBLEMS = 33_000;
const BASE = 'Print the sum modulo 998244353.';
const DELETED: [number, number] = [13, 30]; // " modulo 998244353"

const ctx = tempDb();

/** Tiny problems written in one transaction, each resolved with one gold point and two submitted annotations. */
function seedTinyProblems(): void {
  transaction(ctx.db, () => {
    const [a, b, adjudicator] = [insertUser(ctx.db, 'ann1', 'annotator', 'unused'), insertUser(ctx.db, 'ann2', 'annotator', 'unused'), insertUser(ctx.db, 'adj', 'adjudicator', 'unused')];
    const deletions = [DELETED];
    const point = { deletions, repairs: [], question: 'Modulo what?', answer: '998244353', type: 'Numerical Precision' as const };
    for (let i = 1; i <= PROBLEMS; i++) {
      const id = insertTinyProblem(ctx.db, { questionId: `p${i}`, title: `Problem ${i}`, text: BASE, recordSha256: `sha-${i}`, importOrder: i });
      for (const [user, activeMs] of [[a, 60_000], [b, 120_000]] as const) writeAnnotationPoints(ctx.db, insertAnnotation(ctx.db, id, user, { status: 'submitted', version: 0, activeMs }), [point]);
      // The newest resolution is the last problem's: the date must come from all of them.
      insertAdjudication(ctx.db, id, { status: 'resolved', resolvedAt: i === PROBLEMS ? '2025-03-04T10:00:00.000Z' : '2025-03-01T10:00:00.000Z' });
      setAdjudicationPeople(ctx.db, id, { updatedBy: adjudicator, resolvedBy: adjudicator });
      insertGoldPoint(ctx.db, id, 0, { ...point, question: `Modulo what in problem ${i}?`, provenance: 'A' });
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
