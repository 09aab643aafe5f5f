import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { run } from '../../db/database';
import { upsertAdjudication } from '../../db/adjudications';
import { readGoldPoints, writeGoldPoints } from '../../db/points';
import type { CaseView } from '../../shared/adjudicationView';
import { agreementReport } from '../../server/services/agreement';
import { buildAnnotation, spanOf } from '../support/annotationBuilders';
import { assign, buildProblem, buildUser, type BuiltProblem } from '../support/builders';
import { tempDb } from '../support/db';
import { loginAs, testApp, type Agent } from '../support/http';

// Stored points are read at one boundary (db/points.ts), which repairs bad stored data instead
// of failing the request; every reader (cross-check, agreement) sees the same.
describe('a damaged stored point', () => {
  const ctx = tempDb();
  const app = testApp(ctx.db);
  let problem: BuiltProblem;
  let agent: Agent;
  afterAll(() => ctx.cleanup());

  beforeAll(async () => {
    const [a, b] = [await buildUser(ctx.db), await buildUser(ctx.db)];
    problem = buildProblem(ctx.db);
    assign(ctx.db, problem.id, a.id, 1);
    assign(ctx.db, problem.id, b.id, 2);
    const points = [{ deletions: [spanOf(problem.baseText, 'geometric ')], question: 'Which?', answer: 'Geometric.', type: 'Terminology' as const }];
    const damaged = buildAnnotation(ctx.db, problem.id, a.id, points);
    buildAnnotation(ctx.db, problem.id, b.id, points);
    run(ctx.db, `UPDATE annotation_points SET deletions = 'not json', repairs = '[{"start":1}]', type = 'Unheard-of' WHERE annotation_id = ?`, [damaged]);
    agent = await loginAs(app, await buildUser(ctx.db, { role: 'adjudicator' }));
  });

  it('reads as an empty point in the cross-check instead of failing the request', async () => {
    const res = await agent.get(`/api/adjudications/${problem.questionId}`);
    expect(res.status).toBe(200);
    const view = res.body as CaseView;
    expect(view.annotations.A!.points).toEqual([{ deletions: [], repairs: [], question: 'Which?', answer: 'Geometric.', type: null }]);
    expect(view.annotations.B!.points[0]).toMatchObject({ type: 'Terminology' });
  });

  it('reads the same way in the agreement report', () => {
    const report = agreementReport(ctx.db);
    expect(report.problems).toBe(1);
    // A's point is still counted, without its deletions and type.
    expect(report.perProblem[0]).toMatchObject({ questionId: problem.questionId, points: { a: 1, b: 1 } });
  });
});

describe('damaged stored gold sources', () => {
  const ctx = tempDb();
  afterAll(() => ctx.cleanup());

  it('read as built from no annotator point instead of throwing at the reader', () => {
    const problem = buildProblem(ctx.db);
    const gold = { deletions: [spanOf(problem.baseText, 'geometric ')] as [number, number][], repairs: [], question: 'Which?', answer: 'Geometric.', type: 'Terminology' as const };
    const sources = { from: { a: 0, b: null } };
    upsertAdjudication(ctx.db, problem.id, null, { status: 'resolved', version: 1, notes: '' });
    writeGoldPoints(ctx.db, problem.id, [{ ...gold, provenance: 'A', sources, checklist: { plausible: true, ambiguous: true, sufficient: true }, note: '' }]);
    expect(readGoldPoints(ctx.db, problem.id)[0]).toMatchObject({ ...gold, provenance: 'A', sources });
    for (const damaged of ['not json', '{"from":{"a":"x"}}', 'null']) {
      run(ctx.db, 'UPDATE gold_points SET sources = ? WHERE problem_id = ?', [damaged, problem.id]);
      expect(readGoldPoints(ctx.db, problem.id)[0]).toMatchObject({ ...gold, provenance: 'A', sources: { from: { a: null, b: null } } });
    }
  });
});
