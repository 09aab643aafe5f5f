import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { clientBuildIsCurrent } from './build/clientBuild';
import { ConfigError, readServerConfig, ROOT } from './config';

/**
 * `npm start`: build the client only when its sources changed since the last build (or there
 * is none), then start the server. `npm run build` does the build ahead of time.
 */
function ensureClientBuild(): void {
  const { clientDir } = readServerConfig();
  if (clientBuildIsCurrent(ROOT, clientDir)) return;
  console.log(`Building the client into ${clientDir} (no build yet, or its sources changed) …`);
  const build = spawnSync(process.execPath, [path.join(ROOT, 'node_modules/vite/bin/vite.js'), 'build', '--logLevel', 'warn'], {
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
