import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

export interface CliResult {
  status: number | null;
  stdout: string;
  stderr: string;
}

/** Run the real CLI (`node --import tsx server/cli/main.ts …`) as a child process. */
export function runCli(args: string[]): CliResult {
  const result = spawnSync(process.execPath, ['--import', 'tsx', path.join(ROOT, 'server/cli/main.ts'), ...args], {
    cwd: ROOT,
    encoding: 'utf8',
    env: { ...process.env, NO_COLOR: '1' },
  });
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}
