import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import request from 'supertest';
import fs from 'node:fs';
import path from 'node:path';
import { setUserActive } from '../../db/users';
import { createApp } from '../../server/app';
import { SESSION_COOKIE } from '../../server/auth/sessions';
import { MAX_FAILURES } from '../../server/auth/loginLimiter';
import { copyOfDb, tempDb, tempDir } from '../support/db';
import { buildUser, type BuiltUser } from '../support/builders';
import { loginAs, testApp } from '../support/http';
import { fillPath, routeKey, writeRoutes } from '../support/routes';
import { send } from '../support/routeCalls';
import { TABLE } from '../support/routeTable';
import { buildWorld } from '../support/world';

const ctx = tempDb();
const clientDir = tempDir('ccb-client-stub-');
fs.mkdirSync(path.join(clientDir, 'assets'));
fs.writeFileSync(path.join(clientDir, 'index.html'), '<!doctype html><div id="root"></div><script type="module" src="/assets/app.js"></script>');
fs.writeFileSync(path.join(clientDir, 'assets', 'app.js'), 'console.log(1);');
const app = createApp({ db: ctx.db, clientDir, log: () => {} });
let mara: BuiltUser;

beforeAll(async () => {
  mara = await buildUser(ctx.db, { username: 'mara', role: 'maintainer' });
});
afterAll(() => {
  ctx.cleanup();
  fs.rmSync(clientDir, { recursive: true, force: true });
});

function expectSecurityHeaders(res: request.Response, what: string): void {
  const csp = String(res.headers['content-security-policy'] ?? '');
  expect(csp, what).toContain("default-src 'self'");
  expect(csp, what).toContain("script-src 'self'");
  expect(csp, what).not.toContain('unsafe-inline');
  expect(csp, what).not.toContain('unsafe-eval');
  expect(csp, what).toContain("object-src 'none'");
  expect(csp, what).toContain("frame-ancestors 'none'");
  expect(res.headers['x-content-type-options'], what).toBe('nosniff');
  expect(res.headers['x-frame-options'], what).toBe('DENY');
  expect(res.headers['referrer-policy'], what).toBe('no-referrer');
  expect(res.headers['x-powered-by'], what).toBeUndefined();
}

describe('security headers', () => {
  it('are on every kind of response: API, errors, index.html, static assets', async () => {
    const agent = await loginAs(app, mara);
    const responses: [string, request.Response][] = [
      ['API 200', await agent.get('/api/me')],
      ['API 401', await request(app).get('/api/me')],
      ['API 404', await request(app).get('/api/nothing-here')],
      ['API 400 (bad JSON)', await request(app).post('/api/auth/login').set('Content-Type', 'application/json').send('{')],
      ['API 400 (bad URL escape)', await agent.get('/api/events/%E0%A4%A')],
      ['API 403 (foreign origin)', await request(app).post('/api/auth/logout').set('Origin', 'https://evil.example')],
      ['index.html', await request(app).get('/')],
      ['client route', await request(app).get('/annotate/abc123_a')],
      ['static asset', await request(app).get('/assets/app.js')],
      ['missing asset', await request(app).get('/assets/missing.js')],
    ];
    for (const [what, res] of responses) {
      expect(res.status, what).toBeLessThan(500);
      expectSecurityHeaders(res, what);
    }
    expect(responses[0]![1].headers['cache-control']).toBe('no-store');
  });

  it('turns a malformed URL escape into a 400 with the standard error shape, not a 500', async () => {
    const res = await request(app).get('/api/annotations/%E0%A4%A');
    expect(res.status).toBeGreaterThanOrEqual(400);
    expect(res.status).toBeLessThan(500);
    expect(res.body.error.code).toBeTypeOf('string');
  });
});

