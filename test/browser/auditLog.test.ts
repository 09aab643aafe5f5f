import { describe, expect, it } from 'vitest';
import fs from 'node:fs';
import { appendEvent } from '../../db/events';
import { login, watchErrors, openFromNav } from '../support/browser';
import { browserHarness } from '../support/browserHarness';
import { buildWorld, type World } from '../support/world';

let w: World;

const app = browserHarness(async (db) => {
  w = await buildWorld(db);
  // enough history for two pages of 50
  for (let i = 0; i < 60; i++) appendEvent(db, { id: w.users.owner.id, name: 'anna' }, { action: 'annotation.save', entityType: 'annotation', entityId: 1, after: { version: i } });
});

describe('audit log page', () => {
  it('lets a maintainer browse, filter and page through the log', async () => {
    const page = await app.browser.newPage({ viewport: { width: 1280, height: 900 } });
    const errors = watchErrors(page);
    await login(page, app.url, w.users.maintainer.username, w.users.maintainer.password);
    await openFromNav(page, 'Audit log');
    await page.getByRole('heading', { name: 'Audit log' }).waitFor();
    const rows = page.locator('.audit-table tbody tr');
    await rows.first().waitFor();
    expect(await rows.count()).toBe(50);
    // Logins are hidden by default (they crowd out the changes); shown on request, newest first: the maintainer's own login is on top.
    const shown = await rows.locator('td:nth-child(3)').allTextContents();
    expect(shown.some((t) => t.includes('auth.login'))).toBe(false);
    await page.getByLabel('Show logins').check();
    await page.waitForURL(/logins=shown/);
    // The list shows the new page once it has arrived: wait for it rather than read the old one.
    await expect.poll(() => rows.first().textContent()).toContain('auth.login');
    expect(await rows.count()).toBe(50);
    await page.getByLabel('Show logins').uncheck();
    await page.waitForURL((u) => !u.search.includes('logins'));

    await page.getByRole('combobox', { name: /^Action/ }).selectOption('adjudication.resolve');
    await page.getByRole('button', { name: 'Apply filters' }).click();
    await page.getByText('Page 1 of 1 · 1 event').waitFor();
    await expect(rows.first().textContent()).resolves.toContain('ada');
    await rows.first().getByText('before / after').click();
    await expect(rows.first().locator('pre').first().textContent()).resolves.toContain('"status": "draft"');
    if (process.env.CCB_SCREENSHOTS) {
      fs.mkdirSync('docs/screenshots', { recursive: true });
      await page.screenshot({ path: 'docs/screenshots/audit-log.png', fullPage: false });
    }

    await page.getByRole('button', { name: 'Reset' }).click();
    await page.getByLabel('Actor', { exact: true }).fill('anna');
    await page.getByRole('button', { name: 'Apply filters' }).click();
    await page.getByText(/Page 1 of 2 · \d+ events/).waitFor();
    await page.getByRole('button', { name: 'Older' }).click();
    await page.getByText(/Page 2 of 2/).waitFor();
    expect(new URL(page.url()).searchParams.get('actor')).toBe('anna');
    const actors = await rows.locator('td:nth-child(2)').allTextContents();
    expect(new Set(actors)).toEqual(new Set(['anna']));

    await page.getByLabel('From').fill('2020-02-01');
    await page.getByLabel('To', { exact: true }).fill('2020-01-01');
    await page.getByRole('button', { name: 'Apply filters' }).click();
    await expect(page.getByRole('alert').textContent()).resolves.toContain('query.from');
    expect(errors.filter((e) => !/\b40[01]\b/.test(e)), errors.join('\n')).toEqual([]);
  });

  it('labels events with the problem and annotator, and finds a problem’s annotation events by its id', async () => {
    const page = await app.browser.newPage({ viewport: { width: 1280, height: 900 } });
    await login(page, app.url, w.users.maintainer.username, w.users.maintainer.password, '/audit');
    await page.getByRole('heading', { name: 'Audit log' }).waitFor();
    await page.getByLabel('Entity id').fill(w.problems.foreign.questionId);
    await page.getByRole('button', { name: 'Apply filters' }).click();
    await page.getByText('Page 1 of 1 · 4 events').waitFor();
    const entities = await page.locator('.audit-table tbody tr td:nth-child(4)').allTextContents();
    expect(entities.sort()).toEqual([
      'abc804_a Foreign problem (annotation by bert)',
      'abc804_a Foreign problem (annotation by bert)',
      'abc804_a Foreign problem (annotation by cleo)',
      'abc804_a Foreign problem (annotation by cleo)',
    ]);
    await page.close();
  });

  it('is not offered to other roles', async () => {
    const page = await app.browser.newPage();
    await login(page, app.url, w.users.adjudicator.username, w.users.adjudicator.password);
    await expect(page.getByRole('link', { name: 'Audit log' }).count()).resolves.toBe(0);
    await page.goto(`${app.url}/audit`);
    await page.getByText('Page not found').waitFor();
  });
});
