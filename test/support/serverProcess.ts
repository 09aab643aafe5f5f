import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { BUILT } from './serverBuild';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

export interface ServerRun {
  /** The base URL once the server said it is running, or null when it exited first. */
  url: string | null;
  /** The exit code when it exited by itself (null while running). */
  code: number | null;
  stdout: () => string;
  stderr: () => string;
  stop: () => Promise<void>;
  /** SIGKILL, as a crash would: nothing of the server's clean-up runs. */
  kill: () => Promise<void>;
}

/**
 * Start the real server from its build in dist/ (`server/main.ts`, or `server/start.ts`, which
 * `npm start` runs; the api project's globalSetup builds dist/ from the sources) with the given environment on a free port; resolves once it prints its URL, or once it exits.
 */
export function startServer(env: NodeJS.ProcessEnv, entry: 'server/main.ts' | 'server/start.ts' = 'server/main.ts'): Promise<ServerRun> {
  const child = spawn(process.execPath, [entry === 'server/main.ts' ? BUILT.main : BUILT.start], {
    cwd: ROOT,
    env: { ...process.env, PORT: '0', LOG_LEVEL: 'silent', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  let err = '';
  const exited = new Promise<number>((resolve) => child.on('exit', (code, signal) => resolve(code ?? (signal ? 128 : -1))));
  return new Promise((resolve) => {
    const run: ServerRun = {
      url: null,
      code: null,
      stdout: () => out,
      stderr: () => err,
      stop: async () => {
        if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
        await exited;
      },
      kill: async () => {
        if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
        await exited;
      },
    };
    child.stdout.on('data', (d: Buffer) => {
      out += d.toString();
      const port = /is running at http:\/\/[^\s]*:(\d+)\//.exec(out)?.[1];
      if (port && !run.url) {
        run.url = `http://127.0.0.1:${port}`;
        resolve(run);
      }
    });
    child.stderr.on('data', (d: Buffer) => (err += d.toString()));
    void exited.then((code) => {
      run.code = code;
      resolve(run);
    });
  });
}
