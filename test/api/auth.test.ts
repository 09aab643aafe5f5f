import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import request from 'supertest';
import { tempDb } from '../support/db';
import { buildUser, type BuiltUser } from '../support/builders';
import { loginAs, testApp } from '../support/http';
import { SESSION_COOKIE } from '../../server/auth/sessions';
import { all } from '../../db/database';

const ctx = tempDb();
const app = testApp(ctx.db);
let alice: BuiltUser;

beforeAll(async () => {
  alice = await buildUser(ctx.db, { username: 'alice', role: 'annotator' });
});
afterAll(() => ctx.cleanup());

describe('auth', () => {
  it('logs in with a httpOnly SameSite=Strict session cookie and reports the user', async () => {
    const res = await request(app).post('/api/auth/login').send({ username: 'alice', password: alice.password });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ username: 'alice', role: 'annotator' });
    const cookie = String(res.headers['set-cookie']);
    expect(cookie).toContain(`${SESSION_COOKIE}=`);
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Strict/i);
    const agent = await loginAs(app, alice);
    expect((await agent.get('/api/me')).body).toEqual({ username: 'alice', role: 'annotator' });
  });

  it('rejects wrong credentials with 401 and the standard error shape', async () => {
    const res = await request(app).post('/api/auth/login').send({ username: 'alice', password: 'nope-nope' });
    expect(res.status).toBe(401);
    expect(res.body.error.code).toBe('unauthenticated');
    const unknown = await request(app).post('/api/auth/login').send({ username: 'nobody', password: 'whatever1' });
    expect(unknown.status).toBe(401);
  });

  it('names the missing field on a malformed login', async () => {
    const res = await request(app).post('/api/auth/login').send({ username: 'alice' });
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('validation_failed');
    expect(res.body.error.message).toContain('password:');
  });

  it('answers 401 to anonymous calls and 400 to invalid JSON', async () => {
    expect((await request(app).get('/api/me')).status).toBe(401);
    const bad = await request(app).post('/api/auth/login').set('Content-Type', 'application/json').send('{"username":');
    expect(bad.status).toBe(400);
    expect(bad.body.error.code).toBe('bad_request');
  });

  it('logs out: the session no longer works', async () => {
    const agent = await loginAs(app, alice);
    await agent.post('/api/auth/logout').expect(200);
    expect((await agent.get('/api/me')).status).toBe(401);
  });

  it('stores only scrypt hashes of passwords', () => {
    const rows = all<{ password_hash: string }>(ctx.db, 'SELECT password_hash FROM users');
    for (const r of rows) expect(r.password_hash).toMatch(/^scrypt\$/);
  });

  it('limits failed logins with 429 and Retry-After', async () => {
    const victim = await buildUser(ctx.db, { username: 'victim' });
    for (let i = 0; i < 5; i++) await request(app).post('/api/auth/login').send({ username: 'victim', password: 'wrong-pass' });
    const res = await request(app).post('/api/auth/login').send({ username: 'victim', password: victim.password });
    expect(res.status).toBe(429);
    expect(res.body.error.code).toBe('rate_limited');
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
  });
});
