import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertComment } from '../../db/comments';
import { finishJob, insertJob } from '../../db/suggestionJobs';
import { homeView } from '../../server/services/home';
import type { HomeView } from '../../shared/api/home';
import { buildAnnotation } from '../support/annotationBuilders';
import { assign, buildProblem, buildUser, type BuiltUser } from '../support/builders';
import { tempDb } from '../support/db';
import { loginAs, testApp, type Agent } from '../support/http';

// The maintainer's home lists what needs attention now, each count equal to what the page it
// links to lists when opened through that link.
const ctx = tempDb();
const app = testApp(ctx.db);
let maintainer: Agent;
let amy: BuiltUser;
afterAll(() => ctx.cleanup());

beforeAll(async () => {
  const mara = await buildUser(ctx.db, { username: 'mara', role: 'maintainer' });
  amy = await buildUser(ctx.db, { username: 'amy', role: 'annotator' });
  const ben = await buildUser(ctx.db, { username: 'ben', role: 'annotator' });
  maintainer = await loginAs(app, mara);
  const ready = buildProblem(ctx.db, { questionId: 'h_ready' }); // both submitted: a case waiting
  for (const [u, slot] of [[amy, 1], [ben, 2]] as const) {
    assign(ctx.db, ready.id, u.id, slot);
    buildAnnotation(ctx.db, ready.id, u.id, [{ deletions: [[0, 4]] }]);
  }
  const flagged = buildProblem(ctx.db, { questionId: 'h_flagged' }); // no annotators, an open flag
  insertComment(ctx.db, { problemId: flagged.id, authorId: amy.id, threadUserId: null, replyTo: null, kind: 'flag', reason: 'broken', body: 'The statement is cut.', createdAt: new Date().toISOString() });
  buildProblem(ctx.db, { questionId: 'h_new' });
  const late = await maintainer.post('/api/batches').send({ name: 'late', due: '2020-01-06', problems: ['h_new'] });
  expect(late.status, late.text).toBe(201);
  const job = insertJob(ctx.db, { agent: 'model-x', promptVersion: 'v1', startedBy: 'mara', createdAt: new Date().toISOString(), runnerPid: process.pid }, [ready.id]);
  finishJob(ctx.db, job, 'failed', new Date().toISOString(), 'The endpoint refused the key.');
});

const item = (view: HomeView, key: string) => view.attention.find((a) => a.key === key)!;

describe('the maintainer\'s home', () => {
  it('counts each attention item and links to the page that lists exactly those', async () => {
    const res = await maintainer.get('/api/home');
    expect(res.status, res.text).toBe(200);
    const view = res.body as HomeView;
    expect(view.attention.map((a) => [a.key, a.count])).toEqual([
      ['open-flags', 1],
      ['overdue-batches', 1],
      ['cases-waiting', 1],
      ['need-annotators', 2],
      ['failed-suggestion-jobs', 1],
    ]);
    expect(item(view, 'open-flags').label).toBe('open flag');
    const flagged = (await maintainer.get('/api/problems?flags=open')).body;
    expect(flagged.total).toBe(item(view, 'open-flags').count);
    const need = (await maintainer.get('/api/problems?assigned=open')).body;
    expect(need.total).toBe(item(view, 'need-annotators').count);
    const queue = (await maintainer.get('/api/adjudications')).body;
    expect(JSON.stringify(queue)).toContain('h_ready');
    const batches = (await maintainer.get('/api/batches')).body as { overdue: boolean }[];
    expect(batches.filter((b) => b.overdue)).toHaveLength(item(view, 'overdue-batches').count);
    expect(view.problems).toEqual({ total: 3, waiting: 2, ready: 1, draft: 0, resolved: 0 });
  });

  it('counts the last seven days\' work by the injected clock', () => {
    const now = homeView(ctx.db).week;
    expect(now).toMatchObject({ annotationsSubmitted: 2, casesResolved: 0, flagsRaised: 1 });
    const later = homeView(ctx.db, () => Date.now() + 8 * 24 * 3600 * 1000).week;
    expect(later).toMatchObject({ annotationsSubmitted: 0, flagsRaised: 0 });
  });
});
