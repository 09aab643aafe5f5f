import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildAnnotation, spanOf } from '../support/annotationBuilders';
import { assign, buildProblem, buildUser, type BuiltProblem, type BuiltUser } from '../support/builders';
import { tempDb } from '../support/db';
import { loginAs, testApp, type Agent } from '../support/http';
import { buildGold } from '../support/releaseBuilders';

// Each refusal of a service has its own code; the status stays what it was (409).
describe('one error code per meaning, same statuses', () => {
  const ctx = tempDb();
  const app = testApp(ctx.db);
  let maintainer: Agent;
  let mara: BuiltUser;
  let a: BuiltUser;
  let b: BuiltUser;
  let differing: BuiltProblem;
  let waiting: BuiltProblem;
  let resolved: BuiltProblem;
  afterAll(() => ctx.cleanup());

  beforeAll(async () => {
    mara = await buildUser(ctx.db, { role: 'maintainer' });
    maintainer = await loginAs(app, mara);
    [a, b] = [await buildUser(ctx.db), await buildUser(ctx.db)];
    [differing, waiting, resolved] = [buildProblem(ctx.db), buildProblem(ctx.db), buildProblem(ctx.db)];
    for (const p of [differing, waiting, resolved]) {
      assign(ctx.db, p.id, a.id, 1);
      assign(ctx.db, p.id, b.id, 2);
    }
    buildAnnotation(ctx.db, differing.id, a.id, [{ deletions: [spanOf(differing.baseText, 'geometric ')], question: 'Which?', answer: 'Geometric.', type: 'Terminology' }]);
    buildAnnotation(ctx.db, differing.id, b.id, [{ deletions: [spanOf(differing.baseText, 'positive integers')], question: 'What?', answer: 'Positive.', type: 'Behavior' }]);
    buildAnnotation(ctx.db, waiting.id, a.id, [], 'draft');
    buildGold(ctx.db, resolved.id, []);
  });

  const expectError = (res: { status: number; body: { error: { code: string } } }, status: number, code: string) => {
    expect({ status: res.status, code: res.body.error.code }).toEqual({ status, code });
  };

  it('not_ready: a problem whose annotators have not both submitted', async () => {
    expectError(await maintainer.get(`/api/adjudications/${waiting.questionId}`), 409, 'not_ready');
  });

  it('not_agreed: accepting an agreement where A and B differ', async () => {
    expectError(await maintainer.post(`/api/adjudications/${differing.questionId}/accept`).send({ version: 0 }), 409, 'not_agreed');
  });

  it('not_resolved: reopening a problem that is not resolved', async () => {
    expectError(await maintainer.post(`/api/adjudications/${differing.questionId}/reopen`).send({ reason: 'look again' }), 409, 'not_resolved');
  });

  it('read_only: saving gold of a resolved problem; stale_version: an old version', async () => {
    expectError(await maintainer.put(`/api/adjudications/${resolved.questionId}`).send({ version: 1, points: [], notes: '' }), 409, 'read_only');
    expectError(await maintainer.put(`/api/adjudications/${differing.questionId}`).send({ version: 7, points: [], notes: '' }), 409, 'stale_version');
  });

  it('name_taken and own_account: account changes', async () => {
    expectError(await maintainer.post('/api/users').send({ username: a.username, role: 'annotator', password: 'long-enough-password' }), 409, 'name_taken');
    expectError(await maintainer.put(`/api/users/${mara.username}`).send({ active: false }), 409, 'own_account');
    expectError(await maintainer.put(`/api/users/${mara.username}`).send({ role: 'annotator' }), 409, 'own_account');
  });

  it('work_started: unassigning an annotator who started; not_found and bad_request keep theirs', async () => {
    const c = await buildUser(ctx.db);
    expectError(await maintainer.put(`/api/assignments/${waiting.questionId}`).send({ annotators: [c.username, b.username] }), 409, 'work_started');
    expectError(await maintainer.put('/api/assignments/no_such_problem').send({ annotators: [c.username, b.username] }), 404, 'not_found');
    expectError(await maintainer.put(`/api/assignments/${waiting.questionId}`).send({ annotators: [a.username, mara.username] }), 400, 'bad_request');
  });
});

describe('auto-assignment without enough annotators', () => {
  const ctx = tempDb();
  const app = testApp(ctx.db);
  afterAll(() => ctx.cleanup());

  it('too_few_annotators, 409', async () => {
    const agent = await loginAs(app, await buildUser(ctx.db, { role: 'maintainer' }));
    await buildUser(ctx.db);
    buildProblem(ctx.db);
    const res = await agent.post('/api/assignments/auto').send({});
    expect({ status: res.status, code: res.body.error.code }).toEqual({ status: 409, code: 'too_few_annotators' });
  });
});
