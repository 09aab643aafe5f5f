import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { QueueView } from '../../shared/adjudicationView';
import { buildAnnotation } from '../support/annotationBuilders';
import { assign, buildProblem, buildUser } from '../support/builders';
import { tempDb } from '../support/db';
import { loginAs, testApp, type Agent } from '../support/http';

const ctx = tempDb();
const app = testApp(ctx.db);
let adj: Agent;

beforeAll(async () => {
  adj = await loginAs(app, await buildUser(ctx.db, { role: 'adjudicator' }));
  const a = await buildUser(ctx.db, { role: 'annotator' });
  const b = await buildUser(ctx.db, { role: 'annotator' });
  // q0 … q4: B deletes ever less of what A deletes, so disagreement grows with the index.
  for (let i = 0; i < 5; i++) {
    const p = buildProblem(ctx.db, { questionId: `q${i}_a` });
    assign(ctx.db, p.id, a.id, 1);
    assign(ctx.db, p.id, b.id, 2);
    buildAnnotation(ctx.db, p.id, a.id, [{ deletions: [[0, 20]], type: i === 4 ? 'Units' : 'Behavior' }]);
    buildAnnotation(ctx.db, p.id, b.id, [{ deletions: [[0, 20 - 4 * i]], type: 'Behavior' }]);
  }
});
afterAll(() => ctx.cleanup());

const ids = (q: QueueView) => q.items.map((i) => i.questionId);

describe('GET /api/adjudications (paged)', () => {
  it('pages the queue sorted by disagreement, with the total of the filtered queue', async () => {
    const all = (await adj.get('/api/adjudications')).body as QueueView;
    const disagreements = all.items.map((i) => i.disagreement ?? 0);
    expect(disagreements).toEqual([...disagreements].sort((x, y) => y - x));
    expect(new Set(disagreements).size).toBeGreaterThan(2);
    expect(all).toMatchObject({ total: 5, offset: 0 });
    const second = (await adj.get('/api/adjudications?limit=2&offset=2')).body as QueueView;
    expect(ids(second)).toEqual(ids(all).slice(2, 4));
    expect(second).toMatchObject({ total: 5, offset: 2, limit: 2 });
    expect(second.progress.ready).toBe(5);
  });

  it('pages after filtering', async () => {
    const all = (await adj.get('/api/adjudications')).body as QueueView;
    const byType = (await adj.get('/api/adjudications?type=Behavior&limit=3&offset=3')).body as QueueView;
    expect(byType.total).toBe(5);
    const units = (await adj.get('/api/adjudications?type=Units&limit=1')).body as QueueView;
    expect(units).toMatchObject({ total: 1 });
    expect(ids(units)).toEqual(['q4_a']);
    expect(ids(byType)).toEqual(ids(all).slice(3));
  });

  it('rejects a bad limit naming the field', async () => {
    const res = await adj.get('/api/adjudications?limit=0');
    expect(res.status).toBe(400);
    expect(res.body.error.message).toMatch(/^query\.limit: /);
  });
});
