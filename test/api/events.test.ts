import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import request from 'supertest';
import { run } from '../../db/database';
import { appendEvent, CLI_ACTOR } from '../../db/events';
import { tempDb } from '../support/db';
import { buildUser, type BuiltUser } from '../support/builders';
import { loginAs, testApp } from '../support/http';
import type { EventPage } from '../../shared/schemas/events';

const ctx = tempDb();
const app = testApp(ctx.db);
let mara: BuiltUser;

beforeAll(async () => {
  mara = await buildUser(ctx.db, { username: 'mara', role: 'maintainer' });
  const actor = { id: mara.id, name: 'mara' };
  for (let i = 1; i <= 120; i++) appendEvent(ctx.db, actor, { action: 'annotation.save', entityType: 'annotation', entityId: i % 3, after: { version: i } });
  appendEvent(ctx.db, CLI_ACTOR, { action: 'problem.import', entityType: 'import', details: { inserted: 80 } });
  appendEvent(ctx.db, CLI_ACTOR, { action: 'annotationx.odd', entityType: 'other' });
  // an old event, to filter by date (triggers forbid UPDATE, so insert it with its date)
  run(ctx.db, "INSERT INTO events (at, actor, action, entity_type) VALUES ('2024-03-05T10:00:00.000Z', 'system', 'user.create', 'user')");
});
afterAll(() => ctx.cleanup());

async function page(query: string): Promise<EventPage> {
  const agent = await loginAs(app, mara);
  const res = await agent.get(`/api/events${query}`);
  expect(res.status).toBe(200);
  return res.body as EventPage;
}

describe('GET /api/events', () => {
  it('is for maintainers only', async () => {
    expect((await request(app).get('/api/events')).status).toBe(401);
    for (const role of ['annotator', 'adjudicator'] as const) {
      const user = await buildUser(ctx.db, { role });
      expect((await (await loginAs(app, user)).get('/api/events')).status).toBe(403);
    }
  });

  it('pages through the log newest first', async () => {
    const first = await page('?pageSize=50');
    expect(first.pageSize).toBe(50);
    expect(first.events).toHaveLength(50);
    const ids = first.events.map((e) => e.id);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    const third = await page('?pageSize=50&page=3');
    expect(third.events.length).toBe(third.total - 100);
    expect(third.events[0]!.id).toBeLessThan(first.events[49]!.id);
    expect(first.actions).toEqual(expect.arrayContaining(['annotation.save', 'problem.import', 'user.create']));
  });

  it('leaves the logins out when asked to hide them, unless an action is named', async () => {
    const all = await page('?pageSize=200');
    const logins = (await page('?action=auth.login')).total;
    expect(logins).toBeGreaterThan(0);
    const hidden = await page('?pageSize=200&logins=hidden');
    expect(hidden.total).toBe(all.total - (logins - 1)); // each page() logs in: the logins count saw one more than the full list
    expect(hidden.events.some((e) => e.action === 'auth.login')).toBe(false);
    expect((await page('?action=auth.login&logins=hidden')).total).toBeGreaterThan(0);
  });

  it('filters by action (exact or resource prefix), actor, entity and date range', async () => {
    expect((await page('?action=problem.import')).total).toBe(1);
    const prefix = await page('?action=annotation');
    expect(prefix.events.every((e) => e.action === 'annotation.save')).toBe(true);
    expect(prefix.total).toBe(120);
    expect((await page('?action=annotation.%25')).total).toBe(0);
    const cli = await page('?actor=CLI');
    expect(cli.events.map((e) => e.action).sort()).toEqual(['annotationx.odd', 'problem.import']);
    expect(cli.events.find((e) => e.action === 'problem.import')!.details).toEqual({ inserted: 80 });
    expect((await page('?entityType=annotation&entityId=1')).total).toBe(40);
    expect((await page('?from=2024-03-05&to=2024-03-05')).events.map((e) => e.action)).toEqual(['user.create']);
    expect((await page('?to=2024-12-31')).total).toBe(1);
  });

  it('rejects malformed filters with field errors', async () => {
    const agent = await loginAs(app, mara);
    const bad = await agent.get('/api/events?from=yesterday&pageSize=1000');
    expect(bad.status).toBe(400);
    expect(bad.body.error.message).toContain('query.from:');
    expect(bad.body.error.message).toContain('query.pageSize:');
    const reversed = await agent.get('/api/events?from=2025-02-01&to=2025-01-01');
    expect(reversed.status).toBe(400);
  });
});
