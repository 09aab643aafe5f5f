// `npm run typecheck`: every tsconfig checked by TypeScript's native compiler (typescript@7, installed
// as `typescript-native`; about a third of the CPU time of TypeScript 5.9). TypeScript 5.9 stays the
// `typescript` package: ESLint's parser and `npm run build` need its compiler API.
// Single-threaded: each of its checker threads resolves the types they share again, which doubled the CPU
// for the same answer, and `npm test` runs this beside Vitest, whose work fills both cores anyway.
import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import path from 'node:path';

const tsc = path.join(path.dirname(createRequire(import.meta.url).resolve('typescript-native/package.json')), 'bin', 'tsc');
const PROJECTS = ['shared', 'client', 'db', 'server', 'test', 'tsconfig.json'];
let failed = false;
for (const project of PROJECTS) {
  const { status } = spawnSync(process.execPath, [tsc, '-p', project, '--singleThreaded'], { stdio: 'inherit' });
  if (status !== 0) failed = true;
}
process.exitCode = failed ? 1 : 0;
