import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import http from 'node:http';
import request from 'supertest';
import { buildUser, type BuiltUser } from '../support/builders';
import { tempDb } from '../support/db';
import { loginAs, testApp } from '../support/http';
import { listen } from '../support/liveServer';

// The session is checked before a request body is read: an anonymous sender of big bodies
// costs the server no parsing, and the login form (the one route anyone may send to) takes
// only a small body.
const ctx = tempDb();
const app = testApp(ctx.db);
let alice: BuiltUser;

beforeAll(async () => {
  alice = await buildUser(ctx.db, { username: 'alice' });
});
afterAll(() => ctx.cleanup());

const bigInvalidJson = `{"points": [${'9,'.repeat(6 * 1024 * 1024)}`; // 12 MB, and not even JSON

describe('bodies of requests that need a session', () => {
  it('an anonymous body is never parsed: 401, not 413 (too large) or 400 (bad JSON)', async () => {
    const big = await request(app).put('/api/annotations/abc123_a').set('Content-Type', 'application/json').send(bigInvalidJson);
    expect(big.status).toBe(401);
    expect(big.body.error.code).toBe('unauthenticated');
    const broken = await request(app).post('/api/users').set('Content-Type', 'application/json').send('{"username": ');
    expect(broken.status).toBe(401);
  });

  it('a logged-in caller without the role gets 403 before the body is parsed', async () => {
    const agent = await loginAs(app, alice);
    const res = await agent.post('/api/users').set('Content-Type', 'application/json').send('{"username": ');
    expect(res.status).toBe(403);
    // the body is still parsed for callers who may use the route
    const own = await agent.put('/api/annotations/abc123_a').set('Content-Type', 'application/json').send('{"version": ');
    expect(own.status).toBe(400);
    expect(own.body.error.message).toMatch(/not valid JSON/);
  });

  it('answers 401 while the anonymous body is still being sent (the server does not wait to read it)', async () => {
    const server = await listen(ctx.db);
    try {
      const url = new URL('/api/annotations/abc123_a', server.url);
      const answer = await new Promise<number | 'no answer'>((resolve, reject) => {
        const req = http.request({ host: url.hostname, port: url.port, path: url.pathname, method: 'PUT', headers: { 'Content-Type': 'application/json', 'Content-Length': 8 * 1024 * 1024 } });
        req.on('response', (res) => {
          res.resume();
          resolve(res.statusCode ?? 0);
          req.destroy();
        });
        req.on('error', (err) => (answered ? undefined : reject(err)));
        let answered = false;
        req.write('{"version": 0, "points": [');
        setTimeout(() => {
          answered = true;
          resolve('no answer');
          req.destroy();
        }, 3000);
      });
      expect(answer).toBe(401);
    } finally {
      await server.close();
    }
  });
});

describe('the login route takes a small body', () => {
  it('a login body over the small limit gets 413 without being parsed', async () => {
    const res = await request(app).post('/api/auth/login').send({ username: 'alice', password: 'x'.repeat(100_000) });
    expect(res.status).toBe(413);
    expect(res.body.error.code).toBe('payload_too_large');
    expect((await request(app).post('/api/auth/login').send({ username: 'alice', password: alice.password })).status).toBe(200);
  });
});
