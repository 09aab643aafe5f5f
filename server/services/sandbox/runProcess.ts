/**
 * Run one sandboxed program: its input streamed in, its output streamed out and cut at the
 * output limit, and the whole process group killed at the wall-time limit or the cut. The
 * program is its own process group (detached), so one kill reaches everything it started, and
 * bubblewrap's --die-with-parent and its PID namespace take down whatever escaped the group.
 */
import { spawn } from 'node:child_process';
import os from 'node:os';
import type { Writable } from 'node:stream';
import type { SandboxCommand } from './command';

export interface ProcessOutcome {
  stdout: string;
  stderr: string;
  /** The program's exit status; 128 + n when signal n ended it; null when it never started. */
  exitCode: number | null;
  /** Killed at the wall-time limit or by the CPU-time limit. */
  timedOut: boolean;
  /** Output went past the limit: what is shown is cut there and the program was killed. */
  truncated: boolean;
  ms: number;
}

export interface ProcessLimits {
  wallMs: number;
  outputBytes: number;
}

/** SIGXCPU: the soft CPU-time limit; SIGKILL follows at the hard one. */
const SIGXCPU_EXIT = 128 + os.constants.signals.SIGXCPU;
const SIGKILL_EXIT = 128 + os.constants.signals.SIGKILL;

function killGroup(pid: number | undefined): void {
  if (pid === undefined) return;
  try {
    process.kill(-pid, 'SIGKILL');
  } catch {
    // The group is gone already.
  }
}

/** Resolves once no process of the group is left (the kernel tears a killed group down asynchronously). */
async function groupGone(pid: number | undefined): Promise<void> {
  if (pid === undefined) return;
  for (let i = 0; i < 200; i++) {
    try {
      process.kill(-pid, 0);
    } catch {
      return;
    }
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

/** Write text to a pipe, ignoring a reader that stopped reading (EPIPE is the program's business). */
function feed(pipe: Writable | null | undefined, text: string): void {
  if (!pipe) return;
  pipe.on('error', () => {});
  pipe.end(text);
}

export function runProcess(cmd: SandboxCommand, files: readonly string[], stdin: string, limits: ProcessLimits): Promise<ProcessOutcome> {
  const started = performance.now();
  return new Promise((resolve) => {
    const child = spawn(cmd.command, cmd.args, { stdio: ['pipe', 'pipe', 'pipe', ...files.map(() => 'pipe' as const)], detached: true, env: {} });
    const out: Buffer[] = [];
    const err: Buffer[] = [];
    let kept = 0;
    let truncated = false;
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      killGroup(child.pid);
    }, limits.wallMs);
    const take = (into: Buffer[]) => (chunk: Buffer) => {
      if (truncated) return;
      const room = limits.outputBytes - kept;
      if (chunk.length > room) {
        into.push(chunk.subarray(0, room));
        kept = limits.outputBytes;
        truncated = true;
        killGroup(child.pid);
        return;
      }
      into.push(chunk);
      kept += chunk.length;
    };
    child.stdout?.on('data', take(out));
    child.stderr?.on('data', take(err));
    files.forEach((content, i) => feed(child.stdio[3 + i] as Writable | null, content));
    feed(child.stdin, stdin);
    let spawnError: Error | null = null;
    child.on('error', (e) => {
      spawnError = e;
    });
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      killGroup(child.pid);
      const ms = Math.round(performance.now() - started);
      const exitCode = spawnError ? null : (code ?? (signal ? 128 + os.constants.signals[signal] : null));
      const outcome: ProcessOutcome = {
        stdout: Buffer.concat(out).toString('utf8'),
        stderr: spawnError ? spawnError.message : Buffer.concat(err).toString('utf8'),
        exitCode,
        // A SIGKILL we did not send is the hard CPU-time limit's.
        timedOut: timedOut || exitCode === SIGXCPU_EXIT || (exitCode === SIGKILL_EXIT && !truncated),
        truncated,
        ms,
      };
      // The slot is free only when every process of the program is gone: the next program in it
      // runs as the same uid, and dying processes would still count against its process limit.
      void groupGone(child.pid).then(() => resolve(outcome));
    });
  });
}

