import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import request from 'supertest';
import { autoAssign } from '../../server/services/assignments';
import { SYSTEM_ACTOR } from '../../db/events';
import { insertAssignment } from '../../db/assignments';
import { updateRoleAndActive } from '../../db/users';
import { buildAnnotation } from '../support/annotationBuilders';
import { buildProblem, buildUser, type BuiltUser } from '../support/builders';
import { tempDb } from '../support/db';
import { loginAs, testApp, type Agent } from '../support/http';
import { assignedProblemIds, assignedTo, assignmentLoads, eventsOf, lastEventOf, problemIdOf, rowCount, userIdOf } from '../support/state';

describe('auto-assignment', () => {
  const ctx = tempDb();
  const app = testApp(ctx.db);
  let maintainer: Agent;
  let mara: BuiltUser;
  afterAll(() => ctx.cleanup());

  beforeAll(async () => {
    mara = await buildUser(ctx.db, { username: 'mara', role: 'maintainer' });
    maintainer = await loginAs(app, mara);
  });

  it('fails clearly with fewer than two active annotators', async () => {
    buildProblem(ctx.db, { questionId: 'auto_0' });
    await buildUser(ctx.db, { username: 'zed', role: 'annotator' });
    const gone = await buildUser(ctx.db, { username: 'gone', role: 'annotator' });
    updateRoleAndActive(ctx.db, gone.id, 'annotator', false);
    const res = await maintainer.post('/api/assignments/auto');
    expect(res.status).toBe(409);
    expect(res.body.error.message).toMatch(/at least 2 active annotators; there is 1/);
    expect((await maintainer.get('/api/assignments/auto/preview')).status).toBe(409);
    expect(rowCount(ctx.db, 'assignments')).toBe(0);
  });

  it('gives every open problem two distinct annotators, balancing load, ties by username', async () => {
    await buildUser(ctx.db, { username: 'amy', role: 'annotator' });
    await buildUser(ctx.db, { username: 'ben', role: 'annotator' });
    for (let i = 1; i <= 5; i++) buildProblem(ctx.db, { questionId: `auto_${i}` });
    // The preview (the confirmation's figures) says what the run will do, and writes nothing.
    const preview = await maintainer.get('/api/assignments/auto/preview');
    expect(preview.status).toBe(200);
    expect(preview.body).toEqual({ problems: 6, assignments: 12, byAnnotator: [{ username: 'amy', assignments: 4 }, { username: 'ben', assignments: 4 }, { username: 'zed', assignments: 4 }] });
    expect(rowCount(ctx.db, 'assignments')).toBe(0);
    expect(eventsOf(ctx.db, 'assignment.auto')).toHaveLength(0);
    const res = await maintainer.post('/api/assignments/auto');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ problems: 6, assignments: 12 });
    expect(assignedTo(ctx.db, 'auto_0')).toEqual(['amy', 'ben']);
    expect(assignedTo(ctx.db, 'auto_1')).toEqual(['zed', 'amy']);
    expect(assignmentLoads(ctx.db)).toEqual([{ username: 'amy', n: 4 }, { username: 'ben', n: 4 }, { username: 'zed', n: 4 }]);
    expect(eventsOf(ctx.db, 'assignment.auto')).toHaveLength(6);
  });

  it('tops up half-assigned problems without repeating an annotator and leaves full ones alone', async () => {
    buildProblem(ctx.db, { questionId: 'auto_6' });
    const problem = buildProblem(ctx.db, { questionId: 'auto_7' });
    insertAssignment(ctx.db, problem.id, userIdOf(ctx.db, 'zed'), 2, null);
    expect((await maintainer.get('/api/assignments/auto/preview?includeResolved=false')).body).toMatchObject({ problems: 2, assignments: 3 });
    expect(autoAssign(ctx.db, SYSTEM_ACTOR)).toEqual({ problems: 2, assignments: 3 });
    const seven = assignedTo(ctx.db, 'auto_7');
    expect(seven).toHaveLength(2);
    expect(new Set(seven).size).toBe(2);
    expect(seven[1]).toBe('zed');
    expect((await maintainer.post('/api/assignments/auto')).body).toEqual({ problems: 0, assignments: 0 });
  });

  it('reports per-annotator progress', async () => {
    const amy = userIdOf(ctx.db, 'amy');
    const [first, second] = assignedProblemIds(ctx.db, amy);
    buildAnnotation(ctx.db, first!, amy, [], 'submitted', 4);
    buildAnnotation(ctx.db, second!, amy, [], 'draft', 2);
    const res = await maintainer.get('/api/assignments/overview');
    expect(res.status).toBe(200);
    const amyRow = res.body.find((r: { username: string }) => r.username === 'amy');
    expect(amyRow).toEqual({ username: 'amy', active: true, assigned: 6, todo: 4, inProgress: 1, submitted: 1 });
    expect(res.body.find((r: { username: string }) => r.username === 'gone')).toMatchObject({ active: false, assigned: 0 });
  });
});

