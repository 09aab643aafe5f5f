import { describe, expect, it } from 'vitest';
import { CLI_ACTOR } from '../../db/events';
import { serializeRelease, type ReleaseRecord } from '../../shared/release/format';
import { importLegacyRelease } from '../../server/services/releases/legacyImport';
import { buildUser, type BuiltUser } from '../support/builders';
import { login, watchErrors, openFromNav } from '../support/browser';
import { browserHarness } from '../support/browserHarness';

let maintainer: BuiltUser;

const task = (n: number, text: string, question = 'Which integers may A hold?'): ReleaseRecord => ({
  task_id: `task_${n}`,
  question_id: 'abc390_b',
  keywords: ['Collection Semantics'],
  modified_content: text,
  qa_pairs: [{ question, answer: 'Positive integers.' }],
});

const app = browserHarness(async (db) => {
  maintainer = await buildUser(db, { role: 'maintainer' });
  const old = [task(1, 'Determine whether A is a geometric progression.\nPrint the answer.'), task(2, 'Print Yes or No.'), task(3, 'Unchanged.')];
  const next = [task(1, 'Determine whether A is a geometric progression.\nPrint the result.', 'What values can A hold?'), task(3, 'Unchanged.'), task(4, 'A new task.')];
  importLegacyRelease(db, Buffer.from(serializeRelease(old)), CLI_ACTOR, { name: 'v1' });
  importLegacyRelease(db, Buffer.from(serializeRelease(next)), CLI_ACTOR, { name: 'v2' });
});

describe('release diff page', () => {
  it('compares the previous release with the newest by default and shows coloured word diffs', async () => {
    const page = await app.browser.newPage();
    await login(page, app.url, maintainer.username, maintainer.password);
    const errors = watchErrors(page);
    await openFromNav(page, 'Release diff');
    await page.getByLabel('Old release').locator('option', { hasText: 'v1 (3 tasks, imported)' }).waitFor({ state: 'attached' });
    await expect(page.getByLabel('Old release').inputValue()).resolves.toBe('v1');
    await expect(page.getByLabel('New release').inputValue()).resolves.toBe('v2');
    await page.getByRole('button', { name: 'Compare' }).click();
    const summary = page.getByRole('status');
    await summary.waitFor();
    await expect(summary.textContent()).resolves.toBe('v1 (3 tasks) → v2 (3 tasks): 1 added, 1 removed, 1 changed, 1 unchanged');
    await expect(page.getByRole('region', { name: 'Added' }).textContent()).resolves.toContain('task_4');
    await expect(page.getByRole('region', { name: 'Removed' }).textContent()).resolves.toContain('task_2');
    const changed = page.getByRole('article', { name: 'Changes to task_1' });
    await expect(changed.textContent()).resolves.toContain('Changed: modified_content, qa_pairs[0].question');
    await expect(changed.locator('del').first().textContent()).resolves.toBe('answer');
    await expect(changed.locator('ins').first().textContent()).resolves.toBe('result');
    const colours = await changed.locator('ins').first().evaluate((el) => getComputedStyle(el).backgroundColor);
    expect(colours).not.toBe('rgba(0, 0, 0, 0)');
    expect(page.url()).toContain('/releases/diff?old=v1&new=v2');
    expect(errors).toEqual([]);
  });

  it('opens a linked comparison directly and reports an unknown release', async () => {
    const page = await app.browser.newPage();
    await login(page, app.url, maintainer.username, maintainer.password, '/releases/diff?old=v2&new=v1');
    await expect(page.getByRole('status').textContent()).resolves.toContain('1 added, 1 removed, 1 changed, 1 unchanged');
    await page.goto(`${app.url}/releases/diff?old=v1&new=v9`);
    await expect(page.getByRole('alert').textContent()).resolves.toBe('No release named "v9".');
  });
});
