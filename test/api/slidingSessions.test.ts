import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tempDb } from '../support/db';
import { buildUser, type BuiltUser } from '../support/builders';
import { loginAs, testApp } from '../support/http';
import { SESSION_IDLE_HOURS, SESSION_MAX_DAYS, slidingExpiry } from '../../server/auth/sessions';
import { deleteSessionsOf, sessionTimesOf, setSessionTimesOf } from '../../db/sessions';

const ctx = tempDb();
const app = testApp(ctx.db);
let alice: BuiltUser;
const HOUR = 3600_000;

beforeAll(async () => {
  alice = await buildUser(ctx.db, { username: 'slider', role: 'annotator' });
});
afterAll(() => ctx.cleanup());

const onlySession = () => sessionTimesOf(ctx.db, alice.id)!;
// One reading of the clock for both times: two readings a millisecond apart made a session whose
// span was a millisecond over the maximum it was meant to sit at.
const setSession = (createdAgo: number, expiresIn: number) => {
  const now = Date.now();
  setSessionTimesOf(ctx.db, alice.id, new Date(now - createdAgo).toISOString(), new Date(now + expiresIn).toISOString());
};

describe('sliding sessions', () => {
  it('caps the idle expiry at the absolute maximum after login', () => {
    const login = new Date('2026-01-01T00:00:00Z');
    expect(slidingExpiry(login, login).toISOString()).toBe('2026-01-01T12:00:00.000Z');
    const late = new Date(login.getTime() + (SESSION_MAX_DAYS * 24 - 1) * HOUR);
    expect(slidingExpiry(login, late).getTime()).toBe(login.getTime() + SESSION_MAX_DAYS * 24 * HOUR);
  });

  it('renews a session that is used: the stored expiry and the cookie move forward', async () => {
    deleteSessionsOf(ctx.db, alice.id);
    const agent = await loginAs(app, alice);
    setSession(5 * HOUR, 1 * HOUR); // logged in 5 h ago, idle limit reached in 1 h
    const res = await agent.get('/api/me');
    expect(res.status).toBe(200);
    const renewed = Date.parse(onlySession().expires_at);
    expect(renewed).toBeGreaterThan(Date.now() + (SESSION_IDLE_HOURS - 1) * HOUR);
    const cookie = String(res.headers['set-cookie']);
    expect(cookie).toContain('ccb_session=');
    expect(Date.parse(/Expires=([^;]+)/i.exec(cookie)![1]!)).toBeGreaterThan(Date.now() + (SESSION_IDLE_HOURS - 1) * HOUR);
    // still valid later than the 12 h after login the old policy allowed
    setSession(13 * HOUR, 1 * HOUR);
    expect((await agent.get('/api/me')).status).toBe(200);
  });

  it('never renews past the absolute maximum, and ends a session left idle', async () => {
    deleteSessionsOf(ctx.db, alice.id);
    const agent = await loginAs(app, alice);
    setSession(SESSION_MAX_DAYS * 24 * HOUR - HOUR / 2, HOUR / 2);
    expect((await agent.get('/api/me')).status).toBe(200);
    const capped = Date.parse(onlySession().expires_at) - Date.parse(onlySession().created_at);
    expect(capped).toBe(SESSION_MAX_DAYS * 24 * HOUR);
    setSession(SESSION_MAX_DAYS * 24 * HOUR + 1000, -1000);
    expect((await agent.get('/api/me')).status).toBe(401);

    deleteSessionsOf(ctx.db, alice.id);
    const idle = await loginAs(app, alice);
    setSession(2 * HOUR, -1000);
    expect((await idle.get('/api/me')).status).toBe(401);
  });
});
