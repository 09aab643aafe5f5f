import { describe, expect, it } from 'vitest';
import type { Route } from 'playwright-core';
import { assign, buildProblem, buildUser, type BuiltProblem, type BuiltUser } from '../support/builders';
import { login, watchErrors } from '../support/browser';
import { browserHarness } from '../support/browserHarness';
import { selectInStatement, waitSaved } from '../support/editorPage';

let annotator: BuiltUser;
let problem: BuiltProblem;

const app = browserHarness(async (db) => {
  annotator = await buildUser(db, { role: 'annotator' });
  problem = buildProblem(db, { title: 'Loading the editor' });
  assign(db, problem.id, annotator.id, 1);
});

const EDITOR_CHUNK = /\/assets\/EditorPage-[^/]*\.js$/;
const HOLD_LIMIT_MS = 10_000;

describe('loading the editor', () => {
  it('requests the annotation while the editor code is still downloading, and shows no loading fallback for the code', async () => {
    const context = await app.browser.newContext(); // cold cache: the editor chunk really downloads
    const page = await context.newPage();
    const errors = watchErrors(page);
    await login(page, app.url, annotator.username, annotator.password);
    let annotationRequested = false;
    page.on('request', (r) => {
      if (new URL(r.url()).pathname === `/api/annotations/${problem.questionId}`) annotationRequested = true;
    });
    // Hold the editor's chunk until the annotation request shows up (or give up and let it through).
    const held: boolean[] = [];
    await page.route(EDITOR_CHUNK, async (route: Route) => {
      for (let waited = 0; !annotationRequested && waited < HOLD_LIMIT_MS; waited += 20) await new Promise((r) => setTimeout(r, 20));
      held.push(annotationRequested);
      await route.continue();
    });
    // Record whether the page-code fallback inside <main> ever shows: with the code loaded at
    // start-up, the app goes from its start-up placeholder straight to the editor page.
    await page.addInitScript(() => {
      const w = window as unknown as { fallbackShown: boolean };
      w.fallbackShown = false;
      new MutationObserver(() => {
        if (document.querySelector('main.content > p.loading')?.textContent === 'Loading…') w.fallbackShown = true;
      }).observe(document, { subtree: true, childList: true });
    });
    await page.goto(`${app.url}/annotate/${problem.questionId}`);
    await page.getByTestId('base-text').waitFor();
    expect(held).toEqual([true]);
    await expect(page.evaluate(() => (window as unknown as { fallbackShown: boolean }).fallbackShown)).resolves.toBe(false);
    expect(errors.filter((e) => !e.includes('401'))).toEqual([]); // the login page's own /api/me
    await context.close();
  });

  it('opened before logging in, shows the annotation after login (the early request is not reused)', async () => {
    const page = await app.browser.newPage();
    const errors = watchErrors(page);
    await page.goto(`${app.url}/annotate/${problem.questionId}`);
    await page.getByLabel('Username').fill(annotator.username);
    await page.getByLabel('Password').fill(annotator.password);
    await page.getByRole('button', { name: 'Log in' }).click();
    await page.getByTestId('base-text').waitFor();
    await expect(page.getByRole('alert').count()).resolves.toBe(0);
    expect(errors.filter((e) => !e.includes('401'))).toEqual([]); // the anonymous /api/me and early annotation request
    await page.close();
  });

  it('opening the editor again shows the latest save, never an earlier copy', async () => {
    const page = await app.browser.newPage();
    const errors = watchErrors(page);
    await login(page, app.url, annotator.username, annotator.password);
    const openFromQueue = async () => {
      await page.getByRole('link', { name: 'My queue' }).click();
      await page.getByRole('link', { name: 'Loading the editor' }).click();
      await page.getByTestId('base-text').waitFor();
    };
    await openFromQueue();
    await selectInStatement(page, ' of positive integers');
    await page.keyboard.press('1');
    await waitSaved(page);
    await openFromQueue();
    await expect(page.locator('[data-testid="base-text"] del.deleted.p1').count()).resolves.toBe(1);
    // the editor holds the current version: the next save goes through, no conflict
    await selectInStatement(page, '- All input values are integers.');
    await page.keyboard.press('1');
    await waitSaved(page);
    await openFromQueue();
    await expect(page.locator('[data-testid="base-text"] del.deleted.p1').count()).resolves.toBe(2);
    expect(errors.filter((e) => !e.includes('401'))).toEqual([]); // the login page's own /api/me
    await page.close();
  });
});
