import { chromium, type Browser, type Page } from 'playwright-core';
import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import { inject } from 'vitest';
import { CHROMIUM, CHROMIUM_ARGS, FULL_CHROMIUM } from './chromium';
import { createApp, type AppOptions } from '../../server/app';
import { auth } from '../../shared/api/auth';
import type { Me } from '../../shared/schemas/auth';
import { HOME_BY_ROLE } from '../../client/src/routes';
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

/**
 * Log in as `username` and open `at` (a path), or else the role's home page as the login form
 * does. The session comes from the form's own endpoint (page.request shares the tab's cookies)
 * instead of typing into the form, and a test that works on one page opens it at once instead of
 * loading the home page first: page loads fewer for the many tests that only need someone logged
 * in. login.test.ts drives the form itself, and home.test.ts lands on the home page.
 */
export async function login(page: Page, url: string, username: string, password: string, at?: string): Promise<void> {
  const response = await page.request.post(`${url}${auth.login.path}`, { data: { username, password } });
  if (!response.ok()) throw new Error(`login as ${username}: ${response.status()} ${await response.text()}`);
  const me = (await response.json()) as Me;
  await page.goto(`${url}${at ?? HOME_BY_ROLE[me.role]}`);
  await settled(page);
  await page.getByRole('button', { name: 'Log out' }).waitFor();
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

/** The app's heading for a path no route has (App.tsx). */
const NOT_FOUND = 'Page not found';

/**
 * Open `path` in a tab that already shows the app (a logged-in one), as following one of its
 * links does: through the app's router, without loading the page again. Tests that look at many
 * pages in turn (the accessibility visits, hostile text) spent most of their time on full page
 * loads. The way leads through a path no route has, so the page opened is mounted afresh (none of
 * its state is left from the visit before) and the wait below cannot take the previous page for
 * it. A tab that does not show the app yet loads the page.
 */
export async function openInApp(page: Page, url: string, path: string): Promise<void> {
  if (!page.url().startsWith(`${url}/`)) {
    await page.goto(`${url}${path}`);
    await settled(page);
    return;
  }
  const shown = await page.evaluate(
    async ({ to, notFound, ms }) => {
      const heading = () => document.querySelector('main h1')?.textContent === notFound;
      const until = (done: () => boolean) =>
        new Promise<boolean>((resolve) => {
          if (done()) return resolve(true);
          const observer = new MutationObserver(() => {
            if (!done()) return;
            observer.disconnect();
            clearTimeout(timer);
            resolve(true);
          });
          const timer = setTimeout(() => {
            observer.disconnect();
            resolve(false);
          }, ms);
          observer.observe(document.body, { childList: true, subtree: true, characterData: true });
        });
      const go = (where: string) => {
        history.pushState(null, '', where);
        dispatchEvent(new PopStateEvent('popstate'));
      };
      go('/__between-visits');
      if (!(await until(heading))) return `the app did not show "${notFound}" for a path no route has`;
      go(to);
      if (!(await until(() => !heading()))) return `the app still shows "${notFound}" for ${to}`;
      return null;
    },
    { to: path, notFound: NOT_FOUND, ms: SETTLED_TIMEOUT_MS },
  );
  if (shown !== null) throw new Error(`openInApp: ${shown}`);
  await settled(page);
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

/** How long settled waits for the app's frame before it fails, naming the page. */
const SETTLED_TIMEOUT_MS = 30_000;

/**
 * Wait until the app has rendered its frame and shows no loading state. The page itself watches
 * its DOM (a MutationObserver) and answers the moment it is so: Playwright's own waits check at
 * 0, 20, 70, 170, 270 ms and then every 500 ms, so a page that appears at 300 ms is seen at 770,
 * and checking on every animation frame instead kept the renderer drawing frames for the whole
 * wait (about ten times the CPU of an idle page, on a machine the suite keeps busy). Call it after
 * a goto; the locator that follows then finds its element at once.
 */
export async function settled(page: Page): Promise<void> {
  const deadline = Date.now() + SETTLED_TIMEOUT_MS;
  for (;;) {
    let done: boolean;
    try {
      done = await page.evaluate(
        (ms) =>
          new Promise<boolean>((resolve) => {
            const ready = () => document.readyState === 'complete' && document.querySelector('main') !== null && document.querySelector('.loading') === null;
            if (ready()) return resolve(true);
            function finish(value: boolean) {
              observer.disconnect();
              document.removeEventListener('readystatechange', check);
              clearTimeout(timer);
              resolve(value);
            }
            function check() {
              if (ready()) finish(true);
            }
            const observer = new MutationObserver(check);
            const timer = setTimeout(finish, ms, false);
            observer.observe(document, { childList: true, subtree: true, attributes: true, attributeFilter: ['class'] });
            document.addEventListener('readystatechange', check);
          }),
        Math.max(0, deadline - Date.now()),
      );
    } catch (err) {
      // A navigation (a redirect, a reload) replaced the document being watched: watch the new one.
      if (err instanceof Error && /Execution context was destroyed/.test(err.message) && Date.now() < deadline) continue;
      throw err;
    }
    if (done) return;
    throw new Error(`settled: after ${SETTLED_TIMEOUT_MS} ms the page at ${page.url()} still shows no app frame, or a loading state`);
  }
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
