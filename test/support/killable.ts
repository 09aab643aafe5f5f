import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import { BUILT } from './serverBuild';

export interface Run {
  child: ChildProcess;
  stderr: () => string;
  stdout: () => string;
  /** Resolves with the exit code, or the signal name when the process was killed. */
  exited: Promise<number | string>;
}

/** Start the CLI (its build in dist/, as `npm run cli -- …` runs it) as a child process. */
export function startCli(args: string[]): Run {
  const child = spawn(process.execPath, [BUILT.cli, ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
  let err = '';
  let out = '';
  child.stderr!.on('data', (d: Buffer) => (err += d.toString()));
  child.stdout!.on('data', (d: Buffer) => (out += d.toString()));
  const exited = new Promise<number | string>((resolve) => child.on('exit', (code, signal) => resolve(signal ?? code ?? -1)));
  return { child, stderr: () => err, stdout: () => out, exited };
}

/**
 * SIGKILL the run as soon as `when` holds (polled every few milliseconds). Resolves true when
 * it was killed, false when it finished first.
 */
export async function killWhen(run: Run, when: () => boolean, limitMs = 60_000): Promise<boolean> {
  let finished = false;
  void run.exited.then(() => (finished = true));
  const start = Date.now();
  while (!finished && Date.now() - start < limitMs) {
    if (when()) {
      run.child.kill('SIGKILL');
      return (await run.exited) === 'SIGKILL';
    }
    await new Promise((r) => setTimeout(r, 2));
  }
  await run.exited;
  return false;
}

export const fileSize = (file: string): number => (fs.existsSync(file) ? fs.statSync(file).size : 0);

/** SIGKILL the run the moment anything changes in dir (inotify, no polling gap). Resolves true when it was killed. */
export async function killOnChange(run: Run, dir: string): Promise<boolean> {
  const watcher = fs.watch(dir, () => run.child.kill('SIGKILL'));
  try {
    return (await run.exited) === 'SIGKILL';
  } finally {
    watcher.close();
  }
}
