import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertAnnotation } from '../../db/annotations';
import { batchDetail, batchOfProblem, batchProblemIds, listBatches } from '../../server/services/batches';
import { getQueue } from '../../server/services/annotations';
import { presentQueue } from '../../server/presenters/annotations';
import type { BatchPlan } from '../../shared/schemas/batches';
import { assign, buildProblem, buildUser, type BuiltUser } from '../support/builders';
import { tempDb } from '../support/db';
import { loginAs, testApp, type Agent } from '../support/http';
import { assignedTo as assignedToProblem, eventsOf, problemIdOf, userIdOf } from '../support/state';

const ctx = tempDb();
const app = testApp(ctx.db);
let maintainer: Agent;
const users: Record<string, BuiltUser> = {};
afterAll(() => ctx.cleanup());

const at = (day: string) => () => Date.parse(`${day}T12:00:00Z`);
const assignedTo = (questionId: string) => assignedToProblem(ctx.db, questionId);
const annotate = (questionId: string, username: string, status: 'draft' | 'submitted') =>
  insertAnnotation(ctx.db, problemIdOf(ctx.db, questionId), userIdOf(ctx.db, username), { status, version: 2 });
const events = (action: string) => eventsOf(ctx.db, action).length;

beforeAll(async () => {
  for (const [username, role] of [['mara', 'maintainer'], ['amy', 'annotator'], ['ben', 'annotator'], ['cy', 'annotator'], ['dee', 'annotator']] as const) {
    users[username] = await buildUser(ctx.db, { username, role });
  }
  maintainer = await loginAs(app, users.mara!);
  for (let i = 1; i <= 6; i++) buildProblem(ctx.db, { questionId: `b_${i}`, title: `Batch problem ${i}`, difficulty: i <= 3 ? 'easy' : 'hard' });
});

describe('creating batches', () => {
  it('creates one from a list of question ids, with its due date and suggestion policy', async () => {
    const res = await maintainer.post('/api/batches').send({ name: 'week-1', due: '2026-03-06', problems: ['b_1', 'b_2'], suggestionPolicy: 'after-draft' });
    expect(res.status, res.text).toBe(201);
    expect(res.body).toMatchObject({ name: 'week-1', due: '2026-03-06', suggestionPolicy: 'after-draft', problems: 2, needAnnotators: 2, states: { waiting: 2, ready: 0, draft: 0, resolved: 0 } });
    expect(batchProblemIds(ctx.db, 'week-1')).toEqual(['b_1', 'b_2']);
    expect(batchProblemIds(ctx.db, 'nope')).toBeNull();
    expect(batchOfProblem(ctx.db, 'b_2')).toEqual({ name: 'week-1', due: '2026-03-06', suggestionPolicy: 'after-draft' });
    expect(batchOfProblem(ctx.db, 'b_3')).toBeNull();
    expect(events('batch.create')).toBe(1);
  });

  it('creates one from the Problems page filter, leaving batched problems out with batch=none', async () => {
    const refused = await maintainer.post('/api/batches').send({ name: 'easy', due: '2026-03-13', filter: { difficulty: 'easy' } });
    expect(refused.status).toBe(400);
    expect(refused.body.error.message).toMatch(/a problem is in at most one batch; 2 already are in another: b_1 \(in week-1\), b_2 \(in week-1\)\. Add batch=none/);
    const res = await maintainer.post('/api/batches').send({ name: 'easy', due: '2026-03-13', filter: { difficulty: 'easy', batch: 'none' } });
    expect(res.status, res.text).toBe(201);
    expect(res.body).toMatchObject({ problems: 1, suggestionPolicy: null });
    expect(batchProblemIds(ctx.db, 'easy')).toEqual(['b_3']);
    const listed = await maintainer.get('/api/problems').query({ batch: 'easy' });
    expect(listed.body.items.map((p: { questionId: string }) => p.questionId)).toEqual(['b_3']);
  });

  it('refuses overlaps, taken names, unknown problems and filters that match nothing, writing nothing', async () => {
    const overlap = await maintainer.post('/api/batches').send({ name: 'again', due: '2026-03-13', problems: ['b_4', 'b_1'] });
    expect(overlap.status).toBe(400);
    expect(overlap.body.error.message).toBe('problems: a problem is in at most one batch; 1 already is in another: b_1 (in week-1).');
    const taken = await maintainer.post('/api/batches').send({ name: 'WEEK-1', due: '2026-03-13', problems: ['b_4'] });
    expect(taken.status).toBe(409);
    expect(taken.body.error.code).toBe('name_taken');
    const unknown = await maintainer.post('/api/batches').send({ name: 'again', due: '2026-03-13', problems: ['b_4', 'zz_9'] });
    expect(unknown.body.error.message).toBe('problems: there is no problem zz_9.');
    const empty = await maintainer.post('/api/batches').send({ name: 'again', due: '2026-03-13', filter: { q: 'no such title' } });
    expect(empty.body.error.message).toBe('filter: no problem matches this filter.');
    const both = await maintainer.post('/api/batches').send({ name: 'again', due: '2026-03-13', problems: ['b_4'], filter: {} });
    expect(both.body.error.message).toMatch(/problems: give either problems .* or filter, not both/);
    const badFilter = await maintainer.post('/api/batches').send({ name: 'again', due: '2026-03-13', filter: { colour: 'red' } });
    expect(badFilter.status).toBe(400);
    expect(badFilter.body.error.message).toMatch(/filter/);
    expect(batchProblemIds(ctx.db, 'again')).toBeNull();
    expect(events('batch.create')).toBe(2);
  });

  it('validates the due date and the name', async () => {
    for (const [due, message] of [
      ['2026-02-30', 'due: is not a day of the calendar'],
      ['6 March', 'due: use YYYY-MM-DD'],
      ['2026-13-01', 'due: is not a day of the calendar'],
    ]) {
      const res = await maintainer.post('/api/batches').send({ name: 'dated', due, problems: ['b_4'] });
      expect(res.status).toBe(400);
      expect(res.body.error.message).toContain(message);
    }
    const reserved = await maintainer.post('/api/batches').send({ name: 'None', due: '2026-03-13', problems: ['b_4'] });
    expect(reserved.body.error.message).toMatch(/name: "none" is reserved/);
    const policy = await maintainer.post('/api/batches').send({ name: 'p', due: '2026-03-13', problems: ['b_4'], suggestionPolicy: 'sometimes' });
    expect(policy.body.error.message).toMatch(/^suggestionPolicy: /);
  });
});

