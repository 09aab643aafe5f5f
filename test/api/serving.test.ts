import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import request from 'supertest';
import fs from 'node:fs';
import path from 'node:path';
import { listMigrations, openDatabase } from '../../db/database';
import { createApp } from '../../server/app';
import { SESSION_COOKIE } from '../../server/auth/sessions';
import { MAX_FAILURES_PER_ADDRESS, loginLimiterFor } from '../../server/auth/loginLimiter';
import { ConfigError, isLoopbackHost, readServerConfig } from '../../server/config';
import { createLogger } from '../../server/http/logging';
import { buildUser, type BuiltUser } from '../support/builders';
import { tempDb, tempDir } from '../support/db';
import { loginAs } from '../support/http';
import { eventsOf } from '../support/state';

const ctx = tempDb();
let mara: BuiltUser;
beforeAll(async () => {
  mara = await buildUser(ctx.db, { username: 'mara', role: 'maintainer', password: 'mara-secret-pass' });
});
afterAll(() => ctx.cleanup());

/** An app whose log lines (JSON) are collected. */
function loggedApp(db = ctx.db, trustProxy = readServerConfig({}).trustProxy) {
  const lines: string[] = [];
  const logger = createLogger('info', { write: (line: string) => void lines.push(line) });
  return { app: createApp({ db, logger, trustProxy }), lines, parsed: () => lines.map((l) => JSON.parse(l) as Record<string, unknown>) };
}

describe('configuration from the environment', () => {
  it('has working defaults and names the variable of a bad value', () => {
    expect(readServerConfig({})).toMatchObject({ port: 3000, host: '127.0.0.1', trustProxy: false, logLevel: 'info', demo: true });
    expect(readServerConfig({ TRUST_PROXY: '2', CCB_DEMO: 'off', LOG_LEVEL: 'warn', PORT: '8080' })).toMatchObject({ trustProxy: 2, demo: false, logLevel: 'warn', port: 8080 });
    expect(readServerConfig({ TRUST_PROXY: 'loopback, 10.0.0.0/8' }).trustProxy).toBe('loopback, 10.0.0.0/8');
    expect(() => readServerConfig({ PORT: 'eighty' })).toThrow(/^PORT: /);
    expect(() => readServerConfig({ LOG_LEVEL: 'loud' })).toThrow(/^LOG_LEVEL: /);
    expect(() => readServerConfig({ CCB_DEMO: 'maybe' })).toThrow(/^CCB_DEMO: /);
    expect(() => readServerConfig({ TRUST_PROXY: 'my-proxy' })).toThrow(ConfigError);
    expect(() => readServerConfig({ TRUST_PROXY: 'true' })).toThrow(/^TRUST_PROXY: /);
  });

  it('tells loopback from shared addresses', () => {
    for (const host of ['127.0.0.1', '127.0.1.1', '::1', '[::1]', 'localhost']) expect(isLoopbackHost(host), host).toBe(true);
    for (const host of ['0.0.0.0', '::', '192.168.1.5', 'ccb.example.org']) expect(isLoopbackHost(host), host).toBe(false);
  });
});

describe('behind a TLS-terminating proxy (TRUST_PROXY)', () => {
  const login = (app: ReturnType<typeof createApp>, headers: Record<string, string>, password = mara.password) =>
    request(app).post('/api/auth/login').set(headers).send({ username: mara.username, password });

  it('with TRUST_PROXY=1 and X-Forwarded-Proto: https the session cookie has Secure and responses carry HSTS', async () => {
    const { app } = loggedApp(ctx.db, readServerConfig({ TRUST_PROXY: '1' }).trustProxy);
    const res = await login(app, { 'X-Forwarded-Proto': 'https' });
    expect(res.status).toBe(200);
    const cookie = String(res.headers['set-cookie']);
    expect(cookie).toContain(`${SESSION_COOKIE}=`);
    expect(cookie).toMatch(/;\s*Secure/i);
    expect(res.headers['strict-transport-security']).toBe('max-age=31536000');
    const page = await request(app).get('/api/me').set('X-Forwarded-Proto', 'https');
    expect(page.headers['strict-transport-security']).toBe('max-age=31536000');
    const plain = await login(app, {});
    expect(String(plain.headers['set-cookie'])).not.toMatch(/Secure/i);
    expect(plain.headers['strict-transport-security']).toBeUndefined();
  });

  it('without TRUST_PROXY a forged X-Forwarded-Proto is ignored', async () => {
    const { app } = loggedApp();
    const res = await login(app, { 'X-Forwarded-Proto': 'https' });
    expect(String(res.headers['set-cookie'])).not.toMatch(/Secure/i);
    expect(res.headers['strict-transport-security']).toBeUndefined();
  });

  it('the audit log and the login limiter use the client address the proxy reports', async () => {
    const db = tempDb();
    try {
      const user = await buildUser(db.db, { username: 'remote', password: 'remote-pass-1' });
      const { app } = loggedApp(db.db, 1);
      const ok = await request(app).post('/api/auth/login').set('X-Forwarded-For', '203.0.113.7').send({ username: user.username, password: user.password });
      expect(ok.status).toBe(200);
      const [event] = eventsOf(db.db, 'auth.login');
      expect(event!.details).toEqual({ address: '203.0.113.7' });
      // Many failures from one client address (different usernames) block that address only.
      // (recorded directly: 50 real attempts would spend 50 scrypt hashes)
      const limiter = loginLimiterFor(db.db);
      for (let i = 0; i < MAX_FAILURES_PER_ADDRESS; i++) limiter.reserve(`guess${i}`, '198.51.100.9'); // a reservation never given back counts as a failure
      const blocked = await request(app).post('/api/auth/login').set('X-Forwarded-For', '198.51.100.9').send({ username: user.username, password: user.password });
      expect(blocked.status).toBe(429);
      const other = await request(app).post('/api/auth/login').set('X-Forwarded-For', '203.0.113.7').send({ username: user.username, password: user.password });
      expect(other.status).toBe(200);
    } finally {
      db.cleanup();
    }
  });
});

