import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import request from 'supertest';
import { findUser } from '../../db/users';
import { buildUser, type BuiltUser } from '../support/builders';
import { tempDb } from '../support/db';
import { loginAs, testApp, type Agent } from '../support/http';
import { eventsOf, sessionCount } from '../support/state';

const ctx = tempDb();
const app = testApp(ctx.db);
let mara: BuiltUser;
let alice: BuiltUser;
let maintainer: Agent;

beforeAll(async () => {
  mara = await buildUser(ctx.db, { username: 'mara', role: 'maintainer' });
  alice = await buildUser(ctx.db, { username: 'alice', role: 'annotator' });
  maintainer = await loginAs(app, mara);
});
afterAll(() => ctx.cleanup());

describe('users routes', () => {
  it('answer 401 without a session and 403 to non-maintainers', async () => {
    expect((await request(app).get('/api/users')).status).toBe(401);
    expect((await request(app).post('/api/users').send({ username: 'x1', role: 'annotator', password: 'long-enough' })).status).toBe(401);
    const annotator = await loginAs(app, alice);
    expect((await annotator.get('/api/users')).status).toBe(403);
    expect((await annotator.put('/api/users/alice').send({ role: 'maintainer' })).status).toBe(403);
    expect(findUser(ctx.db, 'alice')!.role).toBe('annotator');
  });

  it('lists accounts without password hashes', async () => {
    const res = await maintainer.get('/api/users');
    expect(res.status).toBe(200);
    expect(res.body).toContainEqual({ username: 'alice', role: 'annotator', active: true, createdAt: expect.any(String) });
    expect(JSON.stringify(res.body)).not.toMatch(/scrypt|hash/i);
  });

  it('creates an account that can log in, and names bad fields', async () => {
    const res = await maintainer.post('/api/users').send({ username: 'dave', role: 'adjudicator', password: 'dave-password' });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ username: 'dave', role: 'adjudicator', active: true });
    expect(res.body).not.toHaveProperty('password_hash');
    await loginAs(app, { username: 'dave', password: 'dave-password' });
    const bad = await maintainer.post('/api/users').send({ username: 'e', role: 'boss', password: 'short' });
    expect(bad.status).toBe(400);
    expect(bad.body.error.message).toMatch(/username: .*role: .*password: at least 8 characters/);
    const dup = await maintainer.post('/api/users').send({ username: 'DAVE', role: 'annotator', password: 'another-pass' });
    expect(dup.status).toBe(409);
  });

  it('changes a role, resets a password and deactivates (ending sessions) and reactivates', async () => {
    const erin = await buildUser(ctx.db, { username: 'erin', role: 'annotator' });
    const erinAgent = await loginAs(app, erin);
    expect((await maintainer.put('/api/users/erin').send({ role: 'adjudicator' })).body.role).toBe('adjudicator');
    expect((await maintainer.put('/api/users/erin').send({ password: 'brand-new-pass' })).status).toBe(200);
    expect((await erinAgent.get('/api/me')).status).toBe(401);
    const again = await loginAs(app, { username: 'erin', password: 'brand-new-pass' });
    const off = await maintainer.put('/api/users/erin').send({ active: false });
    expect(off.body.active).toBe(false);
    expect((await again.get('/api/me')).status).toBe(401);
    expect(sessionCount(ctx.db, erin.id)).toBe(0);
    // The right password is told the account is deactivated (no session); a wrong one learns nothing more than for an unknown name.
    const deactivated = await request(app).post('/api/auth/login').send({ username: 'erin', password: 'brand-new-pass' });
    expect(deactivated.status).toBe(403);
    expect(deactivated.body.error).toMatchObject({ code: 'account_deactivated', message: 'This account is deactivated: ask a maintainer to reactivate it.' });
    expect(deactivated.headers['set-cookie']).toBeUndefined();
    expect(sessionCount(ctx.db, erin.id)).toBe(0);
    const wrong = await request(app).post('/api/auth/login').send({ username: 'erin', password: 'not-her-pass' });
    const unknown = await request(app).post('/api/auth/login').send({ username: 'nobody-here', password: 'not-her-pass' });
    expect([wrong.status, wrong.body.error]).toEqual([401, { code: 'unauthenticated', message: 'Wrong username or password.', requestId: wrong.body.error.requestId }]);
    expect([unknown.status, unknown.body.error.code, unknown.body.error.message]).toEqual([401, 'unauthenticated', 'Wrong username or password.']);
    expect((await maintainer.put('/api/users/erin').send({ active: true })).body.active).toBe(true);
    await loginAs(app, { username: 'erin', password: 'brand-new-pass' });
  });

  it('does not let a maintainer deactivate or demote themselves', async () => {
    const demote = await maintainer.put('/api/users/mara').send({ role: 'annotator' });
    expect(demote.status).toBe(409);
    expect(demote.body.error.message).toMatch(/your own role/);
    const off = await maintainer.put('/api/users/mara').send({ active: false });
    expect(off.status).toBe(409);
    expect(findUser(ctx.db, 'mara')).toMatchObject({ role: 'maintainer', active: 1 });
    expect((await maintainer.get('/api/me')).status).toBe(200);
  });

  it('answers 404 for an unknown account and 400 for an empty change', async () => {
    expect((await maintainer.put('/api/users/nobody').send({ active: false })).status).toBe(404);
    const empty = await maintainer.put('/api/users/alice').send({});
    expect(empty.status).toBe(400);
    expect(empty.body.error.message).toMatch(/at least one of role, active, password/);
  });

  it('changing your own password ends your other sessions and keeps this one; a maintainer resetting someone else\'s password ends all their sessions', async () => {
    const max = await buildUser(ctx.db, { username: 'max', role: 'maintainer' });
    const here = await loginAs(app, max);
    const laptop = await loginAs(app, max);
    const phone = await loginAs(app, max);
    const changed = await here.put('/api/users/max').send({ password: 'max-new-password' });
    expect(changed.status).toBe(200);
    expect((await here.get('/api/me')).status).toBe(200);
    expect((await laptop.get('/api/me')).status).toBe(401);
    expect((await phone.get('/api/me')).status).toBe(401);
    expect(sessionCount(ctx.db, max.id)).toBe(1);
    expect(JSON.stringify(eventsOf(ctx.db, 'user.update').filter((e) => e.entityId === String(max.id)).at(-1)!.details)).toContain('passwordChanged');

    const fay = await buildUser(ctx.db, { username: 'fay', role: 'annotator' });
    const fayTabs = [await loginAs(app, fay), await loginAs(app, fay)];
    expect((await here.put('/api/users/fay').send({ password: 'fay-new-password' })).status).toBe(200);
    for (const tab of fayTabs) expect((await tab.get('/api/me')).status).toBe(401);
    expect(sessionCount(ctx.db, fay.id)).toBe(0);
  });
});