describe('CSRF: Origin check on state-changing routes', () => {
  it('answers 403 forbidden_origin to a foreign Origin on every state-changing route', async () => {
    const agent = await loginAs(app, mara);
    const routes = writeRoutes();
    expect(routes.length).toBeGreaterThan(1);
    for (const r of routes) {
      const url = fillPath(r.path);
      for (const origin of ['https://evil.example', 'http://127.0.0.1.evil.example', 'null']) {
        const res = await agent[r.method](url).set('Origin', origin).send({});
        expect(res.status, `${routeKey(r)} from ${origin}`).toBe(403);
        expect(res.body.error.code, routeKey(r)).toBe('forbidden_origin');
      }
      const crossSite = await agent[r.method](url).set('Sec-Fetch-Site', 'cross-site').send({});
      expect(crossSite.status, `${routeKey(r)} cross-site without Origin`).toBe(403);
    }
  });

  it('lets every state-changing route work with the own Origin', async () => {
    // Each route gets a copy of one world (building a world per route took most of the time).
    const pristine = tempDb();
    const built = await buildWorld(pristine.db);
    for (const r of writeRoutes()) {
      const entry = TABLE[routeKey(r)]!;
      const callers = ['maintainer', 'owner', 'adjudicator', 'pilot', 'anonymous'] as const;
      // A caller it works for; else one that gets past access to the route's own answer (a
      // suggestion job needs a model endpoint the matrix world has not: 400, not 403).
      const who = callers.find((w) => entry.expect[w] < 400) ?? callers.find((w) => ![401, 403, 404].includes(entry.expect[w]))!;
      const fresh = copyOfDb(pristine.db);
      const world = { ...built, db: fresh.db };
      const res = await send(testApp(fresh.db), world, who, r, entry).set('Host', 'studio.local:3000').set('Origin', 'http://studio.local:3000');
      expect(res.status, `${routeKey(r)}: ${res.text.slice(0, 200)}`).toBe(entry.expect[who]);
      fresh.cleanup();
    }
    pristine.cleanup();
  });

  it('lets requests with the own Origin, or none (scripted clients), through', async () => {
    const own = await request(app).post('/api/auth/login').set('Host', 'studio.local:3000').set('Origin', 'http://studio.local:3000').send({ username: 'mara', password: mara.password });
    expect(own.status).toBe(200);
    const none = await request(app).post('/api/auth/login').send({ username: 'mara', password: mara.password });
    expect(none.status).toBe(200);
    const sameOrigin = await request(app).post('/api/auth/logout').set('Sec-Fetch-Site', 'same-origin');
    expect(sameOrigin.status).toBe(200);
  });
});

describe('sessions', () => {
  const cookieOf = (res: request.Response): string => {
    const header = ([] as string[]).concat(res.headers['set-cookie'] ?? []).find((c) => c.startsWith(`${SESSION_COOKIE}=`));
    if (!header) throw new Error('no session cookie');
    return header.split(';')[0]!;
  };

  it('sets an httpOnly SameSite=Strict cookie and issues a new session id at every login (no fixation)', async () => {
    const first = await request(app).post('/api/auth/login').send({ username: 'mara', password: mara.password });
    expect(String(first.headers['set-cookie'])).toMatch(/HttpOnly/);
    expect(String(first.headers['set-cookie'])).toMatch(/SameSite=Strict/);
    const old = cookieOf(first);
    expect((await request(app).get('/api/me').set('Cookie', old)).status).toBe(200);
    // log in again carrying the old cookie: a new id, and the old one is dead
    const second = await request(app).post('/api/auth/login').set('Cookie', old).send({ username: 'mara', password: mara.password });
    const fresh = cookieOf(second);
    expect(fresh).not.toBe(old);
    expect((await request(app).get('/api/me').set('Cookie', old)).status).toBe(401);
    expect((await request(app).get('/api/me').set('Cookie', fresh)).status).toBe(200);
    // a session id chosen by an attacker is never adopted
    const planted = `${SESSION_COOKIE}=attacker-chosen-value`;
    const third = await request(app).post('/api/auth/login').set('Cookie', planted).send({ username: 'mara', password: mara.password });
    expect(cookieOf(third)).not.toBe(planted);
    expect((await request(app).get('/api/me').set('Cookie', planted)).status).toBe(401);
  });

  it('ends the session at logout and after the account is deactivated', async () => {
    const user = await buildUser(ctx.db, { username: 'leaver' });
    const agent = await loginAs(app, user);
    expect((await agent.get('/api/me')).status).toBe(200);
    setUserActive(ctx.db, user.id, false);
    expect((await agent.get('/api/me')).status).toBe(401);
  });
});

describe('login rate limiting', () => {
  it('answers 429 with Retry-After after repeated failures, even to the right password', async () => {
    const target = await buildUser(ctx.db, { username: 'target' });
    for (let i = 0; i < MAX_FAILURES; i++) {
      expect((await request(app).post('/api/auth/login').send({ username: 'target', password: 'wrong-guess' })).status).toBe(401);
    }
    const res = await request(app).post('/api/auth/login').send({ username: 'TARGET', password: target.password });
    expect(res.status).toBe(429);
    expect(res.body.error.code).toBe('rate_limited');
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('does not lock out the rest of a team that shares one address', async () => {
    for (let i = 0; i < MAX_FAILURES; i++) await request(app).post('/api/auth/login').send({ username: `typo${i}`, password: 'wrong-guess' });
    const colleague = await buildUser(ctx.db, { username: 'colleague' });
    expect((await request(app).post('/api/auth/login').send({ username: 'colleague', password: colleague.password })).status).toBe(200);
  });

  it('keeps failures of one server (database) away from another', async () => {
    const other = tempDb();
    const otherUser = await buildUser(other.db, { username: 'target' });
    const res = await request(testApp(other.db)).post('/api/auth/login').send({ username: 'target', password: otherUser.password });
    expect(res.status).toBe(200);
    other.cleanup();
  });
});
