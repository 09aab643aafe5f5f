import { afterAll, describe, expect, it } from 'vitest';
import request from 'supertest';
import { tempDb } from '../support/db';
import { assign, buildProblem, buildUser } from '../support/builders';
import { loginAs, testApp } from '../support/http';
import { hashOf } from '../support/baseText';

const ctx = tempDb();
const app = testApp(ctx.db);
afterAll(() => ctx.cleanup());

// Routes are dispatched by method (server/http/mount.ts); these pin what express did before.
describe('route dispatch by method', () => {
  it('answers HEAD through the GET route, with its access check', async () => {
    expect((await request(app).head('/api/me')).status).toBe(401);
    const user = await buildUser(ctx.db, { role: 'annotator' });
    const agent = await loginAs(app, user);
    expect((await agent.head('/api/me')).status).toBe(200);
  });

  it('answers OPTIONS on an API path with the 404 of unknown API routes (no route takes OPTIONS)', async () => {
    for (const path of ['/api/annotations/abc123_a', '/api/nothing-here']) {
      const res = await request(app).options(path);
      expect(res.status).toBe(404);
      expect(res.body.error.code).toBe('not_found');
    }
  });

  it('a method the path does not have is a 404 in the error shape, never another route', async () => {
    const user = await buildUser(ctx.db, { role: 'annotator' });
    const problem = buildProblem(ctx.db);
    assign(ctx.db, problem.id, user.id, 1);
    const agent = await loginAs(app, user);
    for (const res of [await agent.delete(`/api/annotations/${problem.questionId}`), await agent.patch(`/api/annotations/${problem.questionId}`).send({})]) {
      expect(res.status).toBe(404);
      expect(res.body.error.code).toBe('not_found');
    }
    // the same path still serves its own methods
    expect((await agent.get(`/api/annotations/${problem.questionId}`)).status).toBe(200);
    expect((await agent.put(`/api/annotations/${problem.questionId}`).send({ baseTextHash: hashOf(problem), version: 0, points: [] })).status).toBe(200);
  });
});
