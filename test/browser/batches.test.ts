import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { SYSTEM_ACTOR } from '../../db/events';
import { createBatch } from '../../server/services/batches';
import { createBatchBody } from '../../shared/schemas/batches';
import { assign, buildProblem, buildUser } from '../support/builders';
import { login, watchErrors, openFromNav } from '../support/browser';
import { browserHarness } from '../support/browserHarness';

const PASSWORD = 'batch-pass-123';

const app = browserHarness(async (db) => {
  await buildUser(db, { username: 'mara', role: 'maintainer', password: PASSWORD });
  const amy = await buildUser(db, { username: 'amy', role: 'annotator', password: PASSWORD });
  const ben = await buildUser(db, { username: 'ben', role: 'annotator', password: PASSWORD });
  await buildUser(db, { username: 'cy', role: 'annotator', password: PASSWORD });
  for (let i = 1; i <= 6; i++) {
    const p = buildProblem(db, { questionId: `bt_${i}`, title: `Sequence task ${i}` });
    if (i >= 5) {
      assign(db, p.id, amy.id, 1);
      assign(db, p.id, ben.id, 2);
    }
  }
  // An older batch long past its due date, already assigned to amy and ben.
  createBatch(db, SYSTEM_ACTOR, createBatchBody.parse({ name: 'old-batch', due: '2020-01-31', problems: ['bt_5', 'bt_6'] }));
});

describe('batches', () => {
  it('a maintainer creates a batch and assigns it in bulk through the preview and its confirmation', async () => {
    const page = await app.browser.newPage({ viewport: { width: 1280, height: 1000 } });
    const errors = watchErrors(page);
    await login(page, app.url, 'mara', PASSWORD);
    await openFromNav(page, 'Batches');
    await page.getByRole('table', { name: 'Batches' }).getByText('overdue: 2 problems').waitFor();

    const form = page.getByRole('form', { name: 'New batch' });
    await form.getByLabel('Name').fill('sprint-1');
    await form.getByLabel('Due date').fill('2099-06-30');
    await form.getByLabel(/Question ids/).fill('bt_1 bt_2\nbt_3');
    await form.getByRole('button', { name: 'Create batch' }).click();
    await page.getByRole('status').filter({ hasText: 'Created batch sprint-1 with 3 problems, due 2099-06-30.' }).waitFor();
    await page.getByRole('status').getByRole('link', { name: 'sprint-1' }).click();
    await page.getByRole('heading', { name: 'Batch sprint-1' }).waitFor();

    const panel = page.getByRole('region', { name: 'Assign the batch' });
    await panel.getByLabel('cy').uncheck();
    await panel.getByRole('button', { name: 'Preview' }).click();
    const preview = panel.getByRole('region', { name: 'Preview' });
    await preview.getByText('3 problems change (6 new assignments); 0 kept as they are.').waitFor();
    expect(await preview.getByRole('table', { name: 'Changes' }).locator('tbody tr').allTextContents()).toEqual([
      'Sequence task 1 bt_1—amy, ben',
      'Sequence task 2 bt_2—amy, ben',
      'Sequence task 3 bt_3—amy, ben',
    ]);
    // Nothing is written before the confirmation.
    await expect(page.getByRole('table', { name: 'Problems of the batch' }).getByText('not assigned').count()).resolves.toBe(3);
    if (process.env.CCB_SCREENSHOTS) {
      fs.mkdirSync('docs/screenshots', { recursive: true });
      await page.screenshot({ path: 'docs/screenshots/batch.png', fullPage: true });
    }
    // Changing the choice drops the preview: only what was previewed can be confirmed.
    await panel.getByLabel('cy').check();
    await preview.waitFor({ state: 'detached' });
    await panel.getByLabel('cy').uncheck();
    await panel.getByRole('button', { name: 'Preview' }).click();
    await panel.getByRole('button', { name: 'Confirm: change 3 problems' }).click();
    await panel.getByRole('status').filter({ hasText: 'Assigned: 3 problems changed, 0 kept.' }).waitFor();
    const perAnnotator = page.getByRole('table', { name: 'Progress per annotator' });
    await perAnnotator.getByRole('row', { name: /^amy 3 3 0 0 0$/ }).waitFor();
    await page.getByRole('table', { name: 'Problems of the batch' }).getByText('amy (to do), ben (to do)').first().waitFor();
    expect(errors.filter((e) => !e.includes('401'))).toEqual([]);
    await page.close();
  });

  it("the annotator's queue groups by batch with due dates, marks overdue work, and searches and filters", async () => {
    const page = await app.browser.newPage({ viewport: { width: 1280, height: 900 } });
    const errors = watchErrors(page);
    await login(page, app.url, 'amy', PASSWORD);
    await page.getByRole('heading', { name: 'Your queue' }).waitFor();
    const headings = page.locator('h2.queue-group');
    await headings.nth(1).waitFor();
    expect(await headings.allTextContents()).toEqual(['Batch old-batch · due 2020-01-31overdue: 2 not submitted', 'Batch sprint-1 · due 2099-06-30']);
    await expect(page.getByRole('table', { name: 'Batch old-batch' }).getByText('overdue').count()).resolves.toBe(2);
    // The next problem to work is the first of the earliest batch.
    await expect(page.evaluate(() => document.activeElement?.textContent)).resolves.toBe('Sequence task 5');
    if (process.env.CCB_SCREENSHOTS) await page.screenshot({ path: 'docs/screenshots/batch-queue.png', fullPage: true });

    const rows = page.locator('.queue-table tbody tr');
    const batch = page.getByRole('combobox', { name: /^Batch/ });
    const state = page.getByRole('combobox', { name: /^State/ });
    const search = page.getByRole('searchbox', { name: /^Search/ });
    await batch.selectOption('sprint-1');
    await page.getByText('3 of 5 problems').waitFor();
    expect(await rows.locator('code').allTextContents()).toEqual(['bt_1', 'bt_2', 'bt_3']);
    await search.fill('bt_2');
    await page.getByText('1 of 5 problems').waitFor();
    expect(await rows.locator('code').allTextContents()).toEqual(['bt_2']);
    await search.fill('');
    await state.selectOption('submitted');
    await page.getByText('No problems match these filters.').waitFor();
    await batch.selectOption('');
    await state.selectOption('todo');
    await page.getByText('5 problems', { exact: true }).waitFor();
    expect(errors.filter((e) => !e.includes('401'))).toEqual([]);
    await page.close();
  });
});
