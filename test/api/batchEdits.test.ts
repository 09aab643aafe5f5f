import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { batchOfProblem, batchProblemIds } from '../../server/services/batches';
import { lastEventOf, rowCount } from '../support/state';
import { buildAnnotation } from '../support/annotationBuilders';
import { assign, buildProblem, buildUser, type BuiltProblem, type BuiltUser } from '../support/builders';
import { tempDb } from '../support/db';
import { loginAs, testApp, type Agent } from '../support/http';

const ctx = tempDb();
const app = testApp(ctx.db);
let maintainer: Agent;
let amy: BuiltUser;
const p: Record<string, BuiltProblem> = {};
afterAll(() => ctx.cleanup());

beforeAll(async () => {
  const mara = await buildUser(ctx.db, { username: 'mara', role: 'maintainer' });
  amy = await buildUser(ctx.db, { username: 'amy', role: 'annotator' });
  maintainer = await loginAs(app, mara);
  for (let i = 1; i <= 6; i++) p[`e_${i}`] = buildProblem(ctx.db, { questionId: `e_${i}`, title: `Edit problem ${i}` });
  // e_2 holds submitted work, e_3 a draft.
  assign(ctx.db, p.e_2!.id, amy.id, 1);
  buildAnnotation(ctx.db, p.e_2!.id, amy.id, [{ deletions: [[0, 3]] }], 'submitted');
  assign(ctx.db, p.e_3!.id, amy.id, 1);
  buildAnnotation(ctx.db, p.e_3!.id, amy.id, [{ deletions: [[0, 3]] }], 'draft');
  for (const body of [
    { name: 'week-1', due: '2026-03-06', problems: ['e_1', 'e_2', 'e_3'] },
    { name: 'week-2', due: '2026-03-13', problems: ['e_4'] },
  ]) {
    const res = await maintainer.post('/api/batches').send(body);
    expect(res.status, res.text).toBe(201);
  }
});

const lastEvent = (action: string) => lastEventOf(ctx.db, action);

describe('renaming and re-dating a batch', () => {
  it('renames and re-dates in one change, recorded with before and after', async () => {
    const res = await maintainer.put('/api/batches/week-1').send({ name: 'sprint-1', due: '2026-03-20' });
    expect(res.status, res.text).toBe(200);
    expect(res.body).toMatchObject({ name: 'sprint-1', due: '2026-03-20', problems: 3 });
    expect(batchOfProblem(ctx.db, 'e_1')).toMatchObject({ name: 'sprint-1', due: '2026-03-20' });
    expect(batchProblemIds(ctx.db, 'week-1')).toBeNull();
    expect(lastEvent('batch.update')).toMatchObject({ entityId: 'sprint-1', before: { name: 'week-1', due: '2026-03-06' }, after: { name: 'sprint-1', due: '2026-03-20' } });
  });

  it('changes only the due date when only it is given; a case change of the name is allowed', async () => {
    const res = await maintainer.put('/api/batches/sprint-1').send({ due: '2026-03-27' });
    expect(res.body).toMatchObject({ name: 'sprint-1', due: '2026-03-27' });
    const renamed = await maintainer.put('/api/batches/sprint-1').send({ name: 'Sprint-1' });
    expect(renamed.status, renamed.text).toBe(200);
    expect(renamed.body.name).toBe('Sprint-1');
  });

  it('refuses a taken name, a bad day, an empty change and an unknown batch, naming the field', async () => {
    const taken = await maintainer.put('/api/batches/Sprint-1').send({ name: 'WEEK-2' });
    expect(taken.status).toBe(409);
    expect(taken.body.error).toMatchObject({ code: 'name_taken', message: 'name: there is already a batch named "week-2".' });
    const badDay = await maintainer.put('/api/batches/Sprint-1').send({ due: '2026-02-30' });
    expect(badDay.status).toBe(400);
    expect(badDay.body.error.message).toContain('due: is not a day of the calendar');
    const empty = await maintainer.put('/api/batches/Sprint-1').send({});
    expect(empty.status).toBe(400);
    expect(empty.body.error.message).toContain('name: give a new name or a new due date');
    const missing = await maintainer.put('/api/batches/nope').send({ due: '2026-04-01' });
    expect(missing.status).toBe(404);
    expect(batchOfProblem(ctx.db, 'e_1')).toMatchObject({ name: 'Sprint-1', due: '2026-03-27' });
  });
});

