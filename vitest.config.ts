import { defineConfig } from 'vitest/config';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

// Tests on the real public data run whenever ../shared/datasets exists, and CI must have it.
const DATASETS_DIR = path.resolve(process.env.CCB_DATASETS ?? path.join(import.meta.dirname, '..', 'shared', 'datasets'));
const withDatasets = fs.existsSync(DATASETS_DIR) || process.env.CI === 'true';

// vitest's default is one worker fewer than the cores: a single worker on a 2-core machine, where
// much of a test file's time is spent waiting (Chromium, the server, the disk). One worker per core.
const WORKERS = Math.max(2, os.availableParallelism());

export default defineConfig({
  test: {
    maxWorkers: WORKERS,
    projects: [
      // Pure functions with no module state to reset: one module graph for the whole project.
      { test: { name: 'unit', include: ['test/unit/**/*.test.ts'], environment: 'node', isolate: false, testTimeout: 20_000 } },
      // The processes some api tests start (server, CLI) run the build in dist/, made once here.
      { test: { name: 'api', include: ['test/api/**/*.test.ts'], environment: 'node', globalSetup: ['test/support/serverBuild.ts'], testTimeout: 30_000, hookTimeout: 60_000 } },
      {
        test: {
          name: 'browser',
          include: ['test/browser/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['test/support/buildClient.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
      ...(withDatasets
        ? [{ test: { name: 'datasets', include: ['test/datasets/**/*.test.ts'], environment: 'node', testTimeout: 120_000 } }]
        : []),
    ],
  },
});
