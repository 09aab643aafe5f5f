import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import http from 'node:http';
import { MAX_FAILURES, USER_FREE_FAILURES, WINDOW_MS, useLoginClock } from '../../server/auth/loginLimiter';
import { buildUser, type BuiltUser } from '../support/builders';
import { tempDb } from '../support/db';
import { listen } from '../support/liveServer';
import { eventsOf, sessionCount } from '../support/state';

// Count every password verification the server makes (the real function still does the work).
const verifications = vi.hoisted(() => ({ count: 0 }));
vi.mock('../../server/auth/passwords', async (importOriginal) => {
  const real = await importOriginal<typeof import('../../server/auth/passwords')>();
  return {
    ...real,
    verifyPassword: (password: string, stored: string) => {
      verifications.count++;
      return real.verifyPassword(password, stored);
    },
  };
});

const ctx = tempDb();
let server: Awaited<ReturnType<typeof listen>>;
let mara: BuiltUser;

// The limiter's clock stands still unless a test moves it: a slow machine cannot let a delay run out mid-test.
const clock = { now: Date.UTC(2026, 0, 1) };

beforeAll(async () => {
  useLoginClock(ctx.db, () => clock.now);
  mara = await buildUser(ctx.db, { username: 'mara', role: 'maintainer' });
  server = await listen(ctx.db);
});
afterAll(async () => {
  await server?.close();
  ctx.cleanup();
});

interface Answer {
  status: number;
  json: { error?: { code: string; message: string } } & Record<string, unknown>;
  cookie?: string;
  retryAfter?: string;
}

/** One HTTP request from a chosen loopback address (127.0.0.0/8 is all local on Linux): a client at another address. */
function call(from: string, method: string, path: string, body?: unknown, cookie?: string): Promise<Answer> {
  const url = new URL(path, server.url);
  const data = body === undefined ? undefined : JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: url.hostname,
        port: url.port,
        path: url.pathname,
        method,
        localAddress: from,
        agent: false,
        headers: { ...(data ? { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(data) } : {}), ...(cookie ? { Cookie: cookie } : {}) },
      },
      (res) => {
        let text = '';
        res.on('data', (d: Buffer) => (text += d.toString()));
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            json: text ? (JSON.parse(text) as Answer['json']) : {},
            cookie: res.headers['set-cookie']?.[0]?.split(';')[0],
            retryAfter: res.headers['retry-after'] as string | undefined,
          }),
        );
      },
    );
    req.on('error', reject);
    req.end(data);
  });
}
const login = (from: string, username: string, password: string) => call(from, 'POST', '/api/auth/login', { username, password });

describe('login attempts sent at once', () => {
  it('60 concurrent attempts for one username: at most MAX_FAILURES passwords are checked, the rest get 429, and the right password does not get in once the budget is spent', async () => {
    const victim = await buildUser(ctx.db, { username: 'victim' });
    verifications.count = 0;
    const wrong = Array.from({ length: 59 }, (_, i) => login('127.0.0.1', 'victim', `guess-${i}`));
    // the right password, sent while the wrong ones are still being checked
    while (verifications.count < MAX_FAILURES) await new Promise((r) => setTimeout(r, 1));
    const right = login('127.0.0.1', 'victim', victim.password);
    const answers = await Promise.all([...wrong, right]);
    expect(verifications.count).toBeLessThanOrEqual(MAX_FAILURES);
    const statuses = answers.map((a) => a.status);
    expect(statuses.filter((s) => s === 401)).toHaveLength(MAX_FAILURES);
    expect(statuses.filter((s) => s === 429)).toHaveLength(60 - MAX_FAILURES);
    expect((await right).status).toBe(429);
    expect(sessionCount(ctx.db, victim.id)).toBe(0);
  });
});