describe('the Problems list names each problem’s batch', () => {
  it('gives the batch and its due date per row, and filters by batch or by none', async () => {
    const res = await maintainer.get('/api/problems').query({ batch: 'Sprint-1' });
    expect(res.body.items.map((x: { questionId: string; batch: unknown }) => [x.questionId, x.batch])).toEqual([
      ['e_1', { name: 'Sprint-1', due: '2026-03-27' }],
      ['e_2', { name: 'Sprint-1', due: '2026-03-27' }],
      ['e_3', { name: 'Sprint-1', due: '2026-03-27' }],
    ]);
    const none = await maintainer.get('/api/problems').query({ batch: 'none' });
    expect(none.body.items.map((x: { questionId: string; batch: unknown }) => [x.questionId, x.batch])).toEqual([
      ['e_5', null],
      ['e_6', null],
    ]);
  });
});

describe('adding and removing problems', () => {
  it('adds problems in no batch and removes problems without submitted work (a draft stays with its annotator)', async () => {
    const res = await maintainer.post('/api/batches/Sprint-1/problems').send({ add: ['e_5', 'e_1'], remove: ['e_3'] });
    expect(res.status, res.text).toBe(200);
    expect(res.body.problems).toBe(3);
    expect(batchProblemIds(ctx.db, 'Sprint-1')).toEqual(['e_1', 'e_2', 'e_5']);
    expect(batchOfProblem(ctx.db, 'e_3')).toBeNull();
    expect(lastEvent('batch.problems')).toMatchObject({ entityId: 'Sprint-1', details: { added: ['e_5'], removed: ['e_3'] } });
    const queue = await (await loginAs(app, amy)).get('/api/assignments');
    expect(queue.body.map((q: { questionId: string }) => q.questionId)).toContain('e_3');
  });

  it('refuses to move submitted work out of the batch with a 409 naming the problems, changing nothing', async () => {
    const before = rowCount(ctx.db, 'events');
    const res = await maintainer.post('/api/batches/Sprint-1/problems').send({ add: ['e_6'], remove: ['e_2', 'e_1'] });
    expect(res.status).toBe(409);
    expect(res.body.error).toMatchObject({ code: 'work_started', details: { problems: ['e_2'] } });
    expect(res.body.error.message).toBe('remove: submitted work is never moved; e_2 has submitted annotations and stays in Sprint-1.');
    expect(batchProblemIds(ctx.db, 'Sprint-1')).toEqual(['e_1', 'e_2', 'e_5']);
    expect(rowCount(ctx.db, 'events')).toBe(before);
  });

  it('refuses to take over a problem of another batch, and unknown or absent problems', async () => {
    const other = await maintainer.post('/api/batches/Sprint-1/problems').send({ add: ['e_4'] });
    expect(other.status).toBe(409);
    expect(other.body.error.message).toContain('e_4 (in week-2)');
    const unknown = await maintainer.post('/api/batches/Sprint-1/problems').send({ add: ['zz_9'] });
    expect(unknown.status).toBe(400);
    expect(unknown.body.error.message).toBe('add: there is no problem zz_9.');
    const absent = await maintainer.post('/api/batches/Sprint-1/problems').send({ remove: ['e_6'] });
    expect(absent.status).toBe(400);
    expect(absent.body.error.message).toBe('remove: e_6 is not in Sprint-1.');
    const nothing = await maintainer.post('/api/batches/Sprint-1/problems').send({});
    expect(nothing.status).toBe(400);
    expect(nothing.body.error.message).toContain('add: name at least one problem');
  });
});

describe('deleting a batch', () => {
  it('deletes the batch; its problems stay, with their work, in no batch', async () => {
    const res = await maintainer.delete('/api/batches/Sprint-1');
    expect(res.status, res.text).toBe(200);
    expect(res.body).toEqual({ name: 'Sprint-1', problems: 3 });
    expect(batchProblemIds(ctx.db, 'Sprint-1')).toBeNull();
    expect(batchOfProblem(ctx.db, 'e_2')).toBeNull();
    const unbatched = await maintainer.get('/api/problems').query({ batch: 'none' });
    expect(unbatched.body.items.map((x: { questionId: string }) => x.questionId)).toEqual(expect.arrayContaining(['e_1', 'e_2', 'e_5']));
    expect(lastEvent('batch.delete')).toMatchObject({ entityId: 'Sprint-1', before: { problems: 3 }, details: { questionIds: ['e_1', 'e_2', 'e_5'] } });
    expect((await maintainer.delete('/api/batches/Sprint-1')).status).toBe(404);
  });

  it('annotators may not edit or delete batches', async () => {
    const annotator = await loginAs(app, amy);
    expect((await annotator.put('/api/batches/week-2').send({ due: '2026-05-01' })).status).toBe(403);
    expect((await annotator.delete('/api/batches/week-2')).status).toBe(403);
  });
});
