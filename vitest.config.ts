import { defineConfig } from 'vitest/config';
import fs from 'node:fs';
import path from 'node:path';

// Tests on the real public data run whenever ../shared/datasets exists, and CI must have it.
const DATASETS_DIR = path.resolve(process.env.CCB_DATASETS ?? path.join(import.meta.dirname, '..', 'shared', 'datasets'));
const withDatasets = fs.existsSync(DATASETS_DIR) || process.env.CI === 'true';

export default defineConfig({
  test: {
    projects: [
      { test: { name: 'unit', include: ['test/unit/**/*.test.ts'], environment: 'node' } },
      { test: { name: 'api', include: ['test/api/**/*.test.ts'], environment: 'node', testTimeout: 30_000 } },
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
