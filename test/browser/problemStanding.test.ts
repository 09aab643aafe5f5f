import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { CLI_ACTOR } from '../../db/events';
import { reopenGold } from '../../server/services/adjudications/gold';
import { createBatch } from '../../server/services/batches';
import { cutRelease } from '../../server/services/releases/store';
import { createBatchBody } from '../../shared/schemas/batches';
import { buildAnnotation, spanOf } from '../support/annotationBuilders';
import { assign, buildProblem, buildUser, type BuiltProblem, type BuiltUser } from '../support/builders';
import { login, watchErrors } from '../support/browser';
import { browserHarness } from '../support/browserHarness';
import { axeViolations } from '../support/axe';
import { buildGold } from '../support/releaseBuilders';

let maintainer: BuiltUser;
let adjudicator: BuiltUser;
let unassigned: BuiltProblem;
let halfAssigned: BuiltProblem;
let submitted: BuiltProblem;
let resolved: BuiltProblem;
let reopened: BuiltProblem;

const app = browserHarness(async (db) => {
  maintainer = await buildUser(db, { role: 'maintainer' });
  adjudicator = await buildUser(db, { role: 'adjudicator' });
  const ann = await buildUser(db, { role: 'annotator' });
  const bob = await buildUser(db, { role: 'annotator' });
  unassigned = buildProblem(db, { title: 'Nobody on it' });
  halfAssigned = buildProblem(db, { title: 'One annotator' });
  assign(db, halfAssigned.id, ann.id, 1);
  submitted = buildProblem(db, { title: 'Both submitted' });
  assign(db, submitted.id, ann.id, 1);
  assign(db, submitted.id, bob.id, 2);
  for (const who of [ann, bob]) buildAnnotation(db, submitted.id, who.id, [{ deletions: [spanOf(submitted.baseText, 'of positive integers')], question: 'Which values?', answer: 'Positive integers.' }]);
  resolved = buildProblem(db, { title: 'Resolved and released' });
  // Gold points stored out of text order: the page lists them in gold order, each with its deleted text.
  buildGold(db, resolved.id, [
    { deletions: [spanOf(resolved.baseText, 'geometric progression', 1)], question: 'What does the answer depend on?', answer: 'Whether A is a geometric progression.', type: 'Behavior' },
    { deletions: [spanOf(resolved.baseText, 'of positive integers')], question: 'Which integers may A hold?', answer: 'Positive integers.', type: 'Collection Semantics' },
  ]);
  createBatch(db, CLI_ACTOR, createBatchBody.parse({ name: 'spring', due: '2030-04-15', problems: [resolved.questionId] }));
  cutRelease(db, CLI_ACTOR, { name: 'v1', notes: '', policy: 'all-subsets', extended: false });
  reopened = buildProblem(db, { title: 'Reopened' });
  buildGold(db, reopened.id, [{ deletions: [spanOf(reopened.baseText, 'of positive integers')], question: 'Which integers?', answer: 'Positive integers.' }]);
  reopenGold(db, CLI_ACTOR, reopened.questionId, 'The answer names a constraint the statement never had.');
});

async function openProblem(page: Page, questionId: string) {
  await page.goto(`${app.url}/problems/${questionId}`);
  const work = page.getByRole('region', { name: 'Work on this problem' });
  await work.waitFor();
  return work;
}

describe('the Problem page', () => {
  it('offers the next step: assign annotators while they are missing, the cross-check once both are submitted', async () => {
    const page = await app.browser.newPage();
    await login(page, app.url, maintainer.username, maintainer.password);
    const errors = watchErrors(page);
    let work = await openProblem(page, unassigned.questionId);
    await expect(work.locator('.next-step').textContent()).resolves.toBe('Next step: Two annotators are needed. Assign annotators');
    await work.getByRole('link', { name: 'Assign annotators' }).click();
    // The Assignments page opens filtered to this one problem, its annotator pickers at hand.
    const rows = page.getByRole('table', { name: 'Assignments by problem' }).locator('tbody tr');
    await page.getByRole('button', { name: `Save annotators for ${unassigned.questionId}` }).waitFor();
    await expect(rows.count()).resolves.toBe(1);
    expect(new URL(page.url()).searchParams.get('q')).toBe(unassigned.questionId);

    work = await openProblem(page, halfAssigned.questionId);
    await expect(work.locator('.next-step').textContent()).resolves.toContain('One more annotator is needed.');

    work = await openProblem(page, submitted.questionId);
    await expect(work.locator('.next-step').textContent()).resolves.toContain('both annotations are submitted');
    await work.getByRole('link', { name: 'Open the cross-check' }).click();
    await page.waitForURL(`**/adjudicate/${submitted.questionId}`);
    expect(errors).toEqual([]);
  });

  it('shows a resolved problem’s gold points, the releases holding it, its batch and due date', async () => {
    const page = await app.browser.newPage();
    await login(page, app.url, maintainer.username, maintainer.password);
    const work = await openProblem(page, resolved.questionId);
    await expect(work.locator('.next-step').textContent()).resolves.toContain('Resolved: nothing waits.');
    await expect(work.getByRole('definition').first().textContent()).resolves.toBe('spring, due 2030-04-15');
    await expect(work.getByRole('link', { name: 'spring' }).getAttribute('href')).resolves.toBe('/batches/spring');
    const gold = page.getByRole('list', { name: 'Gold points' }).getByRole('listitem');
    await expect(gold.count()).resolves.toBe(2);
    await expect(gold.nth(0).textContent()).resolves.toContain('What does the answer depend on?');
    await expect(gold.nth(0).textContent()).resolves.toContain('Answer: Whether A is a geometric progression.');
    await expect(gold.nth(0).locator('q').textContent()).resolves.toBe('geometric progression');
    await expect(gold.nth(1).textContent()).resolves.toContain('Which integers may A hold?');
    await expect(gold.nth(1).textContent()).resolves.toContain('Collection Semantics');
    // Two points: three tasks under the all-subsets policy.
    await expect(page.getByRole('list', { name: 'Releases holding this problem' }).textContent()).resolves.toBe('v1 (3 tasks)');
    await expect(page.getByRole('link', { name: 'v1' }).getAttribute('href')).resolves.toBe('/releases/v1/card');
    expect(await axeViolations(page)).toEqual([]);
  });

  it('states the reason of a reopen, and the adjudicator sees the same page without maintainer links', async () => {
    const page = await app.browser.newPage();
    await login(page, app.url, adjudicator.username, adjudicator.password);
    const work = await openProblem(page, reopened.questionId);
    await expect(work.getByLabel('Last reopen').textContent()).resolves.toMatch(/^\d{4}-\d\d-\d\d by cli: The answer names a constraint the statement never had\.$/);
    await expect(work.locator('.next-step').textContent()).resolves.toContain('the adjudication is under way');
    await expect(work.getByRole('link', { name: 'Open the cross-check' }).isVisible()).resolves.toBe(true);
    const other = await openProblem(page, unassigned.questionId);
    await expect(other.locator('.next-step').textContent()).resolves.toBe('Next step: Two annotators are needed. A maintainer assigns them.');
    await expect(other.getByRole('link', { name: 'Assign annotators' }).count()).resolves.toBe(0);
  });
});
