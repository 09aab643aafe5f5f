// `npm run lint`: ESLint (every rule of eslint.config.js) and oxlint's type-aware promise rules
// (.oxlintrc.json), side by side. Both always run, so one run shows every finding of both; a linter's
// output is printed when it fails, and the exit code is non-zero when either fails.
import { createRequire } from 'node:module';
import path from 'node:path';
import { run } from './run.mjs';

const require = createRequire(import.meta.url);
const bin = (pkg, file) => path.join(path.dirname(require.resolve(`${pkg}/package.json`)), file);

const LINTERS = [
  ['ESLint', [bin('eslint', 'bin/eslint.js'), '.', '--max-warnings', '0']],
  ['oxlint', [bin('oxlint', 'bin/oxlint'), '--type-aware', '--deny-warnings']],
];

let failed = false;
const results = LINTERS.map(([name, args]) => [name, run(process.execPath, args, { quiet: true })]);
for (const [name, pending] of results) {
  const { code, output } = await pending;
  if (code !== 0) {
    // Only a failing linter's output: a passing oxlint still prints its file count.
    if (output.trim()) console.log(output.trimEnd());
    console.error(`${name} failed (exit ${code})`);
    failed = true;
  }
}
process.exitCode = failed ? 1 : 0;
