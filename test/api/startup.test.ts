import { afterAll, describe, expect, it } from 'vitest';
import fs from 'node:fs';
import path from 'node:path';
import { openDatabase, type DB } from '../../db/database';
import { SYSTEM_ACTOR } from '../../db/events';
import { countRows, type CountedTable } from '../../db/schema';
import { BUILD_STAMP, finishClientBuild } from '../../server/build/clientBuild';
import { ROOT } from '../../server/config';
import { DEMO_ACCOUNTS, seedDemo } from '../../server/seed';
import { FIXTURE_SCRYPT } from '../support/builders';
import { updateUser } from '../../server/services/users';
import { runCli } from '../support/cli';
import { tempDir } from '../support/db';
import { startServer } from '../support/serverProcess';

const dir = tempDir('ccb-startup-');
const clientDir = tempDir('ccb-no-client-');
afterAll(() => {
  fs.rmSync(dir, { recursive: true, force: true });
  fs.rmSync(clientDir, { recursive: true, force: true });
});

const count = (db: DB, table: CountedTable) => countRows(db, table);

async function demoDb(name: string): Promise<string> {
  const file = path.join(dir, name);
  const db = openDatabase(file);
  await seedDemo(db, { scrypt: FIXTURE_SCRYPT });
  db.close();
  return file;
}

describe('starting the server', () => {
  it('CCB_DEMO=off creates an empty database with no accounts and says how to make the first maintainer', async () => {
    const file = path.join(dir, 'empty.sqlite');
    const server = await startServer({ CCB_DB: file, CCB_DEMO: 'off', CCB_CLIENT_DIR: clientDir });
    try {
      expect(server.url, server.stderr()).not.toBeNull();
      expect(server.stdout()).toContain('No accounts yet. Create the first maintainer:');
      expect(server.stdout()).toContain('npm run cli -- users add NAME --role maintainer');
      expect(server.stdout()).not.toMatch(/demo-pass|seeding/);
      const health = await fetch(`${server.url}/healthz`);
      expect(health.status).toBe(200);
    } finally {
      await server.stop();
    }
    const db = openDatabase(file);
    expect(count(db, 'users')).toBe(0);
    expect(count(db, 'problems')).toBe(0);
    db.close();
  });

  it('refuses to seed the demo on a non-loopback HOST (exit 1, the reason and the fix)', async () => {
    const file = path.join(dir, 'shared-empty.sqlite');
    const server = await startServer({ CCB_DB: file, HOST: '0.0.0.0', CCB_CLIENT_DIR: clientDir });
    expect(server.url).toBeNull();
    expect(server.code).toBe(1);
    expect(server.stderr()).toContain('Refusing to seed the demo on HOST=0.0.0.0');
    expect(server.stderr()).toContain('CCB_DEMO=off');
    const db = openDatabase(file);
    expect(count(db, 'users')).toBe(0);
    db.close();
  });

  it('refuses a non-loopback HOST while any active account has its demo password, and serves once none has', { timeout: 90_000 }, async () => {
    const file = await demoDb('demo.sqlite');
    const refused = await startServer({ CCB_DB: file, HOST: '0.0.0.0', CCB_CLIENT_DIR: clientDir });
    expect(refused.url).toBeNull();
    expect(refused.code).not.toBe(0);
    expect(refused.stderr()).toContain('Refusing to serve on HOST=0.0.0.0: these accounts still have the demo\'s published password: mara, ada, alice, bob, carol, pia.');
    expect(refused.stderr()).toContain('npm run cli -- users password NAME');

    // Fix it: new passwords for all but carol, who is deactivated; mara's through the CLI.
    const pw = path.join(dir, 'pw.txt');
    fs.writeFileSync(pw, 'a-new-long-password\n');
    const cli = await runCli(['users', 'password', 'mara', '--password-file', pw, '--db', file]);
    expect(cli.stdout + cli.stderr).toContain('changed the password of mara');
    expect(cli.status).toBe(0);
    const db = openDatabase(file);
    for (const username of ['ada', 'alice', 'pia']) await updateUser(db, SYSTEM_ACTOR, username, { password: 'another-long-password' });
    await updateUser(db, SYSTEM_ACTOR, 'carol', { active: false });
    db.close();
    const stillBob = await startServer({ CCB_DB: file, HOST: '0.0.0.0', CCB_CLIENT_DIR: clientDir });
    expect(stillBob.code).toBe(1);
    expect(stillBob.stderr()).toMatch(/published password: bob\.\n/);

    const db2 = openDatabase(file);
    await updateUser(db2, SYSTEM_ACTOR, 'bob', { password: 'bobs-own-password' });
    db2.close();
    const served = await startServer({ CCB_DB: file, HOST: '0.0.0.0', CCB_CLIENT_DIR: clientDir });
    try {
      expect(served.url, served.stderr()).not.toBeNull();
      expect(served.stdout()).not.toContain('-demo-pass');
      expect(served.stdout()).toMatch(/ {2}mara +\(changed\) +maintainer/);
      expect((await fetch(`${served.url}/healthz`)).status).toBe(200);
    } finally {
      await served.stop();
    }
  });

  it("the banner prints a demo account's password only while it is still the demo password", async () => {
    const file = await demoDb('banner.sqlite');
    const db = openDatabase(file);
    await updateUser(db, SYSTEM_ACTOR, 'mara', { password: 'mara-changed-it' });
    db.close();
    const server = await startServer({ CCB_DB: file, CCB_CLIENT_DIR: clientDir });
    try {
      expect(server.url, server.stderr()).not.toBeNull();
      const out = server.stdout();
      expect(out).toContain('Demo accounts (username / password / role):');
      expect(out).not.toContain('mara-demo-pass');
      expect(out).toMatch(/ {2}mara +\(changed\) +maintainer\n/);
      for (const a of DEMO_ACCOUNTS.filter((d) => d.username !== 'mara')) expect(out).toMatch(new RegExp(` {2}${a.username} +${a.password} +${a.role}\\n`));
    } finally {
      await server.stop();
    }
  });

  it('npm start serves a current build as it is, without rebuilding', async () => {
    const built = tempDir('ccb-current-build-');
    try {
      fs.mkdirSync(path.join(built, 'assets'));
      fs.writeFileSync(path.join(built, 'index.html'), '<!doctype html><title>the build on disk</title>');
      await finishClientBuild(ROOT, built);
      const stamp = fs.readFileSync(path.join(built, BUILD_STAMP), 'utf8');
      const server = await startServer({ CCB_DB: path.join(dir, 'start.sqlite'), CCB_DEMO: 'off', CCB_CLIENT_DIR: built }, 'server/start.ts');
      try {
        expect(server.url, server.stderr()).not.toBeNull();
        expect(server.stdout()).not.toContain('Building the client');
        expect(await (await fetch(`${server.url}/annotate/x`)).text()).toContain('the build on disk');
      } finally {
        await server.stop();
      }
      expect(fs.readFileSync(path.join(built, BUILD_STAMP), 'utf8')).toBe(stamp);
      expect(fs.readdirSync(built).sort()).toEqual(['.build-stamp', 'assets', 'index.html']);
    } finally {
      fs.rmSync(built, { recursive: true, force: true });
    }
  });

  it('stops with the variable named when a setting is wrong', async () => {
    const server = await startServer({ CCB_DB: path.join(dir, 'x.sqlite'), TRUST_PROXY: 'the-proxy', CCB_CLIENT_DIR: clientDir });
    expect(server.code).toBe(1);
    expect(server.stderr()).toMatch(/^TRUST_PROXY: "the-proxy"/m);
  });
});
