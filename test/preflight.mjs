// What `npm test` needs from the machine beyond npm: Debian's Chromium, as its headless shell
// (most browser tests) and as the full browser (the few that test what only it does; see
// test/support/chromium.ts), and bubblewrap (the pilots' code sandbox). The one list of them:
// `.ci/run` asks it too (`node test/preflight.mjs --missing`). On a fresh machine the README's
// `npm ci && npm test` must need no step before it, so a missing package is installed from Debian's packages when this
// run can (root, with apt-get); otherwise the run stops at once and names the command to run,
// rather than failing minutes later inside a browser test.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import { pathToFileURL } from 'node:url';

/** The packages the suite needs: each with the file that shows it is installed. */
export const REQUIRED = [
  { pkg: 'chromium-headless-shell', file: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium-headless-shell', why: 'the browser tests drive it' },
  { pkg: 'chromium', file: process.env.CHROMIUM_FULL_PATH ?? '/usr/bin/chromium', why: 'the browser tests of a save that outlives its closed tab drive it' },
  { pkg: 'bubblewrap', file: '/usr/bin/bwrap', why: "the pilots' code sandbox runs in it" },
];

/**
 * Decide what to do about missing packages: nothing, install them, or stop with the command a
 * person must run. Pure, so the rule is tested without touching the machine.
 */
export function preflightPlan({ required = REQUIRED, exists, isRoot, hasApt }) {
  const missing = required.filter((r) => !exists(r.file));
  if (missing.length === 0) return { action: 'none', missing };
  const command = `apt-get install -y ${missing.map((m) => m.pkg).join(' ')}`;
  if (isRoot && hasApt) return { action: 'install', missing, command };
  const lines = missing.map((m) => `  ${m.pkg} (${m.file}): ${m.why}`);
  return {
    action: 'stop',
    missing,
    command,
    message: `npm test needs Debian packages that are missing:\n${lines.join('\n')}\nInstall them as root: sudo ${command}\n(or set CHROMIUM_PATH and CHROMIUM_FULL_PATH to other Chromium binaries).`,
  };
}

/** Apply the plan on this machine; returns false when the run must stop. */
export function preflight(log = console.log) {
  const plan = preflightPlan({
    exists: (file) => fs.existsSync(file),
    isRoot: typeof process.getuid === 'function' && process.getuid() === 0,
    hasApt: fs.existsSync('/usr/bin/apt-get'),
  });
  if (plan.action === 'none') return true;
  if (plan.action === 'stop') {
    console.error(plan.message);
    return false;
  }
  log(`Installing from Debian's packages: ${plan.missing.map((m) => m.pkg).join(', ')} …`);
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  for (const args of [['update', '-qq'], ['install', '-y', '-qq', ...plan.missing.map((m) => m.pkg)]]) {
    const res = spawnSync('apt-get', args, { env, stdio: ['ignore', 'ignore', 'inherit'] });
    if (res.status !== 0) {
      console.error(`apt-get ${args.join(' ')} failed; run as root: ${plan.command}`);
      return false;
    }
  }
  return true;
}

// `node test/preflight.mjs --missing` prints the missing packages' names, space-separated, so that
// .ci/run installs them beside `npm ci` (before anything else of the project can run).
if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href && process.argv[2] === '--missing') {
  const { missing } = preflightPlan({ exists: (file) => fs.existsSync(file), isRoot: false, hasApt: false });
  console.log(missing.map((m) => m.pkg).join(' '));
}
