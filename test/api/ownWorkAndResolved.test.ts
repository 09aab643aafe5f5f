import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readAssignments } from '../../db/assignments';
import { updateRoleAndActive } from '../../db/users';
import { SYSTEM_ACTOR } from '../../db/events';
import { autoAssign } from '../../server/services/assignments';
import type { QueueView } from '../../shared/adjudicationView';
import { buildAnnotation, spanOf } from '../support/annotationBuilders';
import { assign, buildProblem, buildUser, type BuiltProblem, type BuiltUser } from '../support/builders';
import { runCli } from '../support/cli';
import { tempDb } from '../support/db';
import { loginAs, testApp, type Agent } from '../support/http';
import { buildGold } from '../support/releaseBuilders';
import { rowCount } from '../support/state';

// Nobody adjudicates work they annotated (a promoted annotator gets 403 and
// does not see those problems), and auto-assignment leaves problems with resolved gold alone.
describe('a promoted annotator and their own problems', () => {
  const ctx = tempDb();
  const app = testApp(ctx.db);
  let promoted: BuiltUser;
  let own: BuiltProblem;
  let others: BuiltProblem;
  let agent: Agent;
  afterAll(() => ctx.cleanup());

  beforeAll(async () => {
    promoted = await buildUser(ctx.db, { username: 'pia' });
    const [b, c, d] = [await buildUser(ctx.db), await buildUser(ctx.db), await buildUser(ctx.db)];
    own = buildProblem(ctx.db);
    others = buildProblem(ctx.db);
    for (const [p, x, y] of [[own, promoted, b], [others, c, d]] as const) {
      assign(ctx.db, p.id, x.id, 1);
      assign(ctx.db, p.id, y.id, 2);
      buildAnnotation(ctx.db, p.id, x.id, [{ deletions: [spanOf(p.baseText, 'geometric ')], question: 'Which?', answer: 'Geometric.', type: 'Terminology' }]);
      buildAnnotation(ctx.db, p.id, y.id, [{ deletions: [spanOf(p.baseText, 'positive integers')], question: 'What?', answer: 'Positive.', type: 'Behavior' }]);
    }
    updateRoleAndActive(ctx.db, promoted.id, 'adjudicator', true);
    agent = await loginAs(app, promoted);
  });

  it('hides the problems they annotated from their queue', async () => {
    const queue = (await agent.get('/api/adjudications')).body as QueueView;
    expect(queue.items.map((i) => i.questionId)).toEqual([others.questionId]);
    const anyone = await loginAs(app, await buildUser(ctx.db, { role: 'adjudicator' }));
    expect(((await anyone.get('/api/adjudications')).body as QueueView).items.map((i) => i.questionId).sort()).toEqual([own.questionId, others.questionId].sort());
  });

  it('answers 403 with the reason on every adjudication route of such a problem, and changes nothing', async () => {
    const url = `/api/adjudications/${own.questionId}`;
    const calls = [
      agent.get(url),
      agent.put(url).send({ version: 0, points: [], notes: '' }),
      agent.post(`${url}/resolve`).send({ version: 0 }),
      agent.post(`${url}/accept`).send({ version: 0 }),
      agent.put(`${url}/overrides/0`).send({ version: 0, questions: ['x'] }),
      agent.delete(`${url}/overrides/0?version=0`),
    ];
    for (const res of await Promise.all(calls)) {
      expect(res.status).toBe(403);
      expect(res.body.error.code).toBe('forbidden');
      expect(res.body.error.message).toMatch(/^You annotated abc\d+_a yourself; another adjudicator must adjudicate it/);
    }
    expect(rowCount(ctx.db, 'adjudications')).toBe(0);
    expect((await agent.get(`/api/adjudications/${others.questionId}`)).status).toBe(200);
  });
});

describe('auto-assignment and resolved gold', () => {
  const ctx = tempDb();
  const app = testApp(ctx.db);
  let legacy: BuiltProblem;
  let fresh: BuiltProblem;
  afterAll(() => ctx.cleanup());
  const assigned = (p: BuiltProblem) => readAssignments(ctx.db, p.id).length;

  beforeAll(async () => {
    await buildUser(ctx.db, { username: 'ann-a' });
    await buildUser(ctx.db, { username: 'ann-b' });
    legacy = buildProblem(ctx.db);
    fresh = buildProblem(ctx.db);
    buildGold(ctx.db, legacy.id, [{ deletions: [spanOf(legacy.baseText, 'geometric ')], question: 'Which?', answer: 'Geometric.' }], { source: 'legacy' });
  });

  it('skips problems that already have resolved gold, and says so', () => {
    expect(autoAssign(ctx.db, SYSTEM_ACTOR)).toEqual({ problems: 1, assignments: 2, skippedResolved: 1 });
    expect(assigned(legacy)).toBe(0);
    expect(assigned(fresh)).toBe(2);
  });

  it('the CLI skips them too, and --include-resolved assigns them', async () => {
    ctx.db.pragma('wal_checkpoint(TRUNCATE)');
    const skipped = await runCli(['assign', '--auto', '--db', ctx.file]);
    expect(skipped.status).toBe(0);
    expect(skipped.stdout).toContain('skipped 1 problem with resolved gold (--include-resolved assigns them too)');
    expect(assigned(legacy)).toBe(0);
    const included = await runCli(['assign', '--auto', '--include-resolved', '--db', ctx.file]);
    expect(included.status).toBe(0);
    expect(included.stdout).toContain('assigned 1 problem (2 new assignments)');
    expect(assigned(legacy)).toBe(2);
  });

  it('the Assignments page’s auto-assign has the same default and option', async () => {
    const other = buildProblem(ctx.db);
    buildGold(ctx.db, other.id, [{ deletions: [spanOf(other.baseText, 'geometric ')], question: 'Which?', answer: 'Geometric.' }], { source: 'legacy' });
    const maint = await loginAs(app, await buildUser(ctx.db, { role: 'maintainer' }));
    expect((await maint.post('/api/assignments/auto')).body).toEqual({ problems: 0, assignments: 0, skippedResolved: 1 });
    expect((await maint.post('/api/assignments/auto').send({ includeResolved: true })).body).toEqual({ problems: 1, assignments: 2 });
    expect(assigned(other)).toBe(2);
  });
});
