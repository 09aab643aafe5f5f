import path from 'node:path';
import { DIST, ensureServerBuild } from '../../scripts/build.mjs';

/**
 * The server and CLI as `npm start` and `npm run cli` run them: the JavaScript build in dist/.
 * Tests that start them as processes run these files on plain Node: a start through tsx costs
 * about four times the CPU, paid by every spawn.
 */
export const BUILT = {
  main: path.join(DIST, 'server', 'main.js'),
  start: path.join(DIST, 'server', 'start.js'),
  cli: path.join(DIST, 'server', 'cli', 'main.js'),
} as const;

/** The api project's globalSetup: build dist/ once before any test file runs, when missing or stale. */
export default async function setup(): Promise<void> {
  await ensureServerBuild((line) => console.error(line));
}
