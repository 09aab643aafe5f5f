import { describe, expect, it } from 'vitest';
import { get } from '../../db/database';
import { login, watchErrors, openFromNav } from '../support/browser';
import { browserHarness } from '../support/browserHarness';
import { seedReleaseFlow, type ReleaseFlow } from '../support/releaseFlow';

let flow: ReleaseFlow;

const app = browserHarness(async (db) => {
  flow = await seedReleaseFlow(db);
});

describe('data card settings on the releases page', () => {
  it('are edited and saved by a maintainer, refused by field when invalid, and end up in the next cut with its version', async () => {
    const page = await app.browser.newPage();
    const errors = watchErrors(page);
    await login(page, app.url, flow.maintainer.username, flow.maintainer.password);
    await openFromNav(page, 'Releases');
    const form = page.getByRole('form', { name: 'Data card settings' });
    await form.getByText('Edit the license, uses, risks and contacts').click();
    await form.getByLabel('License (Hugging Face id)').waitFor();
    // The annotator-list checkbox sits beside its label (it was drawn above it).
    const flag = (await form.getByLabel('List the annotators and adjudicators (their accounts) in the card').boundingBox())!;
    const flagLine = (await form.locator('label.setting-flag').boundingBox())!;
    expect(flagLine.height).toBeLessThan(2 * Math.max(flag.height, 16));
    await expect(form.getByLabel('License (Hugging Face id)').inputValue()).resolves.toBe('other');
    await expect(form.getByLabel('License slug', { exact: true }).inputValue()).resolves.toBe('mit-and-livecodebench-terms');
    const save = form.getByRole('button', { name: 'Save card settings' });
    await expect(save.isDisabled()).resolves.toBe(true);

    await form.getByLabel('License link', { exact: true }).fill('not a link');
    await form.getByText('licenseLink: use an http(s) address').waitFor();
    await expect(save.isDisabled()).resolves.toBe(true);
    await form.getByLabel('License link', { exact: true }).fill('https://example.org/terms');
    await form.getByLabel('Out-of-scope use').fill('Training on the answers <b>never</b>.');
    await form.getByLabel('Card contact').fill('team@example.org');
    await form.getByLabel('Curated by').fill('The CCB team');
    await form.getByLabel(/List the annotators/).check();
    await save.click();
    await form.getByRole('status').waitFor();
    await expect(form.getByRole('status').textContent()).resolves.toContain('Saved');
    const stored = JSON.parse(get<{ settings: string }>(app.db, 'SELECT settings FROM release_settings WHERE id = 1')!.settings);
    expect(stored).toMatchObject({ licenseLink: 'https://example.org/terms', outOfScopeUse: 'Training on the answers <b>never</b>.', contact: 'team@example.org', curators: 'The CCB team', nameAnnotators: true });

    // A reload shows what was saved.
    await page.reload();
    await form.getByText('Edit the license, uses, risks and contacts').click();
    await form.getByLabel('Card contact').waitFor();
    await expect(form.getByLabel('Card contact').inputValue()).resolves.toBe('team@example.org');

    const cut = page.getByRole('form', { name: 'Cut a release' });
    await cut.getByLabel('Name').fill('spring');
    await expect(cut.getByLabel('Version').getAttribute('placeholder')).resolves.toBe('0.1.0');
    await cut.getByLabel('Version').fill('2.1');
    await cut.getByText('Version: use MAJOR.MINOR.PATCH').waitFor();
    await cut.getByLabel('Version').fill('2.1.0');
    await cut.getByRole('button', { name: 'Check release' }).click();
    await page.getByText('No errors: this release can be cut.').waitFor();
    await cut.getByRole('button', { name: 'Cut release spring' }).click();
    await page.getByRole('dialog', { name: 'Cut release spring?' }).getByRole('button', { name: 'Confirm cut' }).click();
    await cut.getByRole('status').waitFor();
    await expect(cut.getByRole('status').textContent()).resolves.toContain('Version 2.1.0.');

    const card = await page.evaluate(async () => (await fetch('/api/releases/spring/files/README.md')).text());
    expect(card).toContain('license_link: "https://example.org/terms"');
    expect(card).toContain('### Out-of-Scope Use\n\nTraining on the answers <b>never</b>.');
    expect(card).toContain('## Dataset Card Contact\n\nteam@example.org\n');
    expect(card).toContain('- **Curated by:** The CCB team\n');
    expect(card).toContain('Version 2.1.0, cut on ');
    expect(errors.filter((e) => !e.includes('401'))).toEqual([]);
    await page.close();
  });
});
