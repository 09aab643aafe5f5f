import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { copyOfDb, tempDb } from '../support/db';
import { testApp } from '../support/http';
import { everyRoute, routeKey } from '../support/routes';
import { send } from '../support/routeCalls';
import { q, TABLE } from '../support/routeTable';
import { buildWorld, RELEASE, SECRET, WHO, type Who, type World } from '../support/world';

const ctx = tempDb();
const app = testApp(ctx.db);
let shared: World;
// A write's caller gets a copy of a world no request has touched.
const pristine = tempDb();
let pristineWorld: World;

beforeAll(async () => {
  shared = await buildWorld(ctx.db);
  pristineWorld = await buildWorld(pristine.db);
});
afterAll(() => {
  ctx.cleanup();
  pristine.cleanup();
});

/** Every body an annotator other than bert received, to search for bert's work. */
const seenByOthers: { where: string; text: string }[] = [];

describe('authorization matrix', () => {
  it('has exactly one entry for every route of the server', () => {
    const keys = everyRoute().map(routeKey);
    expect(keys.filter((k) => !(k in TABLE)), 'routes missing from the table').toEqual([]);
    expect(Object.keys(TABLE).filter((k) => !keys.includes(k)), 'table entries for routes that do not exist').toEqual([]);
  });

  for (const route of everyRoute()) {
    const key = routeKey(route);
    it(`${key}`, async () => {
      const entry = TABLE[key];
      expect(entry, `no table entry for ${key}`).toBeDefined();
      const got: Partial<Record<Who, number>> = {};
      for (const who of WHO) {
        // A read shares one world; a write gets a fresh one, so every caller meets the same state.
        let world = shared;
        let fresh: ReturnType<typeof tempDb> | null = null;
        if (route.method !== 'get') {
          fresh = copyOfDb(pristine.db);
          world = { ...pristineWorld, db: fresh.db };
        }
        const res = await send(fresh ? testApp(fresh.db) : app, world, who, route, entry!);
        got[who] = res.status;
        if (res.status >= 400) expect(res.body.error, `${key} as ${who}: ${res.text}`).toMatchObject({ code: expect.any(String), message: expect.any(String) });
        if (who === 'owner' || who === 'other') seenByOthers.push({ where: `${key} as ${who}`, text: res.text });
        fresh?.cleanup();
      }
      expect(got, `${key}: ${JSON.stringify(got)}`).toEqual(entry!.expect);
    });
  }
});

describe('blind annotation', () => {
  it("no response to another annotator contains bert's work (his question text)", () => {
    expect(seenByOthers.length).toBeGreaterThan(everyRoute().length);
    const leaks = seenByOthers.filter((r) => r.text.includes(SECRET)).map((r) => r.where);
    expect(leaks).toEqual([]);
  });

  it('annotators probing every readable route with every problem id never see it either', async () => {
    const ids = Object.values(shared.problems).map((p) => p.questionId);
    for (const who of ['owner', 'other'] as const) {
      for (const route of everyRoute().filter((r) => r.method === 'get')) {
        for (const questionId of ids) {
          const res = await send(app, shared, who, route, { params: () => ({ questionId, username: shared.users.bert.username, subset: '0', name: RELEASE, path: 'ClarifyCodeBench.jsonl' }) });
          expect(res.text.includes(SECRET), `${routeKey(route)} ${questionId} as ${who}`).toBe(false);
        }
      }
    }
  });

  it('the secret really is in the database: bert and the adjudicator see it', async () => {
    const own = await send(app, shared, 'adjudicator', { method: 'get', path: '/api/adjudications/:questionId' }, { params: q((w) => w.problems.shared) });
    expect(own.text).toContain(SECRET);
    const bert = { ...shared, cookies: { ...shared.cookies, owner: (await import('../support/world')).cookieFor(ctx.db, shared.users.bert) } };
    const mine = await send(app, bert, 'owner', { method: 'get', path: '/api/annotations/:questionId' }, { params: q((w) => w.problems.drafts) });
    expect(mine.status).toBe(200);
    expect(mine.text).toContain(SECRET);
  });
});
