import { describe, expect, it } from 'vitest';
import { CLI_ACTOR } from '../../db/events';
import { DEMO_ACCOUNTS, seedDemo } from '../../server/seed';
import { FIXTURE_SCRYPT } from '../support/builders';
import { importLegacyRelease } from '../../server/services/releases/legacyImport';
import { login, openFromNav } from '../support/browser';
import { browserHarness } from '../support/browserHarness';
import { importedGoldRelease } from '../support/legacyFixture';

const app = browserHarness(async (db) => {
  await seedDemo(db, { scrypt: FIXTURE_SCRYPT });
  importLegacyRelease(db, Buffer.from(importedGoldRelease(db, 80), 'utf8'), CLI_ACTOR, { name: 'public' });
});

describe('adjudication queue beside imported gold', () => {
  it('shows the 5 waiting cases by default and the 80 imported problems only behind a filter, within two screens at 1366×768', async () => {
    const page = await app.browser.newPage({ viewport: { width: 1366, height: 768 } });
    await login(page, app.url, 'ada', DEMO_ACCOUNTS.find((a) => a.username === 'ada')!.password);
    await openFromNav(page, 'Adjudication');
    const table = page.getByRole('table').last();
    await table.waitFor();
    await expect(table.locator('tbody tr').count()).resolves.toBe(5);
    await expect(table.getByText('legacy', { exact: true }).count()).resolves.toBe(0);
    await page.getByText('80 with imported gold').waitFor();
    const height = await page.evaluate(() => document.documentElement.scrollHeight);
    expect(height).toBeLessThanOrEqual(1536);
    if (process.env.CCB_SCREENSHOTS) await page.screenshot({ path: 'docs/screenshots/adjudication-queue.png', fullPage: true });

    await page.getByLabel('Imported gold').selectOption('shown');
    await page.waitForURL(/imported=shown/);
    await table.getByRole('link', { name: 'Imported problem 0', exact: true }).waitFor();
    await expect(table.locator('tbody tr').first().textContent()).resolves.not.toContain('Imported problem');
    await page.close();
  });
});
