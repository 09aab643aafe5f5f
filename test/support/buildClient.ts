import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium } from 'playwright-core';
import type { TestProject } from 'vitest/node';
import { CHROMIUM, CHROMIUM_ARGS } from './chromium';

declare module 'vitest' {
  export interface ProvidedContext {
    clientDir: string;
    /** The one Chromium every browser test file connects to (browserHarness). */
    chromiumEndpoint: string;
  }
}

/**
 * Build the real client once per run, into a folder of its own, and start one Chromium for all
 * the browser test files (each file opens its own contexts in it): a launch per file cost more
 * than many of the files' tests.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ccb-client-'));
  const browser = await chromium.launchServer({ executablePath: CHROMIUM, args: CHROMIUM_ARGS, headless: true });
  try {
    // At the level `npm start` builds with: a first start must print no warning, so any warning
    // the build prints (Vite's "(!)" lines) fails the browser tests here. The same code as
    // `npm start` serves, with React's development build: its warnings reach the tests as console
    // errors (watchErrors), and StrictMode runs each effect twice, so an answer a page has moved
    // on from arrives late, as on a slow network (login.test.ts, pilotCodeLayout.test.ts rely on it).
    const build = spawnSync(process.execPath, [path.resolve('node_modules/vite/bin/vite.js'), 'build', '--logLevel', 'warn'], {
      env: { ...process.env, NODE_ENV: 'development', CCB_CLIENT_DIR: dir },
      encoding: 'utf8',
    });
    const output = `${build.stdout}${build.stderr}`;
    if (build.status !== 0) throw new Error(`the client build failed:\n${output}`);
    if (/\(!\)|warning/i.test(output)) throw new Error(`the client build printed a warning (a first start would show it):\n${output}`);
  } catch (err) {
    await browser.close();
    throw err;
  }
  project.provide('clientDir', dir);
  project.provide('chromiumEndpoint', browser.wsEndpoint());
  return async () => {
    await browser.close();
    fs.rmSync(dir, { recursive: true, force: true });
  };
}
