import { defineConfig } from 'vitest/config';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

// Tests on the real public data run whenever ../shared/datasets exists, and CI must have it.
const DATASETS_DIR = path.resolve(process.env.CCB_DATASETS ?? path.join(import.meta.dirname, '..', 'shared', 'datasets'));
const withDatasets = fs.existsSync(DATASETS_DIR) || process.env.CI === 'true';

// vitest's default is one worker fewer than the cores. Much of a browser or server test's time is
// spent waiting (Chromium, a spawned server, the disk): with two workers per core the suite kept
// the two cores of CI busy (one per core left a third of them idle) and ran 15% faster.
const WORKERS = Math.max(2, 2 * os.availableParallelism());

// API test files share one module graph per worker (isolate: false): each file imports the whole
// server, and importing it afresh for each of ~100 files cost a third of the project's CPU. A file
// that replaces a module with vi.mock needs a graph of its own, so those run isolated.
// Temporary folders the tests make (tempDir) are removed after each file.
const TEMP_CLEANUP = 'test/support/tempCleanup.ts';

const API_DIR = path.join(import.meta.dirname, 'test', 'api');
const MOCKING = fs
  .readdirSync(API_DIR)
  .filter((f) => f.endsWith('.test.ts') && /\bvi\.mock\(/.test(fs.readFileSync(path.join(API_DIR, f), 'utf8')))
  .map((f) => `test/api/${f}`);
const API = { environment: 'node' as const, setupFiles: [TEMP_CLEANUP], globalSetup: ['test/support/serverBuild.ts'], testTimeout: 30_000, hookTimeout: 60_000 };

export default defineConfig({
  test: {
    maxWorkers: WORKERS,
    projects: [
      // Pure functions with no module state to reset: one module graph for the whole project.
      { test: { name: 'unit', include: ['test/unit/**/*.test.ts'], environment: 'node', setupFiles: [TEMP_CLEANUP], isolate: false, testTimeout: 20_000 } },
      // The processes some api tests start (server, CLI) run the build in dist/, made once here.
      { test: { ...API, name: 'api', include: ['test/api/**/*.test.ts'], exclude: MOCKING, isolate: false } },
      { test: { ...API, name: 'api-mocks', include: MOCKING } },
      {
        test: {
          name: 'browser',
          setupFiles: [TEMP_CLEANUP],
          include: ['test/browser/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['test/support/buildClient.ts'],
          isolate: false,
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
      ...(withDatasets
        ? // One module graph per worker here too: no file replaces a module, and the graph of each file cost a fifth of the project's CPU.
          [{ test: { name: 'datasets', include: ['test/datasets/**/*.test.ts'], environment: 'node', setupFiles: [TEMP_CLEANUP], isolate: false, testTimeout: 120_000, hookTimeout: 120_000 } }]
        : []),
    ],
  },
});
