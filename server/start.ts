import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { clientBuildIsCurrent } from './build/clientBuild';
import { ConfigError, readServerConfig, ROOT } from './config';

const VITE = path.join(ROOT, 'node_modules/vite/bin/vite.js');

/**
 * `npm start` (scripts/start.mjs runs this file from dist/): build the client only when its
 * sources changed since the last build (or there is none), then start the server. Without Vite
 * (a production install after `npm prune --omit=dev`) the build on disk is served as it is;
 * with none there, the server does not start. `npm run build` does the build ahead of time.
 */
function ensureClientBuild(): void {
  const { clientDir } = readServerConfig();
  if (clientBuildIsCurrent(ROOT, clientDir)) return;
  if (!fs.existsSync(VITE)) {
    if (!fs.existsSync(path.join(clientDir, 'index.html'))) {
      throw new ConfigError(`There is no client build in ${clientDir} and no Vite to make one: run \`npm run build\` before \`npm prune --omit=dev\`.`);
    }
    console.error(`warning: the client build in ${clientDir} was made from other sources and cannot be rebuilt without the dev dependencies; serving it as it is.`);
    return;
  }
  console.log(`Building the client into ${clientDir} (no build yet, or its sources changed) …`);
  const build = spawnSync(process.execPath, [VITE, 'build', '--logLevel', 'warn'], {
    cwd: ROOT,
    env: { ...process.env, CCB_CLIENT_DIR: clientDir },
    stdio: 'inherit',
  });
  if (build.status !== 0) {
    console.error('The client build failed; the server was not started.');
    process.exit(1);
  }
}

try {
  ensureClientBuild();
} catch (err) {
  console.error(err instanceof ConfigError ? err.message : String(err));
  process.exit(1);
}
await import('./main');