describe('bulk actions', () => {
  let preview: BatchPlan;

  it('previews assigning a batch: two distinct annotators per problem, least loaded first, nothing written', async () => {
    assign(ctx.db, problemIdOf(ctx.db, 'b_2'), users.cy!.id, 1);
    const res = await maintainer.post('/api/batches/week-1/assign/preview').send({ annotators: ['amy', 'ben', 'cy'] });
    expect(res.status, res.text).toBe(200);
    preview = res.body as BatchPlan;
    expect(preview).toMatchObject({
      batch: 'week-1',
      action: 'assign',
      assignments: 3,
      changes: [
        { questionId: 'b_1', title: 'Batch problem 1', remove: null, add: ['amy', 'ben'] },
        { questionId: 'b_2', remove: null, add: ['amy'] },
      ],
      kept: [],
    });
    expect(assignedTo('b_1')).toEqual([]);
    expect(events('batch.assign')).toBe(0);
  });

  it('applies exactly what the preview showed, in one event, and refuses a preview that went stale', async () => {
    const res = await maintainer.post('/api/batches/week-1/assign').send({ annotators: ['amy', 'ben', 'cy'], previewToken: preview.token });
    expect(res.status, res.text).toBe(200);
    expect(res.body).toEqual(preview);
    expect(assignedTo('b_1')).toEqual(['amy', 'ben']);
    expect(assignedTo('b_2')).toEqual(['cy', 'amy']);
    expect(events('batch.assign')).toBe(1);
    const again = await maintainer.post('/api/batches/week-1/assign/preview').send({ annotators: ['amy', 'ben'] });
    expect(again.body).toMatchObject({ changes: [], assignments: 0, keptCounts: { 'two-annotators': 2 } });
    const stale = await maintainer.post('/api/batches/week-1/assign').send({ annotators: ['amy', 'ben', 'cy'], previewToken: preview.token });
    expect(stale.status).toBe(409);
    expect(stale.body.error.code).toBe('stale_version');
    expect(events('batch.assign')).toBe(1);
  });

  it('refuses fewer than two annotators, a repeated one and a non-annotator by field', async () => {
    expect((await maintainer.post('/api/batches/easy/assign/preview').send({ annotators: ['amy'] })).body.error.message).toMatch(/^annotators: choose at least two/);
    expect((await maintainer.post('/api/batches/easy/assign/preview').send({ annotators: ['amy', 'AMY'] })).body.error.message).toMatch(/^annotators: each annotator once/);
    expect((await maintainer.post('/api/batches/easy/assign').send({ annotators: ['amy', 'mara'] })).body.error.message).toBe('annotators: mara is not an annotator (role: maintainer).');
    expect((await maintainer.post('/api/batches/nope/assign').send({ annotators: ['amy', 'ben'] })).status).toBe(404);
  });

  it('replaces an annotator across a batch but never moves submitted or started work; preview equals what is applied', async () => {
    // week-1: b_1 amy+ben, b_2 cy+amy. Add b_5 and b_6 to a batch of their own where amy works.
    await maintainer.post('/api/batches').send({ name: 'late', due: '2026-03-20', problems: ['b_4', 'b_5', 'b_6'] }).expect(201);
    await maintainer.post('/api/batches/late/assign').send({ annotators: ['amy', 'ben'] }).expect(200);
    annotate('b_4', 'amy', 'submitted');
    annotate('b_5', 'amy', 'draft');
    const body = { from: 'amy', to: 'dee' };
    const res = await maintainer.post('/api/batches/late/replace/preview').send(body);
    expect(res.status, res.text).toBe(200);
    expect(res.body).toMatchObject({
      action: 'replace',
      changes: [{ questionId: 'b_6', remove: 'amy', add: ['dee'] }],
      kept: [
        { questionId: 'b_4', reason: 'submitted' },
        { questionId: 'b_5', reason: 'started' },
      ],
      keptCounts: { submitted: 1, started: 1 },
    });
    const applied = await maintainer.post('/api/batches/late/replace').send({ ...body, previewToken: res.body.token });
    expect(applied.status, applied.text).toBe(200);
    expect(applied.body).toEqual(res.body);
    expect(assignedTo('b_4').sort()).toEqual(['amy', 'ben']);
    expect(assignedTo('b_5').sort()).toEqual(['amy', 'ben']);
    expect(assignedTo('b_6').sort()).toEqual(['ben', 'dee']);
    expect(events('batch.replace')).toBe(1);
    // ben cannot take over where he already is the other annotator
    const onto = await maintainer.post('/api/batches/late/replace/preview').send({ from: 'dee', to: 'ben' });
    expect(onto.body).toMatchObject({ changes: [], keptCounts: { 'already-assigned': 1 } });
    expect((await maintainer.post('/api/batches/late/replace').send({ from: 'ghost', to: 'ben' })).body.error.message).toBe('from: there is no user "ghost".');
    expect((await maintainer.post('/api/batches/late/replace').send({ from: 'amy', to: 'amy' })).body.error.message).toMatch(/^to: choose another annotator/);
  });
});

