import { describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { createSession, SESSION_COOKIE } from '../../server/auth/sessions';
import { watchErrors } from '../support/browser';
import { browserHarness } from '../support/browserHarness';
import { assign, buildProblem, buildUser, type BuiltProblem, type BuiltUser } from '../support/builders';
import { selectInStatement, waitSaved } from '../support/editorPage';
import type { AnnotationView } from '../../shared/schemas/annotation';

let anna: BuiltUser;
let tabs: BuiltProblem;
let devices: BuiltProblem;

const app = browserHarness(async (db) => {
  anna = await buildUser(db, { username: 'anna', role: 'annotator' });
  tabs = buildProblem(db, { title: 'Two tabs' });
  devices = buildProblem(db, { title: 'Two devices' });
  assign(db, tabs.id, anna.id, 1);
  assign(db, devices.id, anna.id, 1);
});

async function annaContext(): Promise<BrowserContext> {
  const context = await app.browser.newContext({ viewport: { width: 1280, height: 900 } });
  await context.addCookies([{ name: SESSION_COOKIE, value: createSession(app.db, anna.id).token, url: app.url }]);
  return context;
}

async function openIn(context: BrowserContext, p: BuiltProblem): Promise<Page> {
  const page = await context.newPage();
  await page.goto(`${app.url}/annotate/${p.questionId}`);
  await page.getByTestId('base-text').waitFor();
  return page;
}

const conflict = (page: Page) => page.getByRole('alert').filter({ hasText: 'This annotation was saved in another tab or session' });

describe('a stale tab is told when another tab saved', () => {
  it('the other tab of the same browser shows the conflict at once, before it saves anything over the new version', async () => {
    const context = await annaContext();
    const [first, second] = [await openIn(context, tabs), await openIn(context, tabs)];
    const errors = watchErrors(second);
    await selectInStatement(first, ' of positive integers');
    await first.keyboard.press('1');
    await first.getByRole('group', { name: 'Point 1' }).getByLabel('Key question').fill('May the elements be zero?');
    await waitSaved(first);
    // The second tab never typed: it is told, and its statement is read-only.
    await conflict(second).filter({ hasText: 'this tab holds version 0' }).waitFor();
    await second.getByTestId('save-state').filter({ hasText: 'Conflict' }).waitFor();
    await second.getByRole('button', { name: 'Load latest' }).click();
    await expect.poll(() => second.getByRole('group', { name: 'Point 1' }).getByLabel('Key question').inputValue()).toBe('May the elements be zero?');
    expect(await conflict(second).count()).toBe(0);
    // The first tab, which saved, is not told anything.
    expect(await conflict(first).count()).toBe(0);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('a tab coming back into view learns of a save from another session, and nothing it holds is sent over it', async () => {
    const context = await annaContext();
    const page = await openIn(context, devices);
    // Another device saves version 1.
    const other = await annaContext();
    const view = (await (await other.request.get(`${app.url}/api/annotations/${devices.questionId}`)).json()) as AnnotationView;
    const at = devices.baseText.indexOf('geometric');
    const saved = await other.request.put(`${app.url}/api/annotations/${devices.questionId}`, {
      data: { baseTextHash: view.baseTextHash, version: 0, points: [{ deletions: [[at, at + 9]], repairs: [], question: 'From the other device', answer: '', type: null }] },
    });
    expect(saved.status()).toBe(200);
    // This tab is shown again (the person switches back to it).
    await page.evaluate(() => window.dispatchEvent(new Event('focus')));
    await conflict(page).filter({ hasText: 'now version 1; this tab holds version 0' }).waitFor();
    const after = (await (await other.request.get(`${app.url}/api/annotations/${devices.questionId}`)).json()) as AnnotationView;
    expect(after).toMatchObject({ version: 1, points: [{ question: 'From the other device' }] });
    await other.close();
    await context.close();
  });
});