describe('manual assignment', () => {
  const ctx = tempDb();
  const app = testApp(ctx.db);
  let maintainer: Agent;
  let annotator: Agent;
  const users: Record<string, BuiltUser> = {};
  afterAll(() => ctx.cleanup());

  beforeAll(async () => {
    for (const [username, role] of [['mara', 'maintainer'], ['ada', 'adjudicator'], ['amy', 'annotator'], ['ben', 'annotator'], ['cy', 'annotator']] as const) {
      users[username] = await buildUser(ctx.db, { username, role });
    }
    maintainer = await loginAs(app, users.mara!);
    annotator = await loginAs(app, users.amy!);
    buildProblem(ctx.db, { questionId: 'man_1' });
  });

  it('assigns two annotators and replaces one, keeping the other in its slot', async () => {
    const res = await maintainer.put('/api/assignments/man_1').send({ annotators: ['amy', 'ben'] });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ questionId: 'man_1', annotators: ['amy', 'ben'] });
    await maintainer.put('/api/assignments/man_1').send({ annotators: ['cy', 'ben'] }).expect(200);
    expect(assignedTo(ctx.db, 'man_1')).toEqual(['cy', 'ben']);
    const event = lastEventOf(ctx.db, 'assignment.set')!;
    expect(event.before).toEqual({ annotators: ['amy', 'ben'] });
    expect(event.after).toEqual({ annotators: ['cy', 'ben'] });
  });

  it('refuses duplicates, non-annotators, unknown users and unknown problems', async () => {
    const same = await maintainer.put('/api/assignments/man_1').send({ annotators: ['amy', 'AMY'] });
    expect(same.status).toBe(400);
    expect(same.body.error.message).toMatch(/annotators: choose two different annotators/);
    const adjudicator = await maintainer.put('/api/assignments/man_1').send({ annotators: ['amy', 'ada'] });
    expect(adjudicator.status).toBe(400);
    expect(adjudicator.body.error.message).toMatch(/ada is not an annotator \(role: adjudicator\)/);
    expect((await maintainer.put('/api/assignments/man_1').send({ annotators: ['amy', 'nobody'] })).status).toBe(400);
    expect((await maintainer.put('/api/assignments/nope').send({ annotators: ['amy', 'ben'] })).status).toBe(404);
    expect((await maintainer.put('/api/assignments/man_1').send({ annotators: ['amy'] })).status).toBe(400);
    expect(assignedTo(ctx.db, 'man_1')).toEqual(['cy', 'ben']);
  });

  it('refuses with 409 to remove an annotator whose annotation exists', async () => {
    buildAnnotation(ctx.db, problemIdOf(ctx.db, 'man_1'), users.cy!.id, [], 'draft');
    const res = await maintainer.put('/api/assignments/man_1').send({ annotators: ['amy', 'ben'] });
    expect(res.status).toBe(409);
    expect(res.body.error.message).toMatch(/cy has already started annotating man_1/);
    expect(assignedTo(ctx.db, 'man_1')).toEqual(['cy', 'ben']);
  });

  it('is for maintainers only', async () => {
    expect((await request(app).put('/api/assignments/man_1').send({ annotators: ['amy', 'ben'] })).status).toBe(401);
    expect((await annotator.put('/api/assignments/man_1').send({ annotators: ['amy', 'ben'] })).status).toBe(403);
    expect((await annotator.post('/api/assignments/auto')).status).toBe(403);
    expect((await annotator.get('/api/assignments/overview')).status).toBe(403);
    expect((await request(app).get('/api/assignments/overview')).status).toBe(401);
  });
});
