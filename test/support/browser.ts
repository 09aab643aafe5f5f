import { chromium, type Browser, type Page } from 'playwright-core';
import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import { inject } from 'vitest';
import { CHROMIUM, CHROMIUM_ARGS, FULL_CHROMIUM } from './chromium';
import { createApp, type AppOptions } from '../../server/app';
import type { DB } from '../../db/database';

export { CHROMIUM } from './chromium';

/** A Chromium of one's own (the bench; `full` for the full browser); browser tests share the run's one (connectChromium). */
export function launchChromium(which: 'shell' | 'full' = 'shell'): Promise<Browser> {
  return chromium.launch({ executablePath: which === 'full' ? FULL_CHROMIUM : CHROMIUM, args: CHROMIUM_ARGS, headless: true });
}

/** The Chromium the browser tests' global setup started; close() only disconnects. */
export function connectChromium(): Promise<Browser> {
  return chromium.connect(inject('chromiumEndpoint'));
}

/** The real app (built client + express) on a random loopback port. */
export async function serveApp(db: DB, options: Pick<AppOptions, 'sandbox'> = {}): Promise<{ url: string; close: () => Promise<void> }> {
  const app = createApp({ db, clientDir: inject('clientDir'), log: () => {}, ...options });
  const server: Server = await new Promise((resolve) => {
    const s = app.listen(0, '127.0.0.1', () => resolve(s));
  });
  // Playwright's request client (page.request) reuses an idle keep-alive socket and does not
  // retry when the server closed it at that very moment (Node's 5 s idle timeout): the read fails
  // with ECONNRESET. Chromium retries such a read itself; the test's client cannot, so the test
  // server keeps idle sockets open until close(), which ends them.
  server.keepAliveTimeout = 0;
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

export async function login(page: Page, url: string, username: string, password: string): Promise<void> {
  await page.goto(`${url}/login`);
  await settled(page);
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Log in' }).click();
  // Logged in once the header's button is there, seen on the next frame (see settled).
  await page.waitForFunction(() => [...document.querySelectorAll('header button')].some((b) => b.textContent?.trim() === 'Log out'), undefined, { polling: 'raf' });
  await page.getByRole('button', { name: 'Log out' }).waitFor();
  await settled(page);
}

/**
 * Open a page from the main navigation as a person would: its link when the bar shows it, else
 * the menu of the group that holds it first.
 */
export async function openFromNav(page: Page, label: string): Promise<void> {
  const nav = page.getByRole('navigation', { name: 'Main' });
  const link = nav.getByRole('link', { name: label, exact: true });
  if (!(await link.isVisible())) await nav.locator('.nav-group', { has: page.locator(`a:text-is(${JSON.stringify(label)})`) }).getByRole('button').click();
  await link.click();
}

/** Collects page errors and console errors so tests can assert none happened. */
export function watchErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(`pageerror: ${e.message}`));
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(`console: ${m.text()}`);
  });
  return errors;
}

/**
 * Wait until the app has rendered its frame and shows no loading state, checking on every
 * animation frame. Playwright's own waits (waitFor, click) check at 0, 20, 70, 170, 270 ms and
 * then every 500 ms, so a page that appears at 300 ms is seen at 770: call this after a goto,
 * then the locator that follows finds its element at once.
 */
export async function settled(page: Page): Promise<void> {
  await page.waitForFunction(() => document.readyState === 'complete' && document.querySelector('main') !== null && document.querySelector('.loading') === null, undefined, { polling: 'raf' });
}

/**
 * Count the page's requests in flight; `quiet()` resolves once none has been for `quietMs`
 * (Playwright's networkidle waits a fixed 500 ms of quiet, on every navigation).
 */
export function trackRequests(page: Page): { quiet: (quietMs?: number) => Promise<void> } {
  let inFlight = 0;
  let lastChange = Date.now();
  const change = (by: number) => {
    inFlight += by;
    lastChange = Date.now();
  };
  page.on('request', () => change(1));
  page.on('requestfinished', () => change(-1));
  page.on('requestfailed', () => change(-1));
  return {
    async quiet(quietMs = 50) {
      while (inFlight > 0 || Date.now() - lastChange < quietMs) await new Promise((resolve) => setTimeout(resolve, 10));
    },
  };
}
