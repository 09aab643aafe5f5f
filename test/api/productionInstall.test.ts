import { execFileSync, spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { tempDir } from '../support/db';

/**
 * The production install of docs/operations.md, in a temporary copy of the checkout: `npm run
 * build`, `npm prune --omit=dev` (offline: it only deletes), then `npm start` and `npm run cli`
 * on plain Node. The copy's node_modules is a `cp -a` of this one, so nothing is downloaded.
 */
const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
/** What a fresh clone does not have: the install, the builds, the database, the bench's scratch. */
const NOT_COPIED = new Set(['.git', 'node_modules', 'dist', 'var', 'test-results', 'client/dist', 'test/bench/tmp']);
const NPM = process.platform === 'win32' ? 'npm.cmd' : 'npm';

const dir = tempDir('ccb-prod-');
const app = path.join(dir, 'app');
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

/** The environment of an operator's shell: none of this process's CCB settings. */
function env(extra: NodeJS.ProcessEnv = {}): NodeJS.ProcessEnv {
  const clean = Object.fromEntries(Object.entries(process.env).filter(([k]) => !k.startsWith('CCB_') && k !== 'PORT' && k !== 'HOST'));
  return { ...clean, NO_COLOR: '1', CCB_DB: path.join(dir, 'team.sqlite'), ...extra };
}

function npm(args: string[]) {
  const run = spawnSync(NPM, args, { cwd: app, env: env(), encoding: 'utf8' });
  return { status: run.status, stdout: run.stdout, stderr: run.stderr };
}

function copyCheckout(): void {
  fs.cpSync(ROOT, app, {
    recursive: true,
    filter: (src) => !NOT_COPIED.has(path.relative(ROOT, src).split(path.sep).join('/')) && !path.basename(src).startsWith('.dist-'),
  });
  // `node_modules/.` copies the folder's contents, also when node_modules is a symbolic link.
  execFileSync('cp', ['-a', `${path.join(ROOT, 'node_modules')}/.`, path.join(app, 'node_modules')]);
}

/** `npm start` in its own process group (npm's child is killed with it); resolves with the URL. */
async function npmStart(): Promise<{ url: string; output: () => string; stop: () => Promise<void> }> {
  const child = spawn(NPM, ['start'], { cwd: app, env: env({ PORT: '0', LOG_LEVEL: 'silent' }), detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  const exited = new Promise<void>((resolve) => child.on('exit', () => resolve()));
  const stop = async () => {
    if (child.exitCode === null && child.pid !== undefined) process.kill(-child.pid, 'SIGTERM');
    await exited;
  };
  child.stdout.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr.on('data', (d: Buffer) => (output += d.toString()));
  const url = await new Promise<string | null>((resolve) => {
    child.stdout.on('data', () => {
      const port = /is running at http:\/\/[^\s]*:(\d+)\//.exec(output)?.[1];
      if (port) resolve(`http://127.0.0.1:${port}`);
    });
    void exited.then(() => resolve(null));
  });
  if (url === null) throw new Error(`npm start exited:\n${output}`);
  return { url, output: () => output, stop };
}

describe('the production install', () => {
  it('builds, is pruned of the dev dependencies, and then starts, serves and logs in on plain Node', async () => {
    copyCheckout();

    // A fresh clone: `npm run cli` builds the server first (TypeScript is still installed).
    const first = npm(['run', '-s', 'cli', '--', 'users', 'add', '--help']);
    expect(first.status, first.stderr).toBe(0);
    expect(first.stderr).toContain('Building the server into dist/ (no build yet)');
    expect(first.stdout).toContain('--role annotator|adjudicator|maintainer|pilot');

    const build = npm(['run', '-s', 'build']);
    expect(build.status, build.stderr).toBe(0);
    expect(fs.existsSync(path.join(app, 'dist', 'server', 'start.js'))).toBe(true);
    expect(fs.readdirSync(path.join(app, 'dist', 'db', 'migrations'))).toEqual(fs.readdirSync(path.join(ROOT, 'db', 'migrations')));
    expect(fs.existsSync(path.join(app, 'client', 'dist', 'index.html'))).toBe(true);

    const prune = npm(['prune', '--omit=dev', '--offline', '--no-audit', '--no-fund']);
    expect(prune.status, prune.stderr).toBe(0);
    for (const tool of ['typescript', 'tsx', 'vite', 'vitest']) expect(fs.existsSync(path.join(app, 'node_modules', tool)), tool).toBe(false);

    const server = await npmStart();
    try {
      expect(server.output()).not.toMatch(/Building|warning/);
      expect(server.output()).toContain('First start: seeding the demo from data/');
      expect((await fetch(`${server.url}/healthz`)).status).toBe(200);
      expect(await (await fetch(`${server.url}/`)).text()).toContain('<div id="root">');
      const login = await fetch(`${server.url}/api/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ username: 'mara', password: 'mara-demo-pass' }),
      });
      expect(login.status).toBe(200);
      expect(await login.json()).toEqual({ username: 'mara', role: 'maintainer' });
      const cookie = login.headers.get('set-cookie')?.split(';')[0] ?? '';
      const me = await fetch(`${server.url}/api/me`, { headers: { cookie } });
      expect(me.status).toBe(200);
    } finally {
      await server.stop();
    }

    const users = npm(['run', '-s', 'cli', '--', 'users', 'list']);
    expect(users.status, users.stderr).toBe(0);
    expect(users.stdout).toMatch(/^pia +pilot +yes$/m);
    expect(users.stderr).toBe('');

    // Sources changed after the build (a pull without a rebuild): it runs, with a warning naming the fix.
    fs.appendFileSync(path.join(app, 'server', 'seed.ts'), '// changed after the build\n');
    const stale = npm(['run', '-s', 'cli', '--', 'users', 'list']);
    expect(stale.status, stale.stderr).toBe(0);
    expect(stale.stderr).toContain('warning: dist/ was built from other sources than these and cannot be rebuilt without the dev dependencies');

    // No client build and no Vite: the server does not start, and says what to do.
    fs.rmSync(path.join(app, 'client', 'dist'), { recursive: true });
    await expect(npmStart()).rejects.toThrow(/There is no client build in .* and no Vite to make one: run `npm run build` before `npm prune --omit=dev`/);

    // Pruned and without a build, there is nothing to run and nothing to build it with.
    fs.rmSync(path.join(app, 'dist'), { recursive: true });
    const missing = npm(['run', '-s', 'cli', '--', 'users', 'list']);
    expect(missing.status).toBe(1);
    expect(missing.stderr).toContain('run `npm run build` before `npm prune --omit=dev`');
  }, 180_000);
});
