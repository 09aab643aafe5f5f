import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tempDb } from '../support/db';
import { testApp } from '../support/http';
import { lcbRecord } from '../support/lcbRecords';
import { everyRoute, routeKey } from '../support/routes';
import { send, type RouteCall } from '../support/routeCalls';
import { buildWorld, pointFor, RELEASE, SECRET, WHO, type Who, type World } from '../support/world';

type Expected = Record<Who, number>;
interface Entry extends RouteCall {
  expect: Expected;
}

// Shorthands for the usual access rules.
const everyone = (status = 200): Expected => ({ anonymous: status, owner: status, other: status, adjudicator: status, maintainer: status });
const loggedIn = (status = 200): Expected => ({ ...everyone(status), anonymous: 401 });
const roles = (allowed: Who[], status = 200): Expected => ({
  anonymous: 401,
  owner: allowed.includes('owner') ? status : 403,
  other: allowed.includes('other') ? status : 403,
  adjudicator: allowed.includes('adjudicator') ? status : 403,
  maintainer: allowed.includes('maintainer') ? status : 403,
});
const MAINTAINER = (status = 200) => roles(['maintainer'], status);
const ADJUDICATORS = (status = 200) => roles(['adjudicator', 'maintainer'], status);
/** The annotator's own workspace: other roles 403; an annotator not assigned the problem gets 404. */
const OWN_WORK: Expected = { anonymous: 401, owner: 200, other: 404, adjudicator: 403, maintainer: 403 };

const q = (pick: (w: World) => { questionId: string }) => (w: World) => ({ questionId: pick(w).questionId });
const goldBody = (w: World) => ({
  version: w.versions.gold,
  notes: 'edited',
  points: [{ ...pointFor(w.problems.shared.baseText, 'geometric progression', 'Which progression?'), provenance: 'A', sources: { from: { a: 0, b: 0 } }, checklist: { plausible: true, ambiguous: true, sufficient: true } }],
});

/** Every route of the server with a valid call and the status each caller must get. */
const TABLE: Record<string, Entry> = {
  'POST /api/auth/login': { body: (w) => ({ username: w.users.owner.username, password: w.users.owner.password }), expect: everyone() },
  'POST /api/auth/logout': { expect: everyone() },
  'GET /api/me': { expect: loggedIn() },
  'GET /api/events': { query: () => 'action=annotation', expect: MAINTAINER() },

  'GET /api/assignments': { expect: roles(['owner', 'other']) },
  'GET /api/annotations/:questionId': { params: q((w) => w.problems.drafts), expect: OWN_WORK },
  'PUT /api/annotations/:questionId': {
    params: q((w) => w.problems.drafts),
    body: (w) => ({ version: w.versions.ownerDraft, points: [pointFor(w.problems.drafts.baseText, 'Yes', 'What is printed?', 'Yes')], activeMs: 1000 }),
    expect: OWN_WORK,
  },
  'POST /api/annotations/:questionId/submit': { params: q((w) => w.problems.drafts), body: (w) => ({ version: w.versions.ownerDraft }), expect: OWN_WORK },

  'POST /api/problems/import': { query: () => 'name=new.jsonl', upload: () => Buffer.from(`${JSON.stringify(lcbRecord(1))}\n`), expect: MAINTAINER() },
  'GET /api/problems': { expect: MAINTAINER() },
  'GET /api/problems/:questionId': { params: q((w) => w.problems.shared), expect: ADJUDICATORS() },
  'GET /api/users': { expect: MAINTAINER() },
  'POST /api/users': { body: () => ({ username: 'newbie', role: 'annotator', password: 'long-enough-pass' }), expect: MAINTAINER(201) },
  'PUT /api/users/:username': { params: (w) => ({ username: w.users.other.username }), body: () => ({ role: 'adjudicator' }), expect: MAINTAINER() },
  'GET /api/assignments/overview': { expect: MAINTAINER() },
  'POST /api/assignments/auto': { expect: MAINTAINER() },
  'PUT /api/assignments/:questionId': {
    params: q((w) => w.problems.unassigned),
    body: (w) => ({ annotators: [w.users.owner.username, w.users.other.username] }),
    expect: MAINTAINER(),
  },

  'GET /api/adjudications': { expect: ADJUDICATORS() },
  'GET /api/adjudications/:questionId': { params: q((w) => w.problems.shared), expect: ADJUDICATORS() },
  'PUT /api/adjudications/:questionId': { params: q((w) => w.problems.shared), body: goldBody, expect: ADJUDICATORS() },
  'POST /api/adjudications/:questionId/resolve': { params: q((w) => w.problems.shared), body: (w) => ({ version: w.versions.gold }), expect: ADJUDICATORS() },
  'POST /api/adjudications/:questionId/accept': { params: q((w) => w.problems.agreed), body: () => ({ version: 0 }), expect: ADJUDICATORS() },
  'POST /api/adjudications/:questionId/reopen': { params: q((w) => w.problems.resolved), body: () => ({ reason: 'second look' }), expect: MAINTAINER() },
  'PUT /api/adjudications/:questionId/overrides/:subset': {
    params: (w) => ({ questionId: w.problems.shared.questionId, subset: '0' }),
    body: () => ({ questions: ['Which progression is meant here?'] }),
    expect: ADJUDICATORS(),
  },
  'DELETE /api/adjudications/:questionId/overrides/:subset': {
    params: (w) => ({ questionId: w.problems.shared.questionId, subset: '0' }),
    expect: ADJUDICATORS(),
  },
  'GET /api/settings/reveal-names': { expect: ADJUDICATORS() },
  'PUT /api/settings/reveal-names': { body: () => ({ revealNames: true }), expect: MAINTAINER() },

  'GET /api/releases': { expect: MAINTAINER() },
  'POST /api/releases/preview': { body: () => ({ policy: 'all-subsets' }), expect: MAINTAINER() },
  'POST /api/releases': { body: () => ({ name: 'v2', notes: 'second cut' }), expect: MAINTAINER(201) },
  'GET /api/releases/:name': { params: () => ({ name: RELEASE }), expect: MAINTAINER() },
  'GET /api/releases/:name/download': { params: () => ({ name: RELEASE }), expect: MAINTAINER() },
  'GET /api/releases/:name/files/*path': { params: () => ({ name: RELEASE, path: 'ClarifyCodeBench.jsonl' }), expect: MAINTAINER() },

  'GET /api/agreement': { expect: MAINTAINER() },
  'POST /api/annotations/import': {
    query: () => 'name=pilot.jsonl',
    upload: (w) =>
      Buffer.from(
        ['xavier', 'yvonne']
          .map((annotator) => JSON.stringify({ question_id: w.problems.unassigned.questionId, annotator, points: [pointFor(w.problems.unassigned.baseText, 'Yes', 'What is printed?', 'Yes')] }))
          .join('\n'),
      ),
    expect: MAINTAINER(),
  },
};

const ctx = tempDb();
const app = testApp(ctx.db);
let shared: World;

beforeAll(async () => {
  shared = await buildWorld(ctx.db);
});
afterAll(() => ctx.cleanup());

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
          fresh = tempDb();
          world = await buildWorld(fresh.db);
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
