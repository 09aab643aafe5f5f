import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { BrowserContext } from 'playwright-core';
import { createSession, SESSION_COOKIE } from '../../server/auth/sessions';
import { saveGuidelines } from '../../server/services/guidelines';
import { watchErrors } from '../support/browser';
import { browserHarness } from '../support/browserHarness';
import { buildUser, type BuiltUser } from '../support/builders';

const HOSTILE = '<img src=x onerror="window.__pwned=1">';
let mara: BuiltUser;
let anna: BuiltUser;

const app = browserHarness(async (db) => {
  mara = await buildUser(db, { username: 'mara', role: 'maintainer' });
  anna = await buildUser(db, { username: 'anna', role: 'annotator' });
  saveGuidelines(db, { id: mara.id, name: 'mara' }, { version: 1, markdown: '## Conventions\n\nDelete whole clauses.\n' });
});

async function contextOf(user: BuiltUser): Promise<BrowserContext> {
  const context = await app.browser.newContext({ viewport: { width: 1280, height: 900 } });
  await context.addCookies([{ name: SESSION_COOKIE, value: createSession(app.db, user.id).token, url: app.url }]);
  return context;
}

describe('guidelines versions', () => {
  it('the maintainer previews the text and what it changes before saving, then compares two saved versions', async () => {
    const context = await contextOf(mara);
    const page = await context.newPage();
    const errors = watchErrors(page);
    await page.goto(`${app.url}/guidelines`);
    await page.getByRole('heading', { name: 'Guidelines', level: 1 }).waitFor();
    await page.getByLabel('Team guidelines (Markdown)').fill(`## Conventions\n\nDelete whole sentences.\n\n${HOSTILE}\n`);
    await page.getByRole('button', { name: 'Preview' }).click();
    const preview = page.getByRole('region', { name: 'Preview of version 3 (not saved)' });
    await preview.getByRole('heading', { name: 'Conventions' }).waitFor();
    const changes = preview.getByRole('list', { name: 'Changes against version 2' });
    await expect(changes.locator('.diff-removed').allTextContents()).resolves.toEqual(['−removed: Delete whole clauses.']);
    await expect(changes.locator('.diff-added').allTextContents()).resolves.toEqual(['+added: Delete whole sentences.', '+added: \u00a0', `+added: ${HOSTILE}`]);
    // Nothing is saved by a preview.
    await expect(page.getByRole('table', { name: 'Guidelines versions' }).getByRole('row').count()).resolves.toBe(3);
    await page.getByRole('button', { name: 'Save as version 3' }).click();
    await page.getByRole('status').filter({ hasText: 'Saved as version 3.' }).waitFor();

    // The versions: who and when, and what changed between two chosen ones, as text.
    const versions = page.getByRole('table', { name: 'Guidelines versions' });
    await versions.getByRole('row', { name: /^3 mara/ }).waitFor();
    await page.getByRole('heading', { name: 'Changes from version 2 to version 3' }).waitFor();
    if (process.env.CCB_SCREENSHOTS) {
      // the versions and what changed from the one before, for docs/annotating.md
      await page.getByRole('list', { name: 'Changes from version 2 to version 3' }).locator('.diff-removed').waitFor();
      fs.mkdirSync('docs/screenshots', { recursive: true });
      await page.locator('.guidelines-versions').screenshot({ path: 'docs/screenshots/guidelines-versions.png' });
    }
    await page.getByLabel('Compare version').selectOption('1');
    const diff = page.getByRole('list', { name: 'Changes from version 1 to version 3' });
    await expect(diff.locator('.diff-added').first().textContent()).resolves.toBe('+added: ## Conventions');
    expect(await page.evaluate(() => (window as { __pwned?: number }).__pwned)).toBeUndefined();
    expect(errors).toEqual([]);
    await context.close();
  });

  it('tells an annotator the guidelines changed since their last visit, shows what changed, and clears it once they open them', async () => {
    const context = await contextOf(anna);
    const page = await context.newPage();
    await page.goto(`${app.url}/queue`);
    const news = page.getByTestId('guidelines-news');
    await news.filter({ hasText: 'The guidelines changed since your last visit (now version 3, you last read version 1).' }).waitFor();
    const visitRecorded = page.waitForResponse((r) => r.url().endsWith('/api/guidelines/seen') && r.request().method() === 'PUT');
    await news.getByRole('link', { name: 'See what changed' }).click();
    await page.getByRole('heading', { name: 'Guidelines', level: 1 }).waitFor();
    await page.getByRole('status').filter({ hasText: 'Changed since your last visit: you last read version 1' }).waitFor();
    await page.getByRole('heading', { name: 'Changes from version 1 to version 3' }).waitFor();
    await page.getByRole('list', { name: 'Changes from version 1 to version 3' }).locator('.diff-added').first().waitFor();
    expect((await visitRecorded).status()).toBe(200);
    // The news stays for the whole visit, though the visit is recorded.
    await page.getByRole('status').filter({ hasText: 'Changed since your last visit' }).waitFor();
    await page.goto(`${app.url}/queue`);
    await page.getByRole('heading', { name: 'Your queue' }).waitFor();
    await page.getByText('No problems are assigned to you yet.').waitFor();
    expect(await news.count()).toBe(0);
    await context.close();
  });
});
