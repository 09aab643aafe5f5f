// One child process for the check scripts (npm test's test/run.mjs, npm run lint's scripts/lint.mjs):
// resolves with its exit code (a signal or a failed spawn counts as 1) and, when quiet, its output.
import { spawn } from 'node:child_process';

export function run(command, args, { quiet }) {
  return new Promise((resolve) => {
    const child = spawn(command, args, { stdio: quiet ? ['ignore', 'pipe', 'pipe'] : 'inherit' });
    let output = '';
    if (quiet) {
      child.stdout.on('data', (chunk) => (output += chunk));
      child.stderr.on('data', (chunk) => (output += chunk));
    }
    child.on('error', (err) => resolve({ code: 1, output: String(err) }));
    child.on('close', (code, signal) => resolve({ code: code ?? (signal ? 1 : 0), output }));
  });
}
