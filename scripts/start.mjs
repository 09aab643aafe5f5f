// `npm start`: the server as built JavaScript (dist/server/start.js), on plain Node. With the dev
// dependencies installed, the server and the client are built first when missing or stale.
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { DIST, ensureServerBuild } from './build.mjs';

try {
  await ensureServerBuild((line) => console.log(line));
} catch (err) {
  console.error(err instanceof Error ? err.message : String(err));
  process.exit(1);
}
await import(pathToFileURL(path.join(DIST, 'server', 'start.js')).href);
