import { describe, expect, it } from 'vitest';
import { assignedTo } from '../support/state';
import { saveDraft } from '../../server/services/annotations';
import { assign, buildProblem, type BuiltProblem } from '../support/builders';
import { login, watchErrors, openFromNav } from '../support/browser';
import { browserHarness } from '../support/browserHarness';
import { buildWorld, pointFor, type World } from '../support/world';
import { hashOf } from '../support/baseText';

let w: World;
let fresh: BuiltProblem;

const app = browserHarness(async (db) => {
  w = await buildWorld(db);
  // assigned to anna and cleo, neither has started: both slots can still change
  fresh = buildProblem(db, { questionId: 'abc807_a', title: 'Fresh problem' });
  assign(db, fresh.id, w.users.owner.id, 1);
  assign(db, fresh.id, w.users.other.id, 2);
});

const holders = (questionId: string) => assignedTo(app.db, questionId);

describe('back-office feedback', () => {
  it('disables the annotator controls of started problems with the reason, and rolls a rejected change back', async () => {
    const page = await app.browser.newPage({ viewport: { width: 1280, height: 900 } });
    const errors = watchErrors(page);
    await login(page, app.url, w.users.maintainer.username, w.users.maintainer.password);
    await openFromNav(page, 'Assignments');

    const submittedA = page.getByLabel(`Annotator A for ${w.problems.shared.questionId}`);
    await submittedA.waitFor();
    expect(await submittedA.isDisabled()).toBe(true);
    expect(await submittedA.getAttribute('title')).toBe('anna has submitted this problem (submitted); their work would be lost, so they stay assigned.');
    const draftB = page.getByLabel(`Annotator B for ${w.problems.drafts.questionId}`);
    expect(await draftB.isDisabled()).toBe(true);
    expect(await draftB.getAttribute('title')).toContain('bert has started this problem (in progress)');

    // cleo starts the fresh problem after the page was loaded: the maintainer's change is refused
    const freshB = page.getByLabel(`Annotator B for ${fresh.questionId}`);
    expect(await freshB.isDisabled()).toBe(false);
    const cleo = { id: w.users.other.id, username: w.users.other.username, role: w.users.other.role };
    saveDraft(app.db, cleo, { id: cleo.id, name: cleo.username }, fresh.questionId, { baseTextHash: hashOf(fresh), version: 0, points: [pointFor(fresh.baseText, 'positive integers', 'Which values?')] });
    await freshB.selectOption('bert');
    await page.getByRole('button', { name: `Save annotators for ${fresh.questionId}` }).click();
    await expect(page.getByRole('alert').textContent()).resolves.toContain('cleo has already started annotating abc807_a');
    await page.waitForFunction((label) => (document.querySelector(`select[aria-label="${label}"]`) as HTMLSelectElement | null)?.value === 'cleo', `Annotator B for ${fresh.questionId}`);
    await page.waitForFunction((label) => (document.querySelector(`select[aria-label="${label}"]`) as HTMLSelectElement | null)?.disabled === true, `Annotator B for ${fresh.questionId}`);
    expect(holders(fresh.questionId)).toEqual(['anna', 'cleo']);
    expect(errors.filter((e) => !/status of 40[019]/.test(e))).toEqual([]);
    await page.close();
  });

  it('clears an old error on the Users page once the next action succeeds', async () => {
    const page = await app.browser.newPage({ viewport: { width: 1280, height: 900 } });
    await login(page, app.url, w.users.maintainer.username, w.users.maintainer.password);
    await openFromNav(page, 'Users');
    await page.getByLabel('Username').fill('anna');
    await page.getByLabel('Password', { exact: true }).fill('another-password');
    await page.getByRole('button', { name: 'Create account' }).click();
    await expect(page.getByRole('alert').textContent()).resolves.toMatch(/anna/);
    await page.getByLabel('Role of cleo').selectOption('adjudicator');
    await page.getByRole('dialog', { name: 'Make cleo an adjudicator?' }).getByRole('button', { name: 'Change role' }).click();
    await page.getByRole('status').filter({ hasText: 'cleo is now adjudicator.' }).waitFor();
    expect(await page.getByRole('alert').count()).toBe(0);
    await page.close();
  });
});
