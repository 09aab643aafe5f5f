import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { runCli as runInProcess } from '../../server/cli/run';
import { BUILT } from './serverBuild';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

export interface CliResult {
  status: number | null;
  stdout: string;
  stderr: string;
}

export interface CliOptions {
  /** The answers a terminal would give, in order; without it the CLI has no terminal to ask on. */
  answers?: string[];
  /** Pretend both outputs are a terminal (progress redraws, colour). */
  tty?: boolean;
}

/** Run the CLI in this process (runCli with captured output), as `npm run cli -- …` would. */
export async function runCli(args: string[], options: CliOptions = {}): Promise<CliResult> {
  let stdout = '';
  let stderr = '';
  const answers = options.answers ? [...options.answers] : undefined;
  const status = await runInProcess(args, {
    stdout: { write: (text: string) => (stdout += text), isTTY: options.tty ?? false },
    stderr: { write: (text: string) => (stderr += text), isTTY: options.tty ?? false },
    prompt: answers
      ? (question) => {
          stderr += question;
          const answer = answers.shift();
          return answer === undefined ? Promise.reject(new Error(`no answer left for "${question}"`)) : Promise.resolve(answer);
        }
      : undefined,
  });
  return { status, stdout, stderr };
}

/** Run the real CLI (its build in dist/, as `npm run cli -- …` runs it) as a child process: for the smoke test only. */
export function spawnCli(args: string[]): Promise<CliResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [BUILT.cli, ...args], {
      cwd: ROOT,
      // No model endpoint of the developer's shell: `suggestions generate` must find none.
      env: { ...Object.fromEntries(Object.entries(process.env).filter(([k]) => !k.startsWith('CCB_LLM_'))), NO_COLOR: '1' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
    child.on('error', reject);
    child.on('close', (status) => resolve({ status, stdout, stderr }));
  });
}
