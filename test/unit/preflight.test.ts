import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { preflightPlan, REQUIRED } from '../preflight.mjs';

const required = REQUIRED.map((r, i) => ({ ...r, file: `/nowhere/${i}` }));

describe('npm test on a fresh machine', () => {
  it("needs Chromium's headless shell, the full Chromium and bubblewrap", () => {
    expect(REQUIRED.map((r) => r.pkg)).toEqual(['chromium-headless-shell', 'chromium', 'bubblewrap']);
  });

  it('does nothing when all are installed', () => {
    expect(preflightPlan({ required, exists: () => true, isRoot: false, hasApt: false }).action).toBe('none');
  });

  it('installs what is missing from Debian\'s packages when it runs as root with apt-get', () => {
    const plan = preflightPlan({ required, exists: (f: string) => f === '/nowhere/2', isRoot: true, hasApt: true });
    expect(plan).toMatchObject({ action: 'install', command: 'apt-get install -y chromium-headless-shell chromium' });
  });

  it('otherwise stops at once, naming the command to run and why each package is needed', () => {
    const plan = preflightPlan({ required, exists: () => false, isRoot: false, hasApt: true });
    expect(plan.action).toBe('stop');
    expect(plan.message).toContain('sudo apt-get install -y chromium-headless-shell chromium bubblewrap');
    expect(plan.message).toContain('the browser tests drive it');
    expect(preflightPlan({ required, exists: () => false, isRoot: true, hasApt: false }).action).toBe('stop');
  });

  it('names the missing packages for .ci/run, which installs them beside npm ci', () => {
    const res = spawnSync(process.execPath, ['test/preflight.mjs', '--missing'], { encoding: 'utf8', env: { ...process.env, CHROMIUM_PATH: '/nowhere/shell', CHROMIUM_FULL_PATH: '/nowhere/full' } });
    expect(res.status).toBe(0);
    expect(res.stdout.trim()).toMatch(/^chromium-headless-shell chromium( bubblewrap)?$/);
  });
});
