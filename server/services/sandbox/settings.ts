/**
 * The code sandbox's settings (docs/operations.md#settings), all from environment variables with
 * safe defaults: a pilot's program gets a few CPU seconds, half a gigabyte of address space, a
 * handful of processes and 1 MB of output, and at most two programs run at once.
 */
import { ConfigError } from '../../config';

export interface SandboxSettings {
  /** CCB_SANDBOX: "on" (default) tries bubblewrap at start; "off" keeps Run and Test off. */
  enabled: boolean;
  /** CCB_SANDBOX_BWRAP: the bubblewrap binary. */
  bwrap: string;
  /** CCB_SANDBOX_PYTHON: the interpreter inside the sandbox (a system path: /usr is the only tree bound). */
  python: string;
  /** CCB_SANDBOX_CPU_SECONDS: CPU seconds per program (RLIMIT_CPU). */
  cpuSeconds: number;
  /** CCB_SANDBOX_WALL_SECONDS: wall-clock seconds before the whole process group is killed. */
  wallSeconds: number;
  /** CCB_SANDBOX_MEMORY_MB: address space per process (RLIMIT_AS). */
  memoryMb: number;
  /** CCB_SANDBOX_PROCESSES: processes per sandbox (RLIMIT_NPROC). */
  processes: number;
  /** CCB_SANDBOX_FILE_MB: largest file the program may write in its private /tmp (RLIMIT_FSIZE). */
  fileMb: number;
  /** CCB_SANDBOX_OUTPUT_BYTES: stdout and stderr kept per program; more is cut off, and the program killed. */
  outputBytes: number;
  /** CCB_SANDBOX_CONCURRENCY: programs running at once over the whole server. */
  concurrency: number;
  /** CCB_SANDBOX_QUEUE: runs that may wait for a free slot; more are refused (503). */
  queue: number;
  /** CCB_SANDBOX_UID: when the server runs as root, sandboxes run as this uid and the next `concurrency − 1`. */
  uid: number;
}

export const SANDBOX_DEFAULTS: SandboxSettings = {
  enabled: true,
  bwrap: '/usr/bin/bwrap',
  python: '/usr/bin/python3',
  cpuSeconds: 5,
  wallSeconds: 10,
  memoryMb: 512,
  processes: 32,
  fileMb: 16,
  outputBytes: 1_000_000,
  concurrency: 2,
  queue: 40,
  uid: 60100,
};

function whole(env: NodeJS.ProcessEnv, name: string, fallback: number, min: number, max: number): number {
  const value = env[name];
  if (value === undefined || value === '') return fallback;
  const n = Number(value);
  if (!/^\d+$/.test(value) || n < min || n > max) throw new ConfigError(`${name}: expected a whole number ${min}–${max}, got "${value}"`);
  return n;
}

function onOff(value: string | undefined): boolean {
  const text = (value ?? '').toLowerCase();
  if (text === '' || text === 'on') return true;
  if (text === 'off') return false;
  throw new ConfigError(`CCB_SANDBOX: expected "on" or "off", got "${value}"`);
}

export function readSandboxSettings(env: NodeJS.ProcessEnv = process.env): SandboxSettings {
  const d = SANDBOX_DEFAULTS;
  return {
    enabled: onOff(env.CCB_SANDBOX),
    bwrap: env.CCB_SANDBOX_BWRAP || d.bwrap,
    python: env.CCB_SANDBOX_PYTHON || d.python,
    cpuSeconds: whole(env, 'CCB_SANDBOX_CPU_SECONDS', d.cpuSeconds, 1, 600),
    wallSeconds: whole(env, 'CCB_SANDBOX_WALL_SECONDS', d.wallSeconds, 1, 600),
    memoryMb: whole(env, 'CCB_SANDBOX_MEMORY_MB', d.memoryMb, 64, 65_536),
    processes: whole(env, 'CCB_SANDBOX_PROCESSES', d.processes, 4, 4096),
    fileMb: whole(env, 'CCB_SANDBOX_FILE_MB', d.fileMb, 1, 4096),
    outputBytes: whole(env, 'CCB_SANDBOX_OUTPUT_BYTES', d.outputBytes, 1000, 100_000_000),
    concurrency: whole(env, 'CCB_SANDBOX_CONCURRENCY', d.concurrency, 1, 64),
    queue: whole(env, 'CCB_SANDBOX_QUEUE', d.queue, 0, 10_000),
    uid: whole(env, 'CCB_SANDBOX_UID', d.uid, 1000, 4_000_000_000),
  };
}
