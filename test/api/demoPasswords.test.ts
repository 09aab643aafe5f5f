/** On a shared server (a non-loopback HOST or TRUST_PROXY set) no account may be given a published demo password: API and CLI. */
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../db/database';
import { prepareDatabase, StartRefused } from '../../server/startup';
import { buildUser } from '../support/builders';
import { runCli } from '../support/cli';
import { tempDb, tempDir } from '../support/db';
import { loginAs, testApp, type Agent } from '../support/http';

const ctx = tempDb();
const dir = tempDir('ccb-demo-passwords-');
const app = testApp(ctx.db);
let maint: Agent;
const quiet = () => {};
const REFUSED = /^password: this is one of the demo's published passwords, and this server is shared \(HOST=0\.0\.0\.0: other machines reach it\); choose another$/;

beforeAll(async () => {
  await buildUser(ctx.db, { username: 'bob' });
  maint = await loginAs(app, await buildUser(ctx.db, { username: 'mia', role: 'maintainer' }));
});
afterAll(() => {
  ctx.cleanup();
  fs.rmSync(dir, { recursive: true, force: true });
});

describe('the users API on a shared server', () => {
  it('HOST=0.0.0.0: refuses a demo password for an existing account and for a new one (400, the field and the reason)', async () => {
    await prepareDatabase(ctx.db, { host: '0.0.0.0', demo: false }, quiet);
    const put = await maint.put('/api/users/bob').send({ password: 'bob-demo-pass' });
    expect(put.status).toBe(400);
    expect(put.body.error.code).toBe('validation_failed');
    expect(put.body.error.message).toMatch(REFUSED);
    // Any published one, for any account, in any letter case.
    expect((await maint.put('/api/users/bob').send({ password: 'Mara-Demo-Pass' })).status).toBe(400);
    const post = await maint.post('/api/users').send({ username: 'dan', role: 'annotator', password: 'carol-demo-pass' });
    expect(post.status).toBe(400);
    expect(post.body.error.message).toMatch(REFUSED);
    expect((await maint.get('/api/users')).body.map((u: { username: string }) => u.username)).not.toContain('dan');
    expect((await maint.put('/api/users/bob').send({ password: 'a-long-new-password' })).status).toBe(200);
  });

  it('TRUST_PROXY set on a loopback HOST is shared too (a proxy in front)', async () => {
    await prepareDatabase(ctx.db, { host: '127.0.0.1', demo: false, trustProxy: 1 }, quiet);
    const put = await maint.put('/api/users/bob').send({ password: 'bob-demo-pass' });
    expect(put.status).toBe(400);
    expect(put.body.error.message).toContain('this server is shared (TRUST_PROXY=1: other machines reach it)');
  });

  it('a local server (loopback, no TRUST_PROXY) accepts them, as the demo needs', async () => {
    await prepareDatabase(ctx.db, { host: '127.0.0.1', demo: false }, quiet);
    expect((await maint.put('/api/users/bob').send({ password: 'bob-demo-pass' })).status).toBe(200);
  });
});

describe('the users CLI on a database served shared', () => {
  it('users password and users add refuse a demo password with the reason (exit 1), and take another', async () => {
    const file = path.join(dir, 'cli.sqlite');
    const db = openDatabase(file);
    await buildUser(db, { username: 'bob' });
    await prepareDatabase(db, { host: '::', demo: false }, quiet);
    db.close();
    const demo = path.join(dir, 'demo.txt');
    fs.writeFileSync(demo, 'bob-demo-pass\n');
    const changed = await runCli(['users', 'password', 'bob', '--password-file', demo, '--db', file]);
    expect(changed.status).toBe(1);
    expect(changed.stderr).toBe("error: password: this is one of the demo's published passwords, and this server is shared (HOST=::: other machines reach it); choose another\n");
    const added = await runCli(['users', 'add', 'eve', '--role', 'annotator', '--password-file', demo, '--db', file]);
    expect(added.status).toBe(1);
    expect(added.stderr).toContain("password: this is one of the demo's published passwords");
    const good = path.join(dir, 'good.txt');
    fs.writeFileSync(good, 'a-long-new-password\n');
    expect((await runCli(['users', 'password', 'bob', '--password-file', good, '--db', file])).status).toBe(0);
  });
});

describe('the start with TRUST_PROXY', () => {
  it('refuses to serve while a demo account has its published password, as a shared HOST does', async () => {
    const db = openDatabase(path.join(dir, 'demo.sqlite'));
    try {
      await prepareDatabase(db, { host: '127.0.0.1', demo: true }, quiet);
      const start = prepareDatabase(db, { host: '127.0.0.1', demo: true, trustProxy: 'loopback' }, quiet);
      await expect(start).rejects.toBeInstanceOf(StartRefused);
      await expect(start).rejects.toThrow(/^Refusing to serve on TRUST_PROXY=loopback: these accounts still have the demo's published password: mara, ada, alice, bob, carol, pia\./);
    } finally {
      db.close();
    }
  });
});
