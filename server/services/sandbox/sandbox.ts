/**
 * The code sandbox as the server holds it: its state (checking at start, ready, or off with the
 * reason), its queue, and the one way a pilot's code is ever run. There is no fallback: while the
 * state is not "ready", every run is refused.
 */
import { sandboxCommand } from './command';
import { RunQueue } from './queue';
import { runProcess, type ProcessOutcome } from './runProcess';
import type { SandboxSettings } from './settings';

export type SandboxStatus = { state: 'checking' } | { state: 'ready' } | { state: 'off'; reason: string };

/** One program: its files (under /code, the first is run by python) and its standard input. */
export interface Program {
  files: ReadonlyArray<{ name: string; content: string }>;
  stdin: string;
}

/** Runs programs one after another in the slot a queued job holds. */
export type Execute = (program: Program) => Promise<ProcessOutcome>;

export class SandboxOff extends Error {}

export class CodeSandbox {
  private status: SandboxStatus;
  private readonly queue: RunQueue;

  constructor(
    readonly settings: SandboxSettings,
    initial?: SandboxStatus,
  ) {
    this.status = initial ?? (settings.enabled ? { state: 'checking' } : { state: 'off', reason: 'The code sandbox is switched off (CCB_SANDBOX=off): Run and Test are off.' });
    this.queue = new RunQueue(settings.concurrency, settings.queue);
  }

  current(): SandboxStatus {
    return this.status;
  }

  setStatus(status: SandboxStatus): void {
    this.status = status;
  }

  load() {
    return this.queue.load();
  }

  /** The one way code runs: refused unless the self-test passed; queued per owner (a pilot). */
  withSlot<T>(owner: string, job: (execute: Execute) => Promise<T>): Promise<T> {
    this.requireReady();
    return this.queue.run(owner, (slot) => job((program) => this.execute(program, slot)));
  }

  private requireReady(): void {
    const s = this.status;
    if (s.state === 'checking') throw new SandboxOff('The code sandbox is still being checked: try again in a moment.');
    if (s.state === 'off') throw new SandboxOff(s.reason);
  }

  private execute(program: Program, slot: number): Promise<ProcessOutcome> {
    // Checked again per program: a sandbox switched off while a test was queued runs nothing more.
    this.requireReady();
    const names = program.files.map((f) => f.name);
    const cmd = sandboxCommand(this.settings, names, [this.settings.python, '-I', '-B', '-u', `/code/${names[0]}`], slot);
    return runProcess(
      cmd,
      program.files.map((f) => f.content),
      program.stdin,
      { wallMs: this.settings.wallSeconds * 1000, outputBytes: this.settings.outputBytes },
    );
  }
}