describe('progress and what is overdue', () => {
  it('counts problems per state and assignments per annotator', async () => {
    const res = await maintainer.get('/api/batches/late');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ problems: 3, needAnnotators: 0, states: { waiting: 3 }, annotations: { todo: 4, 'in-progress': 1, submitted: 1 } });
    expect(res.body.annotators).toEqual([
      { username: 'amy', active: true, assigned: 2, todo: 0, inProgress: 1, submitted: 1, overdue: expect.any(Number) },
      { username: 'ben', active: true, assigned: 3, todo: 3, inProgress: 0, submitted: 0, overdue: expect.any(Number) },
      { username: 'dee', active: true, assigned: 1, todo: 1, inProgress: 0, submitted: 0, overdue: expect.any(Number) },
    ]);
    expect((await maintainer.get('/api/batches')).body.map((b: { name: string }) => b.name)).toEqual(['week-1', 'easy', 'late']);
  });

  it('is overdue from the day after the due date, by the injected clock', () => {
    const onTheDay = batchDetail(ctx.db, 'late', at('2026-03-20'));
    expect(onTheDay).toMatchObject({ overdue: false, overdueProblems: 0 });
    expect(onTheDay.annotators.every((a) => a.overdue === 0)).toBe(true);
    const after = batchDetail(ctx.db, 'late', at('2026-03-21'));
    expect(after).toMatchObject({ overdue: true, overdueProblems: 3 });
    expect(after.annotators.map((a) => [a.username, a.overdue])).toEqual([['amy', 1], ['ben', 3], ['dee', 1]]);
    expect(listBatches(ctx.db, at('2026-03-10')).map((b) => [b.name, b.overdue])).toEqual([['week-1', true], ['easy', false], ['late', false]]);
  });

  it("groups the annotator's queue by batch, the earliest due first, marking overdue work", () => {
    const queue = presentQueue(getQueue(ctx.db, { id: users.amy!.id }, at('2026-03-10')));
    expect(queue.map((q) => [q.questionId, q.batch?.name, q.batch?.overdue])).toEqual([
      ['b_1', 'week-1', true],
      ['b_2', 'week-1', true],
      ['b_4', 'late', false],
      ['b_5', 'late', false],
    ]);
    const later = presentQueue(getQueue(ctx.db, { id: users.amy!.id }, at('2026-04-01')));
    expect(later.find((q) => q.questionId === 'b_4')!.batch).toEqual({ name: 'late', due: '2026-03-20', overdue: false });
    expect(later.find((q) => q.questionId === 'b_5')!.batch!.overdue).toBe(true);
  });
});
