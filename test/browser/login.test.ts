import { describe, expect, it } from 'vitest';
import { buildUser } from '../support/builders';
import { login, settled, watchErrors } from '../support/browser';
import { browserHarness } from '../support/browserHarness';

const app = browserHarness(async (db) => {
  await buildUser(db, { username: 'mara', role: 'maintainer', password: 'mara-pass-123' });
});

describe('login page', () => {
  it('shows an error for a wrong password, then logs in and out', async () => {
    const page = await app.browser.newPage();
    const errors = watchErrors(page);
    await page.goto(`${app.url}/login`);
    await page.getByLabel('Username').fill('mara');
    await page.getByLabel('Password').fill('wrong');
    await page.getByRole('button', { name: 'Log in' }).click();
    await expect(page.getByRole('alert').textContent()).resolves.toContain('Wrong username or password');
    await login(page, app.url, 'mara', 'mara-pass-123');
    await expect(page.locator('.whoami').textContent()).resolves.toContain('maintainer');
    await page.getByRole('button', { name: 'Log out' }).click();
    await page.getByRole('button', { name: 'Log in' }).waitFor();
    expect(errors.filter((e) => !e.includes('401'))).toEqual([]);
    await page.close();
  });
});

describe('logging in at the root', () => {
  it('lands on the role’s page, as /login does', async () => {
    const page = await app.browser.newPage();
    await page.goto(`${app.url}/`);
    await page.getByLabel('Username').fill('mara');
    await page.getByLabel('Password').fill('mara-pass-123');
    await page.getByRole('button', { name: 'Log in' }).click();
    await page.waitForURL(`${app.url}/`);
    await page.getByRole('heading', { name: 'Needs attention' }).waitFor();
    await page.close();
  });
});

describe('the start-up question "who is logged in?"', () => {
  // The browser tests run the client built in React's development mode, which starts the app's
  // effects twice, so the page asks /api/me twice. An answer held up until after the login
  // (a slow network) took the person back to an empty login form, or over the page, a "session
  // ended" dialog.
  it('answered only after someone logged in at the form, leaves them logged in', async () => {
    const page = await app.browser.newPage();
    const errors = watchErrors(page);
    let releaseHeld: () => void = () => undefined;
    const loggedIn = new Promise<void>((resolve) => (releaseHeld = resolve));
    let asked = 0;
    await page.route('**/api/me', async (route) => {
      asked++;
      if (asked > 1) return route.continue();
      // asked before the login (nobody logged in), its answer delivered after it
      const response = await route.fetch();
      await loggedIn;
      await route.fulfill({ response });
    });
    await page.goto(`${app.url}/`);
    await page.getByLabel('Username').fill('mara');
    await page.getByLabel('Password').fill('mara-pass-123');
    const answered = page.waitForResponse((r) => r.url().endsWith('/api/auth/login'));
    await page.getByRole('button', { name: 'Log in' }).click();
    expect((await answered).status()).toBe(200);
    await page.getByRole('heading', { name: 'Needs attention' }).waitFor();
    const lateAnswer = page.waitForResponse((r) => r.url().endsWith('/api/me'));
    releaseHeld();
    expect((await lateAnswer).status()).toBe(401);
    expect(asked).toBe(2);
    await settled(page);
    await expect(page.getByRole('heading', { name: 'Needs attention' }).isVisible()).resolves.toBe(true);
    await expect(page.getByRole('dialog').count()).resolves.toBe(0);
    await expect(page.getByLabel('Username').count()).resolves.toBe(0);
    expect(errors.filter((e) => !e.includes('401'))).toEqual([]);
    await page.close();
  });
});
