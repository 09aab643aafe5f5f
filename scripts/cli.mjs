// `npm run cli -- …`: the CLI as built JavaScript (dist/server/cli/main.js), on plain Node. With the
// dev dependencies installed, the server is built first when missing or stale (messages on stderr).
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { DIST, ensureServerBuild } from './build.mjs';

try {
  await ensureServerBuild((line) => console.error(line));
} catch (err) {
  console.error(`error: ${err instanceof Error ? err.message : String(err)}`);
  process.exit(1);
}
await import(pathToFileURL(path.join(DIST, 'server', 'cli', 'main.js')).href);
