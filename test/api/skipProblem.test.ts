import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { QueueItem } from '../../shared/schemas/annotation';
import type { ProblemListPage } from '../../shared/schemas/backoffice';
import { tempDb } from '../support/db';
import { assign, buildProblem, buildUser, type BuiltProblem, type BuiltUser } from '../support/builders';
import { loginAs, testApp, type Agent } from '../support/http';
import { eventsOf } from '../support/state';

const ctx = tempDb();
const app = testApp(ctx.db);
let annotator: Agent;
let maintainer: Agent;
let spare: BuiltUser;
let keeper: BuiltUser;
let broken: BuiltProblem;
const REASON = 'The statement stops mid-sentence.';

beforeAll(async () => {
  const skipper = await buildUser(ctx.db, { role: 'annotator' });
  keeper = await buildUser(ctx.db, { role: 'annotator' });
  spare = await buildUser(ctx.db, { role: 'annotator' });
  broken = buildProblem(ctx.db, { title: 'Cut off' });
  assign(ctx.db, broken.id, skipper.id, 1);
  assign(ctx.db, broken.id, keeper.id, 2);
  buildProblem(ctx.db, { title: 'Fine' });
  annotator = await loginAs(app, skipper);
  maintainer = await loginAs(app, await buildUser(ctx.db, { role: 'maintainer' }));
});
afterAll(() => ctx.cleanup());

const queueItem = async () => ((await annotator.get('/api/assignments')).body as QueueItem[]).find((i) => i.questionId === broken.questionId)!;
const skippedProblems = async () => ((await maintainer.get('/api/problems?skipped=yes')).body as ProblemListPage).items;

describe('skipping a problem', () => {
  it('shows the skip in the queue and to maintainers (Problems filter), and the annotator can take it back', async () => {
    const url = `/api/assignments/${broken.questionId}/skip`;
    expect((await annotator.post(url).send({ reason: ' ' })).status).toBe(400);
    const res = await annotator.post(url).send({ reason: REASON });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ questionId: broken.questionId, skipped: REASON });
    expect((await queueItem()).skipped).toBe(REASON);
    const listed = await skippedProblems();
    expect(listed.map((p) => p.questionId)).toEqual([broken.questionId]);
    expect(listed[0]!.annotators[0]).toMatchObject({ skipped: REASON });

    expect((await annotator.delete(url)).status).toBe(200);
    expect((await queueItem()).skipped).toBeUndefined();
    expect(await skippedProblems()).toEqual([]);
    const actions = eventsOf(ctx.db).map((e) => e.action).filter((a) => /^assignment\..*skip$/.test(a));
    expect(actions).toEqual(['assignment.skip', 'assignment.unskip']);
  });

  it('lets a maintainer reassign a skipped problem to someone else', async () => {
    await annotator.post(`/api/assignments/${broken.questionId}/skip`).send({ reason: REASON });
    const res = await maintainer.put(`/api/assignments/${broken.questionId}`).send({ annotators: [spare.username, keeper.username] });
    expect(res.status).toBe(200);
    expect(await skippedProblems()).toEqual([]);
    expect((await annotator.get('/api/assignments')).body).toEqual([]);
  });
});
