import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { upsertAdjudication } from '../../db/adjudications';
import { assign, buildProblem, buildUser, type BuiltUser } from '../support/builders';
import { tempDb } from '../support/db';
import { loginAs, testApp, type Agent } from '../support/http';

// "Needs annotators" has one definition: fewer than two annotators and no adjudication begun.
// Gold that was imported (resolved with no annotators) or a case being adjudicated needs none, and
// the batch header, the Assignments page and a bulk assignment all count the same problems.
const ctx = tempDb();
const app = testApp(ctx.db);
let maintainer: Agent;
let amy: BuiltUser;
let ben: BuiltUser;
afterAll(() => ctx.cleanup());

beforeAll(async () => {
  const mara = await buildUser(ctx.db, { username: 'mara', role: 'maintainer' });
  amy = await buildUser(ctx.db, { username: 'amy', role: 'annotator' });
  ben = await buildUser(ctx.db, { username: 'ben', role: 'annotator' });
  await buildUser(ctx.db, { username: 'cy', role: 'annotator' });
  maintainer = await loginAs(app, mara);
  buildProblem(ctx.db, { questionId: 'n_none' }); // nobody yet: needs two
  const one = buildProblem(ctx.db, { questionId: 'n_one' }); // one annotator: needs one more
  assign(ctx.db, one.id, amy.id, 1);
  const two = buildProblem(ctx.db, { questionId: 'n_two' }); // two: needs none
  assign(ctx.db, two.id, amy.id, 1);
  assign(ctx.db, two.id, ben.id, 2);
  const imported = buildProblem(ctx.db, { questionId: 'n_imported' }); // gold imported, no annotators
  upsertAdjudication(ctx.db, imported.id, null, { status: 'resolved', version: 1, notes: '' });
  const adjudicating = buildProblem(ctx.db, { questionId: 'n_adjudicating' }); // a case begun on one side's work
  assign(ctx.db, adjudicating.id, amy.id, 1);
  upsertAdjudication(ctx.db, adjudicating.id, null, { status: 'draft', version: 1, notes: '' });
  const res = await maintainer.post('/api/batches').send({ name: 'all', due: '2026-03-06', problems: ['n_none', 'n_one', 'n_two', 'n_imported', 'n_adjudicating'] });
  expect(res.status, res.text).toBe(201);
});

describe('needs annotators', () => {
  it('counts the same problems on the batch header, the Assignments page and in a bulk assignment', async () => {
    const header = (await maintainer.get('/api/batches/all')).body;
    const page = (await maintainer.get('/api/problems').query({ limit: 50 })).body;
    const filtered = (await maintainer.get('/api/problems').query({ assigned: 'open', limit: 50 })).body;
    const preview = (await maintainer.post('/api/batches/all/assign/preview').send({ annotators: ['amy', 'ben', 'cy'], includeResolved: false })).body;
    expect(header.needAnnotators).toBe(2);
    expect(page.needAnnotators).toBe(2);
    expect(filtered.items.map((p: { questionId: string }) => p.questionId).sort()).toEqual(['n_none', 'n_one']);
    expect(preview.changes.map((c: { questionId: string }) => c.questionId).sort()).toEqual(['n_none', 'n_one']);
    expect(preview.keptCounts).toEqual({ resolved: 1, 'in-adjudication': 1, 'two-annotators': 1 });
  });

  it('lists a problem with two annotators under "with two annotators" only', async () => {
    const full = (await maintainer.get('/api/problems').query({ assigned: 'full', limit: 50 })).body;
    expect(full.items.map((p: { questionId: string }) => p.questionId)).toEqual(['n_two']);
  });
});
