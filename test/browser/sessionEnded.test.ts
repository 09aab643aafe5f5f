/**
 * When the session ends over a page: the dialog takes the password (the username is filled in),
 * the caret goes back where it was after the login, a deactivated account is told so and its
 * unsaved draft waits in the browser, named, until it is reactivated; other pages load again.
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { AnnotationView } from '../../shared/schemas/annotation';
import { assign, buildProblem, buildUser, type BuiltProblem, type BuiltUser } from '../support/builders';
import { browserHarness } from '../support/browserHarness';
import { login } from '../support/browser';
import { openEditor, selectInStatement, waitSaved } from '../support/editorPage';
import { deleteAllSessions, deleteSessionsOf } from '../../db/sessions';
import { setUserActive } from '../../db/users';

let ann: BuiltUser;
let leaver: BuiltUser;
const problems: BuiltProblem[] = [];

const app = browserHarness(async (db) => {
  ann = await buildUser(db, { username: 'stays', role: 'annotator' });
  leaver = await buildUser(db, { username: 'leaver', role: 'annotator' });
  for (let i = 0; i < 2; i++) problems.push(buildProblem(db, { title: `Ended ${i + 1}` }));
  assign(db, problems[0]!.id, ann.id, 1);
  assign(db, problems[1]!.id, leaver.id, 1);
});

const answerBox = (page: Page) => page.getByRole('group', { name: 'Point 1' }).getByLabel('Answer');
const dialogOf = (page: Page) => page.getByRole('dialog', { name: 'Your session has ended' });
const focusedLabel = (page: Page) => page.evaluate(() => (document.activeElement as HTMLElement | null)?.closest('label')?.textContent?.trim() ?? document.activeElement?.tagName ?? '');
/** The first point's answer as the server has it (asked with the page's own session). */
async function savedAnswer(page: Page, questionId: string): Promise<string> {
  const res = await page.request.get(`${app.url}/api/annotations/${questionId}`);
  expect(res.status()).toBe(200);
  return ((await res.json()) as AnnotationView).points[0]?.answer ?? '';
}

describe('a session that ends over the editor', () => {
  it('focuses the password, then puts the caret back where it was: the next keystrokes land in the answer', async () => {
    const problem = problems[0]!;
    const { page } = await openEditor(app.browser, app.url, ann, problem.questionId);
    await selectInStatement(page, ' of positive integers');
    await page.keyboard.press('1');
    await answerBox(page).fill('abcdef');
    await waitSaved(page);
    await answerBox(page).evaluate((el: HTMLTextAreaElement) => el.setSelectionRange(3, 3));
    deleteAllSessions(app.db);
    await page.keyboard.type('X');
    await dialogOf(page).waitFor();
    await expect.poll(() => focusedLabel(page)).toBe('Password');
    await page.keyboard.type(ann.password);
    await page.keyboard.press('Enter');
    await dialogOf(page).waitFor({ state: 'detached' });
    await expect.poll(() => focusedLabel(page)).toMatch(/^Answer/);
    await page.keyboard.type('Y');
    await expect(answerBox(page).inputValue()).resolves.toBe('abcXYdef');
    await waitSaved(page);
    expect(await savedAnswer(page, problem.questionId)).toBe('abcXYdef');
    await page.close();
  });

  it('tells a deactivated annotator so, names the draft kept in the browser, and saves it once the account is reactivated', async () => {
    const problem = problems[1]!;
    const { page } = await openEditor(app.browser, app.url, leaver, problem.questionId);
    await selectInStatement(page, ' of positive integers');
    await page.keyboard.press('1');
    await waitSaved(page);
    setUserActive(app.db, leaver.id, false);
    deleteSessionsOf(app.db, leaver.id);
    await answerBox(page).fill('typed as the account was deactivated');
    const dialog = dialogOf(page);
    await dialog.waitFor();
    await dialog.getByLabel('Password').fill(leaver.password);
    await dialog.getByRole('button', { name: 'Log in' }).click();
    const alert = dialog.getByRole('alert');
    await alert.getByText('This account is deactivated: ask a maintainer to reactivate it.').waitFor();
    await expect(alert.textContent()).resolves.not.toContain('Wrong username or password');
    await expect(alert.getByRole('list', { name: 'Kept in this browser' }).textContent()).resolves.toBe(`your annotation of ${problem.questionId}`);
    await expect(page.evaluate(() => Object.keys(localStorage).filter((k) => k.startsWith('ccb-draft:leaver:annotation:')).length)).resolves.toBe(1);
    await expect(answerBox(page).inputValue()).resolves.toBe('typed as the account was deactivated');

    setUserActive(app.db, leaver.id, true);
    await dialog.getByRole('button', { name: 'Log in' }).click();
    await dialog.waitFor({ state: 'detached' });
    await waitSaved(page);
    expect(await savedAnswer(page, problem.questionId)).toBe('typed as the account was deactivated');
    await page.close();
  });
});

describe('a session that ends over another page', () => {
  it('loads the page again after the login ("Your agreement could not be loaded" does not stay)', async () => {
    const page = await app.browser.newPage();
    await login(page, app.url, ann.username, ann.password, '/queue');
    // The session ends just as the agreement is asked for: ended any earlier, another of the
    // queue's reads could open the login dialog over the link this test clicks.
    await page.route('**/api/my-agreement', async (route) => {
      deleteAllSessions(app.db);
      await route.continue();
    }, { times: 1 });
    await page.getByRole('link', { name: 'My agreement' }).click();
    await page.getByText('Your agreement could not be loaded.').waitFor();
    const dialog = dialogOf(page);
    await dialog.getByLabel('Password').fill(ann.password);
    await dialog.getByRole('button', { name: 'Log in' }).click();
    await dialog.waitFor({ state: 'detached' });
    await page.getByRole('heading', { name: 'My agreement' }).waitFor();
    await expect(page.getByText('Your agreement could not be loaded.').count()).resolves.toBe(0);
    await page.close();
  });
});
