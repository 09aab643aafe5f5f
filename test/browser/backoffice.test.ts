import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { findUser } from '../../db/users';
import { writeSkip } from '../../db/pointFindings';
import { buildUser } from '../support/builders';
import { login, watchErrors, openFromNav } from '../support/browser';
import { browserHarness } from '../support/browserHarness';
import { lcbRecord, writeJsonl } from '../support/lcb';
import { assignedTo, eventsOf, problemIdOf, problemsInImportOrder, rowCount, userIdOf } from '../support/state';

let page: Page;
let errors: string[];

const app = browserHarness(async (db) => {
  await buildUser(db, { username: 'mara', role: 'maintainer', password: 'mara-pass-123' });
  for (const username of ['amy', 'ben', 'cy']) await buildUser(db, { username, role: 'annotator' });
});

beforeAll(async () => {
  page = await app.browser.newPage();
  errors = watchErrors(page);
  await login(page, app.url, 'mara', 'mara-pass-123');
});

const assigned = () => problemsInImportOrder(app.db).flatMap((p) => assignedTo(app.db, p.question_id).map((username) => ({ question_id: p.question_id, username })));

describe('maintainer back office', () => {
  it('lands on the home page, opens Problems from Work and imports a file, listing every bad line of a broken one', async () => {
    await page.getByRole('heading', { name: 'Needs attention' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/');
    await openFromNav(page, 'Problems');
    await page.getByRole('heading', { name: 'Problems', exact: true }).waitFor();
    const file = page.getByLabel('LiveCodeBench JSONL file');
    await file.setInputFiles(writeJsonl([lcbRecord({ question_id: 'ui_1' }), lcbRecord({ difficulty: 'extreme' })]));
    await page.getByRole('button', { name: 'Import' }).click();
    const alert = page.getByRole('alert');
    await alert.waitFor();
    expect(await alert.textContent()).toContain('line 2: difficulty:');
    expect(rowCount(app.db, 'problems')).toBe(0);

    await file.setInputFiles(writeJsonl([lcbRecord({ question_id: 'ui_1', question_title: 'Sum Of Two' }), lcbRecord({ question_id: 'ui_2' })], 'good.jsonl'));
    await page.getByRole('button', { name: 'Import' }).click();
    await page.getByRole('status').filter({ hasText: 'Imported 2 problems from good.jsonl: 2 new' }).waitFor();
    await page.getByRole('link', { name: 'Sum Of Two' }).waitFor();
  });

  it('auto-assigns and reassigns a problem by hand', async () => {
    await openFromNav(page, 'Assignments');
    // It asks first: how many assignments, to whom. Esc cancels with nothing assigned.
    await page.getByRole('button', { name: 'Auto-assign…' }).click();
    const confirm = page.getByRole('dialog', { name: 'Auto-assign?' });
    await expect(confirm.getByTestId('auto-assign-summary').textContent()).resolves.toBe('4 new assignments for 2 problems.');
    await expect(confirm.getByRole('list', { name: 'New assignments by annotator' }).locator('li').allTextContents()).resolves.toEqual(['amy: 2', 'ben: 1', 'cy: 1']);
    await page.keyboard.press('Escape');
    await confirm.waitFor({ state: 'detached' });
    expect(assigned()).toEqual([]);
    await page.getByRole('button', { name: 'Auto-assign…' }).click();
    await confirm.getByRole('button', { name: 'Make 4 assignments' }).click();
    await page.getByRole('status').filter({ hasText: 'Assigned 2 problems (4 new assignments)' }).waitFor();
    expect(assigned()).toEqual([
      { question_id: 'ui_1', username: 'amy' },
      { question_id: 'ui_1', username: 'ben' },
      { question_id: 'ui_2', username: 'cy' },
      { question_id: 'ui_2', username: 'amy' },
    ]);
    // The status shows before the list reloads; a choice made before the reload would be reset by it.
    await page.getByRole('row').filter({ hasText: 'ui_1' }).getByText(/^ben: /).waitFor();
    await page.getByLabel('Annotator B for ui_1').selectOption('cy');
    await page.getByRole('button', { name: 'Save annotators for ui_1' }).click();
    await page.getByRole('status').filter({ hasText: 'ui_1 is now assigned to amy and cy' }).waitFor();
    expect(assigned().filter((a) => a.question_id === 'ui_1').map((a) => a.username)).toEqual(['amy', 'cy']);
    await page.getByRole('progressbar', { name: 'Submitted by cy' }).waitFor();
  });

  it('lists the problems an annotator skipped, with the reason beside them, and reassigns one from there', async () => {
    const reason = 'The statement is cut off after the constraints.';
    expect(assignedTo(app.db, 'ui_2')).toContain('amy');
    const ids = { problem_id: problemIdOf(app.db, 'ui_2'), user_id: userIdOf(app.db, 'amy') };
    writeSkip(app.db, ids.problem_id, ids.user_id, reason);
    await page.goto(`${app.url}/assignments`);
    await page.getByLabel('Show').selectOption('skipped');
    const row = page.getByRole('row').filter({ hasText: 'ui_2' });
    await expect(row.getByTestId('skip-reason').textContent()).resolves.toBe(`skipped: “${reason}”`);
    // The filtered list replaces the whole one once its read returns: the header and ui_2.
    await expect.poll(() => page.getByRole('table', { name: 'Assignments by problem' }).getByRole('row').count()).toBe(2);
    expect(new URL(page.url()).searchParams.get('skipped')).toBe('yes');
    await page.getByLabel('Annotator B for ui_2').selectOption('ben');
    await page.getByRole('button', { name: 'Save annotators for ui_2' }).click();
    await page.getByRole('status').filter({ hasText: 'ui_2 is now assigned to cy and ben' }).waitFor();
    await page.getByText('No problems match these filters.').waitFor();
    expect(assigned().filter((a) => a.question_id === 'ui_2').map((a) => a.username)).toEqual(['cy', 'ben']);
  });

  it('creates, demotes and deactivates an account', async () => {
    await openFromNav(page, 'Users');
    await page.getByLabel('Username').fill('dora');
    await page.getByLabel('Role', { exact: true }).selectOption('adjudicator');
    await page.getByLabel('Password', { exact: true }).fill('dora-password');
    await page.getByRole('button', { name: 'Create account' }).click();
    await page.getByRole('status').filter({ hasText: 'Created adjudicator dora.' }).waitFor();
    // Picking a role asks first; Cancel leaves the old role, in the list and on the server, and focus on the list.
    await page.getByLabel('Role of dora').focus();
    await page.getByLabel('Role of dora').selectOption('annotator');
    const confirm = page.getByRole('dialog', { name: 'Make dora an annotator?' });
    await expect(confirm.getByTestId('role-change').textContent()).resolves.toContain('dora is an adjudicator (cross-checks and resolves annotated problems). As annotator, dora works a queue of assigned problems');
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await confirm.waitFor({ state: 'detached' });
    await expect(page.getByLabel('Role of dora').inputValue()).resolves.toBe('adjudicator');
    await expect(page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).resolves.toBe('Role of dora');
    expect(findUser(app.db, 'dora')?.role).toBe('adjudicator');
    await page.getByLabel('Role of dora').selectOption('annotator');
    await confirm.getByRole('button', { name: 'Change role' }).click();
    await page.getByRole('status').filter({ hasText: 'dora is now annotator.' }).waitFor();
    // Deactivating asks first; Cancel changes nothing.
    await page.getByRole('button', { name: 'Deactivate dora' }).click();
    const ask = page.getByRole('dialog', { name: 'Deactivate dora?' });
    await expect(ask.getByTestId('deactivate-summary').textContent()).resolves.toContain('dora is logged out at once');
    await ask.getByRole('button', { name: 'Cancel' }).click();
    await ask.waitFor({ state: 'detached' });
    expect(findUser(app.db, 'dora')?.active).toBe(1);
    await page.getByRole('button', { name: 'Deactivate dora' }).click();
    await ask.getByRole('button', { name: 'Deactivate', exact: true }).click();
    await page.getByRole('button', { name: 'Reactivate dora' }).waitFor();
    expect(findUser(app.db, 'dora')).toMatchObject({ role: 'annotator', active: 0 });
    expect(await page.getByLabel('Role of mara').isDisabled()).toBe(true);
    expect(await page.getByRole('button', { name: 'Deactivate mara' }).count()).toBe(0);
    // Expected: the 401 of the first /api/me before login and the 400 of the broken import.
    expect(errors.filter((e) => !/status of 40[01]/.test(e))).toEqual([]);
  });

  it('shows a login lock on the Users page and clears it', async () => {
    const login = (password: string) =>
      fetch(`${app.url}/api/auth/login`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ username: 'ben', password }) });
    for (let i = 0; i < 5; i++) expect((await login('wrong-guess')).status).toBe(401);
    expect((await login('correct-horse-battery')).status).toBe(429);
    await page.reload();
    const row = page.getByRole('row').filter({ hasText: 'ben' });
    await row.getByText('login locked').waitFor();
    expect(await row.textContent()).toContain('5 failed logins, 1 address locked out');
    await page.getByRole('button', { name: 'Clear login lock of ben' }).click();
    await page.getByRole('status').filter({ hasText: 'ben can log in again.' }).waitFor();
    await row.getByText('login locked').waitFor({ state: 'detached' });
    expect(eventsOf(app.db, 'user.unlock').filter((e) => e.entityId === String(userIdOf(app.db, 'ben'))).map((e) => ({ actor: e.actor }))).toEqual([{ actor: 'mara' }]);
    expect((await login('correct-horse-battery')).status).toBe(200);
  });
});
