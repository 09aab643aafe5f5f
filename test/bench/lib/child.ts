import { fork, type ChildProcess } from 'node:child_process';

/** Messages a bench child sends its parent. */
export type ChildMessage<T> = { ok: true; result: T } | { ok: false; error: string };

export interface ChildHandle<T> {
  child: ChildProcess;
  /** The next message from the child (rejects if it exits first). */
  next: () => Promise<T>;
  stop: () => Promise<void>;
}

/** Start a TypeScript module in a fresh Node process (through tsx), talking over IPC. */
export function startChild<T>(script: string, args: readonly string[] = [], env: NodeJS.ProcessEnv = {}, nodeFlags: readonly string[] = []): ChildHandle<T> {
  const child = fork(script, [...args], {
    execArgv: ['--import', 'tsx', ...nodeFlags],
    env: { ...process.env, ...env },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const queue: ChildMessage<T>[] = [];
  const waiting: { resolve: (v: T) => void; reject: (e: Error) => void }[] = [];
  let exited: Error | null = null;
  const deliver = () => {
    while (waiting.length > 0 && (queue.length > 0 || exited)) {
      const w = waiting.shift()!;
      const m = queue.shift();
      if (!m) w.reject(exited!);
      else if (m.ok) w.resolve(m.result);
      else w.reject(new Error(m.error));
    }
  };
  child.on('message', (m) => {
    queue.push(m as ChildMessage<T>);
    deliver();
  });
  child.on('exit', (code, signal) => {
    exited = new Error(`${script} exited (code ${code}, signal ${signal}) before answering`);
    deliver();
  });
  return {
    child,
    next: () =>
      new Promise<T>((resolve, reject) => {
        waiting.push({ resolve, reject });
        deliver();
      }),
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null || child.signalCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}

/** Run a child to completion and return its one result. */
export async function runChild<T>(script: string, args: readonly string[] = [], env: NodeJS.ProcessEnv = {}): Promise<T> {
  const handle = startChild<T>(script, args, env);
  try {
    return await handle.next();
  } finally {
    await handle.stop();
  }
}

/** In a child: send the result (or the error) to the parent. */
export function reply<T>(work: () => Promise<T> | T): void {
  Promise.resolve()
    .then(work)
    .then(
      (result) => process.send?.({ ok: true, result } satisfies ChildMessage<T>),
      (err: unknown) => process.send?.({ ok: false, error: err instanceof Error ? (err.stack ?? err.message) : String(err) } satisfies ChildMessage<T>),
    );
}

/** Peak resident set size of this process so far, in MB. */
export const peakRssMb = (): number => process.resourceUsage().maxRSS / 1024;
