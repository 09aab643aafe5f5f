import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readReleaseRows } from '../../db/releases';
import type { ReleaseCheck } from '../../shared/schemas/release';
import { tempDb } from '../support/db';
import { assign, buildProblem, type BuiltProblem } from '../support/builders';
import { loginAs, testApp } from '../support/http';
import { seedReleaseFlow, type ReleaseFlow } from '../support/releaseFlow';
import { rowCount } from '../support/state';

const ctx = tempDb();
const app = testApp(ctx.db);
let flow: ReleaseFlow;
let waiting: BuiltProblem;
let ready: BuiltProblem;

beforeAll(async () => {
  flow = await seedReleaseFlow(ctx.db);
  waiting = buildProblem(ctx.db, { questionId: 'abc901_a', title: 'Still annotated' });
  assign(ctx.db, waiting.id, flow.annotators[0].id, 1);
  assign(ctx.db, waiting.id, flow.annotators[1].id, 2);
  ready = buildProblem(ctx.db, { questionId: 'abc902_a', title: 'Nobody assigned' });
});
afterAll(() => ctx.cleanup());

describe('checking a release before the cut', () => {
  it('lists the problems left out with their state and counts the released ones', async () => {
    const agent = await loginAs(app, flow.maintainer);
    const res = await agent.post('/api/releases/preview').send({ name: 'v1' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const check = res.body.check as ReleaseCheck;
    expect(check.nameTaken).toBeNull();
    expect(check.problems).toEqual({ total: 4, released: 2 });
    expect(check.leftOut).toEqual([
      { questionId: waiting.questionId, title: 'Still annotated', state: 'waiting' },
      { questionId: ready.questionId, title: 'Nobody assigned', state: 'waiting' },
    ]);
  });

  it('reports a name already used, as the cut would refuse it with 409', async () => {
    const agent = await loginAs(app, flow.maintainer);
    expect((await agent.post('/api/releases').send({ name: 'v1' })).status).toBe(201);
    const check = (await agent.post('/api/releases/preview').send({ name: 'v1' })).body.check as ReleaseCheck;
    const cut = await agent.post('/api/releases').send({ name: 'v1' });
    expect(cut.status).toBe(409);
    expect(check.nameTaken).toBe(cut.body.error.message);
    expect(((await agent.post('/api/releases/preview').send({ name: 'v2' })).body.check as ReleaseCheck).nameTaken).toBeNull();
    expect(rowCount(ctx.db, 'releases')).toBe(1);
  });

  it('names the field of a malformed name, and checks without a name', async () => {
    const agent = await loginAs(app, flow.maintainer);
    const bad = await agent.post('/api/releases/preview').send({ name: '../x' });
    expect(bad.status).toBe(400);
    expect(bad.body.error.message).toMatch(/^name: /);
    const unnamed = await agent.post('/api/releases/preview').send({});
    expect((unnamed.body.check as ReleaseCheck).nameTaken).toBeNull();
    expect(readReleaseRows(ctx.db).map((r) => r.name)).toEqual(['v1']);
  });
});
