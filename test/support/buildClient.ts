import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    clientDir: string;
  }
}

/** Build the real client once per run, into a folder of its own, for the browser tests. */
export default function setup(project: TestProject): () => void {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ccb-client-'));
  execFileSync(process.execPath, [path.resolve('node_modules/vite/bin/vite.js'), 'build', '--logLevel', 'error'], {
    env: { ...process.env, CCB_CLIENT_DIR: dir },
    stdio: 'inherit',
  });
  project.provide('clientDir', dir);
  return () => fs.rmSync(dir, { recursive: true, force: true });
}
