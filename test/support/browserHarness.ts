import type { Browser } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import type { DB } from '../../db/database';
import { connectChromium, launchChromium, serveApp } from './browser';
import { tempDb } from './db';
import type { AppOptions } from '../../server/app';

export interface BrowserHarness {
  /** The test file's own temporary database, usable at once. */
  readonly db: DB;
  /** The served app's base URL, once beforeAll has run. */
  readonly url: string;
  readonly browser: Browser;
}

export interface HarnessOptions {
  sandbox?: (dbFile: string) => Promise<AppOptions['sandbox']>;
  /**
   * The full Chromium of the file's own instead of the run's shared headless shell, for tests of
   * what only the full browser does (a keepalive save that outlives its closed tab; see chromium.ts).
   */
  fullBrowser?: boolean;
}

/**
 * One browser test file's world: a temporary database that `seed` fills first, then the real
 * app served on it and a connection to the run's one Chromium, all set up in beforeAll and torn down in afterAll.
 * Call it at the top of the file, before any beforeAll of the file's own.
 */
export function browserHarness(seed: (db: DB) => unknown = () => {}, options: HarnessOptions = {}): BrowserHarness {
  const ctx = tempDb();
  let app: Awaited<ReturnType<typeof serveApp>> | undefined;
  let browser: Browser | undefined;
  beforeAll(async () => {
    await seed(ctx.db);
    app = await serveApp(ctx.db, options.sandbox ? { sandbox: await options.sandbox(ctx.file) } : {});
    browser = options.fullBrowser ? await launchChromium('full') : await connectChromium();
  });
  afterAll(async () => {
    await browser?.close();
    await app?.close();
    ctx.cleanup();
  });
  const ready = <T>(value: T | undefined, what: string): T => {
    if (value === undefined) throw new Error(`browserHarness: ${what} is only there once beforeAll has run`);
    return value;
  };
  return {
    db: ctx.db,
    get url() {
      return ready(app, 'the app').url;
    },
    get browser() {
      return ready(browser, 'the browser');
    },
  };
}
