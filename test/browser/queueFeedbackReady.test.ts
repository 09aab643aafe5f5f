/**
 * The annotator's queue tells when feedback is ready: nothing while the gold is a draft, "feedback
 * ready" once the adjudicator resolves it in the cross-check (a link to the feedback page),
 * "reopened: see why" while a maintainer has it reopened, and ready again after the next resolve,
 * the feedback page then saying it was reopened and why.
 */
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { login, watchErrors } from '../support/browser';
import { browserHarness } from '../support/browserHarness';
import { buildUser, type BuiltUser } from '../support/builders';
import { buildFeedbackCase, type FeedbackCase } from '../support/feedbackCase';
import { reopenWithReason, resolveCase } from '../support/adjudicationPage';

const REASON = 'No model asks the key question.';

let c: FeedbackCase;
let mara: BuiltUser;
const app = browserHarness(async (db) => {
  c = await buildFeedbackCase(db);
  mara = await buildUser(db, { username: 'mara', role: 'maintainer' });
});

const contexts: BrowserContext[] = [];
const watched: string[][] = [];
async function pageOf(user: BuiltUser): Promise<Page> {
  const context = await app.browser.newContext({ viewport: { width: 1366, height: 768 } });
  contexts.push(context);
  const page = await context.newPage();
  await login(page, app.url, user.username, user.password);
  watched.push(watchErrors(page));
  return page;
}
afterAll(async () => {
  for (const context of contexts) await context.close();
});

let anna: Page;
let ada: Page;
beforeAll(async () => {
  anna = await pageOf(c.anna);
  ada = await pageOf(c.ada);
});

/** The status cell of the problem's row in anna's queue, the queue opened afresh. */
async function annasStatus(): Promise<ReturnType<Page['locator']>> {
  await anna.goto(`${app.url}/queue`);
  const row = anna.getByRole('row').filter({ hasText: c.problem.questionId });
  await row.waitFor();
  return row.locator('td').last();
}

async function resolveAsAda(): Promise<void> {
  await ada.goto(`${app.url}/adjudicate/${c.problem.questionId}`);
  await resolveCase(ada);
  await ada.getByText(`Resolved by ${c.ada.username}`).waitFor();
}

describe('the queue’s feedback notice', () => {
  it('shows nothing before the resolve, then "feedback ready", a link to the feedback', async () => {
    const before = await annasStatus();
    await expect(before.textContent()).resolves.not.toMatch(/feedback|reopened/);
    await expect(before.getByRole('link').count()).resolves.toBe(0);

    await resolveAsAda();
    const after = await annasStatus();
    const ready = after.getByRole('link', { name: 'feedback ready' });
    await ready.waitFor();
    await ready.click();
    await anna.getByRole('heading', { name: 'Feedback: Geometric check', level: 1 }).waitFor();
    await expect(anna.getByRole('note').count()).resolves.toBe(0);
  });

  it('says "reopened: see why" while reopened, and ready again after the next resolve, the feedback giving the reason', async () => {
    const maintainer = await pageOf(mara);
    await maintainer.goto(`${app.url}/adjudicate/${c.problem.questionId}`);
    await reopenWithReason(maintainer, REASON);
    await maintainer.getByRole('button', { name: 'Resolve', exact: true }).waitFor();
    await (await annasStatus()).getByRole('link', { name: 'reopened: see why' }).waitFor();
    await expect((await annasStatus()).getByRole('link', { name: 'feedback ready' }).count()).resolves.toBe(0);

    await resolveAsAda();
    await (await annasStatus()).getByRole('link', { name: 'feedback ready' }).click();
    const note = anna.getByRole('note');
    await note.waitFor();
    await expect(note.textContent()).resolves.toMatch(new RegExp(`^This problem was reopened on \\d{4}-\\d{2}-\\d{2}, because: ${REASON.replace('.', '\\.')}\\. The gold below is its resolution since\\.$`));
    expect(watched.flat()).toEqual([]);
  });
});
