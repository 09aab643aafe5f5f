import { describe, expect, it } from 'vitest';
import fs from 'node:fs';
import type { Page } from 'playwright-core';
import { createSession, SESSION_COOKIE } from '../../server/auth/sessions';
import { watchErrors } from '../support/browser';
import { browserHarness } from '../support/browserHarness';
import { assign, buildProblem, buildUser, type BuiltProblem, type BuiltUser } from '../support/builders';

let anna: BuiltUser, bert: BuiltUser, ada: BuiltUser;
let p: BuiltProblem;
const app = browserHarness(async (db) => {
  anna = await buildUser(db, { username: 'anna' });
  bert = await buildUser(db, { username: 'bert' });
  ada = await buildUser(db, { username: 'ada', role: 'adjudicator' });
  p = buildProblem(db, { title: 'Geometric Sequence' });
  assign(db, p.id, anna.id, 1);
  assign(db, p.id, bert.id, 2);
});

/** A page logged in as the user (a session made directly: no login form to wait for). */
async function pageAs(user: BuiltUser): Promise<Page> {
  const context = await app.browser.newContext({ viewport: { width: 1280, height: 900 } });
  await context.addCookies([{ name: SESSION_COOKIE, value: createSession(app.db, user.id).token, url: app.url }]);
  return context.newPage();
}

const discussion = (page: Page) => page.getByRole('region', { name: /^Discussion/ });

describe('a flag answered', () => {
  it('an annotator flags a problem; an adjudicator sees it in the queue, answers and closes it; the annotator sees the reply', async () => {
    const annotator = await pageAs(anna);
    const errors = watchErrors(annotator);
    await annotator.goto(`${app.url}/annotate/${p.questionId}`);
    const panel = discussion(annotator);
    await panel.getByRole('radio', { name: 'Flag the problem' }).check();
    await panel.getByLabel('Reason').selectOption('broken');
    // user text is text: markup stays as typed
    await panel.getByLabel('What is wrong').fill('The constraints cut off mid-sentence <b>here</b>.');
    await panel.getByRole('button', { name: 'Flag', exact: true }).click();
    const mine = panel.getByTestId('comment');
    await expect(mine.first().textContent()).resolves.toContain('flag: statement broken');
    await expect(mine.first().textContent()).resolves.toContain('<b>here</b>');

    const adjudicator = await pageAs(ada);
    await adjudicator.goto(`${app.url}/adjudicate`);
    const flags = adjudicator.getByRole('region', { name: 'Open flags (1)' });
    await expect(flags.textContent()).resolves.toContain('statement broken (Annotator A)');
    await flags.getByRole('link', { name: 'Geometric Sequence' }).click();
    const staff = discussion(adjudicator);
    const flag = staff.getByTestId('comment').first();
    await expect(flag.textContent()).resolves.toContain('Annotator A');
    expect(await staff.textContent()).not.toContain('anna');
    await flag.getByRole('button', { name: /^Reply to comment/ }).click();
    await staff.getByLabel('Your reply').fill('Thanks: the statement is re-imported tomorrow; skip it until then.');
    await staff.getByRole('button', { name: 'Send reply' }).click();
    await staff.getByText('Thanks: the statement is re-imported').waitFor();
    await flag.getByRole('button', { name: /^Close flag/ }).click();
    await flag.getByText('Resolved by ada').waitFor();
    await expect(staff.getByRole('heading', { name: 'Discussion' }).textContent()).resolves.not.toContain('open flag');

    await annotator.goto(`${app.url}/queue`);
    const unread = annotator.getByRole('link', { name: 'Discussion 1 unread reply' });
    await unread.click();
    await annotator.getByRole('link', { name: 'Geometric Sequence' }).click();
    const answer = discussion(annotator).getByTestId('comment').nth(1);
    await expect(answer.textContent()).resolves.toContain('ada (adjudicator)');
    await expect(answer.textContent()).resolves.toContain('skip it until then');
    await expect(answer.textContent()).resolves.toContain('new');
    await expect(discussion(annotator).getByTestId('comment').first().textContent()).resolves.toContain('Resolved by ada');
    // opening the thread marks it read
    await annotator.getByRole('link', { name: 'Discussion (no unread replies)' }).waitFor();
    if (process.env.CCB_SCREENSHOTS) {
      fs.mkdirSync('docs/screenshots', { recursive: true });
      await discussion(annotator).scrollIntoViewIfNeeded();
      await discussion(annotator).screenshot({ path: 'docs/screenshots/discussion.png' });
    }
    expect(errors).toEqual([]);
    await annotator.context().close();
    await adjudicator.context().close();
  });
});
