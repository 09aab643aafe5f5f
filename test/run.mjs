// `npm test`: the type check and lint run beside vitest instead of before it (they need no
// test to have run, and vitest spends its first seconds building the client). Their output is
// printed after vitest's; the exit code is non-zero when any of the three fails.
import { run } from '../scripts/run.mjs';
import { preflight } from './preflight.mjs';

if (!preflight()) process.exit(1);

const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
const checks = [
  ['typecheck', run(npm, ['run', '-s', 'typecheck'], { quiet: true })],
  ['lint', run(npm, ['run', '-s', 'lint'], { quiet: true })],
];
const tests = await run(npm, ['exec', '--', 'vitest', 'run', ...process.argv.slice(2)], { quiet: false });
let failed = tests.code !== 0;
for (const [name, pending] of checks) {
  const { code, output } = await pending;
  console.log(`\n${name}: ${code === 0 ? 'ok' : `FAILED (exit ${code})`}`);
  if (output.trim()) console.log(output.trimEnd());
  if (code !== 0) failed = true;
}
process.exitCode = failed ? 1 : 0;
