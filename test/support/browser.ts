import { chromium, type Browser, type Page } from 'playwright-core';
import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import { inject } from 'vitest';
import { CHROMIUM, CHROMIUM_ARGS } from './chromium';
import { createApp } from '../../server/app';
import type { DB } from '../../db/database';

export { CHROMIUM } from './chromium';

/** A Chromium of one's own (the bench); browser tests share the run's one (connectChromium). */
export function launchChromium(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS, headless: true });
}

/** The Chromium the browser tests' global setup started; close() only disconnects. */
export function connectChromium(): Promise<Browser> {
  return chromium.connect(inject('chromiumEndpoint'));
}

/** The real app (built client + express) on a random loopback port. */
export async function serveApp(db: DB): Promise<{ url: string; close: () => Promise<void> }> {
  const app = createApp({ db, clientDir: inject('clientDir'), log: () => {} });
  const server: Server = await new Promise((resolve) => {
    const s = app.listen(0, '127.0.0.1', () => resolve(s));
  });
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

export async function login(page: Page, url: string, username: string, password: string): Promise<void> {
  await page.goto(`${url}/login`);
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await page.getByRole('button', { name: 'Log out' }).waitFor();
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
