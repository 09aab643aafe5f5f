import { describe, expect, it } from 'vitest';
import { buildUser } from '../support/builders';
import { login, watchErrors } from '../support/browser';
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
