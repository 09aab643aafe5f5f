import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildUser, type BuiltUser } from '../support/builders';
import { tempDb } from '../support/db';
import { loginAs, testApp } from '../support/http';
import { lastEventOf } from '../support/state';

const ctx = tempDb();
const app = testApp(ctx.db);
const users: Record<string, BuiltUser> = {};
afterAll(() => ctx.cleanup());

beforeAll(async () => {
  for (const role of ['annotator', 'adjudicator', 'maintainer', 'pilot'] as const) users[role] = await buildUser(ctx.db, { username: `${role.slice(0, 5)}-x`, role });
});

describe('changing your own password', () => {
  it('every role changes its own; this session stays, the other devices are signed out, the new password logs in', async () => {
    for (const role of ['annotator', 'adjudicator', 'maintainer', 'pilot'] as const) {
      const u = users[role]!;
      const here = await loginAs(app, u);
      const elsewhere = await loginAs(app, u);
      const res = await here.put('/api/me/password').send({ currentPassword: u.password, newPassword: `${role}-new-secret` });
      expect(res.status, `${role}: ${res.text}`).toBe(200);
      expect(res.body).toEqual({ ok: true, otherSessionsEnded: 1 });
      expect((await here.get('/api/me')).status).toBe(200);
      expect((await elsewhere.get('/api/me')).status).toBe(401);
      expect(lastEventOf(ctx.db, 'user.password')).toMatchObject({ actor: u.username, entityId: String(u.id), details: { otherSessionsEnded: 1 } });
      const oldLogin = await request(app).post('/api/auth/login').send({ username: u.username, password: u.password });
      expect(oldLogin.status).toBe(401);
      const newLogin = await request(app).post('/api/auth/login').send({ username: u.username, password: `${role}-new-secret` });
      expect(newLogin.status).toBe(200);
      users[role] = { ...u, password: `${role}-new-secret` };
    }
  });

  it('refuses a wrong current password, a short or unchanged new one, naming the field, and changes nothing', async () => {
    const u = users.annotator!;
    const agent = await loginAs(app, u);
    const wrong = await agent.put('/api/me/password').send({ currentPassword: 'not-my-password', newPassword: 'another-secret-1' });
    expect(wrong.status).toBe(400);
    expect(wrong.body.error.message).toBe('currentPassword: this is not your current password');
    const short = await agent.put('/api/me/password').send({ currentPassword: u.password, newPassword: 'short' });
    expect(short.status).toBe(400);
    expect(short.body.error.message).toContain('newPassword: at least 8 characters');
    const same = await agent.put('/api/me/password').send({ currentPassword: u.password, newPassword: u.password });
    expect(same.status).toBe(400);
    expect(same.body.error.message).toContain('newPassword: choose a password other than the current one');
    const unchanged = await request(app).post('/api/auth/login').send({ username: u.username, password: u.password });
    expect(unchanged.status).toBe(200);
  });

  it('only your own: there is no way to name another account, and signed-out callers get 401', async () => {
    const maintainer = await loginAs(app, users.maintainer!);
    // The annotator's password does not prove the maintainer: the maintainer's own is unchanged.
    const res = await maintainer.put('/api/me/password').send({ currentPassword: users.annotator!.password, newPassword: 'taken-over-123' });
    expect(res.status).toBe(400);
    const stillAnnotator = await request(app).post('/api/auth/login').send({ username: users.annotator!.username, password: users.annotator!.password });
    expect(stillAnnotator.status).toBe(200);
    const anonymous = await request(app).put('/api/me/password').send({ currentPassword: 'x', newPassword: 'long-enough-1' });
    expect(anonymous.status).toBe(401);
  });
});
