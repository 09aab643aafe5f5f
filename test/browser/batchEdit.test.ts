/**
 * Changing a batch from its page, reached from the Batches page: rename and re-date it (the page
 * moves to the new address), add and remove problems (submitted work is never moved: the page
 * says which problem stays), and delete it after a confirmation that says what stays.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SYSTEM_ACTOR } from '../../db/events';
import { batchOfProblem, batchProblemIds, createBatch } from '../../server/services/batches';
import { createBatchBody } from '../../shared/schemas/batches';
import { buildAnnotation } from '../support/annotationBuilders';
import { assign, buildProblem, buildUser } from '../support/builders';
import { login, watchErrors } from '../support/browser';
import { browserHarness } from '../support/browserHarness';

const PASSWORD = 'batch-edit-pass-1';

const app = browserHarness(async (db) => {
  await buildUser(db, { username: 'mara', role: 'maintainer', password: PASSWORD });
  const amy = await buildUser(db, { username: 'amy', role: 'annotator', password: PASSWORD });
  for (let i = 1; i <= 5; i++) {
    const p = buildProblem(db, { questionId: `be_${i}`, title: `Edited task ${i}` });
    // be_2 holds amy's submitted annotation: it never leaves its batch.
    if (i === 2) {
      assign(db, p.id, amy.id, 1);
      buildAnnotation(db, p.id, amy.id, [{ deletions: [[0, 3]] }], 'submitted');
    }
  }
  createBatch(db, SYSTEM_ACTOR, createBatchBody.parse({ name: 'week-1', due: '2026-03-06', problems: ['be_1', 'be_2', 'be_3'] }));
});

let page: Page;
let errors: string[];
beforeAll(async () => {
  page = await app.browser.newPage({ viewport: { width: 1366, height: 768 } });
  await login(page, app.url, 'mara', PASSWORD);
  errors = watchErrors(page);
});
afterAll(() => page.close());

const problemIds = async () => {
  const table = page.getByRole('table', { name: 'Problems of the batch' });
  await table.waitFor();
  return table.locator('tbody tr td:first-child code').allTextContents();
};

describe('changing a batch on its page', () => {
  it('renames and re-dates it from the Batches page; the page moves to the new name', async () => {
    await page.goto(`${app.url}/batches`);
    await page.getByRole('table', { name: 'Batches' }).getByRole('link', { name: 'week-1' }).click();
    await page.getByRole('heading', { name: 'Batch week-1', level: 1 }).waitFor();
    const form = page.getByRole('form', { name: 'Name and due date' });
    const save = form.getByRole('button', { name: 'Save name and due date' });
    await expect(save.isDisabled()).resolves.toBe(true);
    await form.getByLabel('Name').fill('sprint-1');
    await form.getByLabel('Due date').fill('2026-03-20');
    await save.click();
    await page.getByRole('heading', { name: 'Batch sprint-1', level: 1 }).waitFor();
    await page.getByRole('status').filter({ hasText: 'Saved: sprint-1, due 2026-03-20.' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/batches/sprint-1');
    await page.getByText(/^Due 2026-03-20/).waitFor();
    expect(batchOfProblem(app.db, 'be_1')).toMatchObject({ name: 'sprint-1', due: '2026-03-20' });
  });

  it('adds problems in no batch and removes one without submitted work; the lists follow', async () => {
    const form = page.getByRole('form', { name: 'Add or remove problems' });
    await form.getByLabel('Add (question ids)').fill('be_4, be_5');
    await form.getByLabel('Remove (question ids)').fill('be_1');
    await form.getByRole('button', { name: 'Change problems' }).click();
    await form.getByRole('status').filter({ hasText: 'The batch now holds 4 problems.' }).waitFor();
    await page.getByText(/ · 4 problems · /).waitFor();
    await expect.poll(problemIds).toEqual(['be_2', 'be_3', 'be_4', 'be_5']);
    expect(batchProblemIds(app.db, 'sprint-1')).toEqual(['be_2', 'be_3', 'be_4', 'be_5']);
    expect(batchOfProblem(app.db, 'be_1')).toBeNull();
  });

  it('keeps a problem with submitted work in its batch and says so', async () => {
    const form = page.getByRole('form', { name: 'Add or remove problems' });
    await form.getByLabel('Remove (question ids)').fill('be_2');
    await form.getByRole('button', { name: 'Change problems' }).click();
    const alert = form.getByRole('alert');
    await alert.waitFor();
    await expect(alert.textContent()).resolves.toBe('remove: submitted work is never moved; be_2 has submitted annotations and stays in sprint-1.');
    expect(batchProblemIds(app.db, 'sprint-1')).toEqual(['be_2', 'be_3', 'be_4', 'be_5']);
  });

  it('deletes it only after the confirmation, which says its problems stay; cancelling keeps it', async () => {
    await page.getByRole('button', { name: 'Delete the batch…' }).click();
    let dialog = page.getByRole('dialog', { name: 'Delete batch sprint-1?' });
    await expect(dialog.textContent()).resolves.toContain('Its 4 problems stay, with their assignments and work, in no batch.');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'detached' });
    expect(batchProblemIds(app.db, 'sprint-1')).not.toBeNull();

    await page.getByRole('button', { name: 'Delete the batch…' }).click();
    dialog = page.getByRole('dialog', { name: 'Delete batch sprint-1?' });
    await dialog.getByRole('button', { name: 'Delete the batch' }).click();
    await page.getByRole('heading', { name: 'Batches', level: 1 }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/batches');
    await page.getByText('No batches yet. Create one below.').waitFor();
    await expect(page.getByRole('link', { name: 'sprint-1' }).count()).resolves.toBe(0);
    expect(batchProblemIds(app.db, 'sprint-1')).toBeNull();
    expect(batchOfProblem(app.db, 'be_2')).toBeNull();
    // The refusal above answered 409; the batch's old address is not read again once it is renamed or deleted (no 404).
    expect(errors.filter((e) => !/status of 409/.test(e))).toEqual([]);
  });
});