describe('GET /healthz', () => {
  it('answers 200 with the migration level, without logging in and without data', async () => {
    const res = await request(createApp({ db: ctx.db, log: () => {} })).get('/healthz');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      status: 'ok',
      migration: Math.max(...listMigrations().map((m) => m.version)),
      sandbox: { state: 'off', reason: 'This server was started without a code sandbox: Run and Test are off.' },
    });
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('answers 503 when the database file is gone, and when the connection is closed', async () => {
    const dir = tempDir('ccb-health-');
    try {
      const file = path.join(dir, 'gone.sqlite');
      const db = openDatabase(file);
      const { app, parsed } = loggedApp(db);
      expect((await request(app).get('/healthz')).status).toBe(200);
      for (const suffix of ['', '-wal', '-shm']) fs.rmSync(file + suffix, { force: true });
      const gone = await request(app).get('/healthz');
      expect(gone.status).toBe(503);
      expect(gone.body.error).toMatchObject({ code: 'unavailable', requestId: gone.headers['x-request-id'] });
      db.close();
      const closed = await request(app).get('/healthz');
      expect(closed.status).toBe(503);
      const failed = parsed().filter((l) => l.status === 503);
      expect(failed).toHaveLength(2);
      expect(JSON.stringify(failed[0]!.err)).toContain('is gone');
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('request log', () => {
  it('writes one line per request: method, path without query values, status, duration, user id', async () => {
    const { app, parsed } = loggedApp();
    const agent = await loginAs(app, mara);
    await agent.get('/api/events?actor=secret-actor-name&action=auth');
    const line = parsed().find((l) => l.path === '/api/events')!;
    expect(line).toMatchObject({ level: 30, method: 'GET', status: 200, userId: mara.id, query: ['actor', 'action'] });
    expect(typeof line.ms).toBe('number');
    expect(typeof line.time).toBe('string');
    expect(typeof line.reqId).toBe('string');
    expect(JSON.stringify(parsed())).not.toContain('secret-actor-name');
  });

  it('a forced 500 writes one line with the stack and the request id that the response names', async () => {
    const db = tempDb();
    try {
      const boss = await buildUser(db.db, { username: 'boss', role: 'maintainer' });
      const { app, parsed } = loggedApp(db.db);
      const agent = await loginAs(app, boss);
      db.db.exec('ALTER TABLE events RENAME TO events_elsewhere'); // a bug: the audit log's table is missing
      const res = await agent.get('/api/events');
      expect(res.status).toBe(500);
      const requestId = res.headers['x-request-id'];
      expect(requestId).toMatch(/^[0-9a-f-]{36}$/);
      expect(res.body.error).toEqual({ code: 'internal', message: 'Something went wrong on the server.', requestId });
      expect(res.text).not.toContain('events_elsewhere');
      const lines = parsed().filter((l) => l.reqId === requestId);
      expect(lines).toHaveLength(1);
      expect(lines[0]).toMatchObject({ level: 50, status: 500, path: '/api/events', userId: boss.id });
      const err = lines[0]!.err as { stack: string; message: string };
      expect(err.message).toMatch(/no such table: events/);
      expect(err.stack).toMatch(/\n\s+at /);
    } finally {
      db.cleanup();
    }
  });

  it('never contains a password or a cookie, whatever the request carried', async () => {
    const { app, lines } = loggedApp();
    const agent = request.agent(app);
    const login = await agent.post('/api/auth/login').send({ username: mara.username, password: mara.password });
    const token = /ccb_session=([^;]+)/.exec(String(login.headers['set-cookie']))![1]!;
    await agent.get('/api/me');
    await agent.post('/api/users').send({ username: 'newbie', role: 'annotator', password: 'newbie-password-1' });
    await agent.put('/api/users/newbie').send({ password: 'another-password-2' });
    await request(app).post('/api/auth/login').send({ username: mara.username, password: 'wrong-password-3' });
    await request(app).post('/api/auth/login').set('Content-Type', 'application/json').send(`{"password":"half-written-4"`);
    await agent.post('/api/auth/logout');
    expect(lines.length).toBeGreaterThanOrEqual(7);
    const text = lines.join('\n');
    for (const secret of [mara.password, 'newbie-password-1', 'another-password-2', 'wrong-password-3', 'half-written-4', token, SESSION_COOKIE, 'cookie']) {
      expect(text, secret).not.toContain(secret);
    }
  });

  it('LOG_LEVEL quietens it: at warn, successful requests leave no line', async () => {
    const lines: string[] = [];
    const app = createApp({ db: ctx.db, logger: createLogger('warn', { write: (l: string) => void lines.push(l) }) });
    await request(app).get('/healthz');
    await request(app).get('/api/me');
    expect(lines).toEqual([]);
  });
});