describe('lockout is no denial of service', () => {
  it('someone guessing from many addresses slows the username down, but the real user gets in from their own address', async () => {
    const alice = await buildUser(ctx.db, { username: 'alice' });
    expect((await login('127.0.0.1', 'alice', alice.password)).status).toBe(200);
    for (let i = 2; i < 20; i++) await login(`127.0.0.${i}`, 'alice', 'wrong-guess');
    const elsewhere = await login('127.0.0.50', 'alice', alice.password);
    expect(elsewhere.status).toBe(429);
    expect(Number(elsewhere.retryAfter)).toBeGreaterThan(0);
    expect((await login('127.0.0.1', 'alice', alice.password)).status).toBe(200);
  });

  it('locks one address out of one username after MAX_FAILURES; other users at that address log in', async () => {
    const bob = await buildUser(ctx.db, { username: 'bob' });
    const carol = await buildUser(ctx.db, { username: 'carol' });
    for (let i = 0; i < MAX_FAILURES; i++) expect((await login('127.0.1.1', 'bob', 'wrong-guess')).status).toBe(401);
    expect((await login('127.0.1.1', 'bob', bob.password)).status).toBe(429);
    expect((await login('127.0.1.1', 'carol', carol.password)).status).toBe(200);
    expect((await login('127.0.1.2', 'bob', bob.password)).status).toBe(200);
  });

  it('a maintainer sees the lock on the Users list and clears it (an audit event); then the user gets in', async () => {
    const dora = await buildUser(ctx.db, { username: 'dora' });
    for (let i = 0; i < MAX_FAILURES; i++) await login('127.0.2.1', 'dora', 'wrong-guess');
    for (let i = 2; i < 14; i++) await login(`127.0.2.${i}`, 'dora', 'wrong-guess');
    expect((await login('127.0.2.1', 'dora', dora.password)).status).toBe(429);
    expect((await login('127.0.2.99', 'dora', dora.password)).status).toBe(429);

    const maintainer = (await login('127.0.0.1', 'mara', mara.password)).cookie!;
    const list = await call('127.0.0.1', 'GET', '/api/users', undefined, maintainer);
    const row = (list.json as unknown as { username: string; loginLock?: { failures: number; retryAfter: number; lockedAddresses: number } }[]).find((u) => u.username === 'dora')!;
    expect(row.loginLock).toMatchObject({ lockedAddresses: 1 });
    expect(row.loginLock!.retryAfter).toBeGreaterThan(0);
    expect(row.loginLock!.failures).toBeGreaterThanOrEqual(USER_FREE_FAILURES);
    expect((list.json as unknown as { username: string; loginLock?: unknown }[]).find((u) => u.username === 'mara')!.loginLock).toBeUndefined();

    const annotator = await login('127.0.0.1', 'carol', 'correct-horse-battery');
    expect((await call('127.0.0.1', 'DELETE', '/api/users/dora/login-lock', undefined, annotator.cookie)).status).toBe(403);
    expect((await call('127.0.0.1', 'DELETE', '/api/users/dora/login-lock')).status).toBe(401);
    expect((await call('127.0.0.1', 'DELETE', '/api/users/nobody/login-lock', undefined, maintainer)).status).toBe(404);

    const cleared = await call('127.0.0.1', 'DELETE', '/api/users/dora/login-lock', undefined, maintainer);
    expect(cleared.status).toBe(200);
    expect(cleared.json).toMatchObject({ username: 'dora' });
    expect(cleared.json.loginLock).toBeUndefined();
    const [event] = eventsOf(ctx.db, 'user.unlock');
    expect(event!.actor).toBe('mara');
    expect(event!.entityId).toBe(String(dora.id));
    expect(event!.before).toMatchObject({ loginLock: { lockedAddresses: 1 } });
    expect((await login('127.0.2.1', 'dora', dora.password)).status).toBe(200);
    expect((await login('127.0.2.99', 'dora', dora.password)).status).toBe(200);
  });

  it('a lock lasts by the limiter’s clock alone: it stands while the clock stands, and ends when the window has passed', async () => {
    const erin = await buildUser(ctx.db, { username: 'erin' });
    for (let i = 2; i < 14; i++) await login(`127.0.3.${i}`, 'erin', 'wrong-guess');
    const maintainer = (await login('127.0.0.1', 'mara', mara.password)).cookie!;
    const lockOf = async () => (await call('127.0.0.1', 'GET', '/api/users', undefined, maintainer)).json as unknown as { username: string; loginLock?: { retryAfter: number } }[];
    const before = (await lockOf()).find((u) => u.username === 'erin')!.loginLock!.retryAfter;
    expect(before).toBeGreaterThan(0);
    expect((await lockOf()).find((u) => u.username === 'erin')!.loginLock!.retryAfter).toBe(before);
    expect((await login('127.0.3.99', 'erin', erin.password)).status).toBe(429);
    clock.now += WINDOW_MS;
    expect((await lockOf()).find((u) => u.username === 'erin')!.loginLock).toBeUndefined();
    expect((await login('127.0.3.99', 'erin', erin.password)).status).toBe(200);
  });
});
