import { describe, expect, it } from 'vitest';
import { CLI_ACTOR } from '../../db/events';
import { serializeRelease, type ReleaseRecord } from '../../shared/release/format';
import { importLegacyRelease } from '../../server/services/releases/legacyImport';
import { buildProblem, buildUser, type BuiltUser } from '../support/builders';
import { login, openFromNav, watchErrors } from '../support/browser';
import { browserHarness } from '../support/browserHarness';
import { axeViolations } from '../support/axe';

let maintainer: BuiltUser;

const task = (n: number, questionId: string, qa: ReleaseRecord['qa_pairs']): ReleaseRecord => ({
  task_id: `task_${n}`,
  question_id: questionId,
  keywords: ['Collection Semantics'],
  modified_content: `Task ${n}: determine whether A is a geometric progression.`,
  qa_pairs: qa,
});
const SHARED = [{ question: 'Which integers may A hold?', answer: 'Positive integers.' }];
const ADDED = [
  { question: 'What should be printed?', answer: 'Yes or No.' },
  { question: 'How long is A?', answer: 'Between 2 and 100.' },
];

const app = browserHarness(async (db) => {
  maintainer = await buildUser(db, { role: 'maintainer' });
  // An imported public release beside the versioned ones: it counts for no version.
  importLegacyRelease(db, Buffer.from(serializeRelease([task(9, 'abc389_a', SHARED)])), CLI_ACTOR, { name: 'ClarifyCodeBench' });
  importLegacyRelease(db, Buffer.from(serializeRelease([task(1, 'abc390_b', SHARED)])), CLI_ACTOR, { name: 'v1' });
  importLegacyRelease(db, Buffer.from(serializeRelease([task(1, 'abc390_b', SHARED), task(2, 'abc391_c', SHARED)])), CLI_ACTOR, { name: 'v2' });
  importLegacyRelease(db, Buffer.from(serializeRelease([task(1, 'abc390_b', SHARED), task(2, 'abc391_c', SHARED), task(3, 'abc392_d', ADDED)])), CLI_ACTOR, { name: 'v3' });
  buildProblem(db, { questionId: 'abc392_d', title: 'Geometric progression' });
});

describe('release diff on arrival', () => {
  it('compares the two newest releases without being asked, and an added task opens to its questions, answers and problem', async () => {
    const page = await app.browser.newPage();
    await login(page, app.url, maintainer.username, maintainer.password);
    const errors = watchErrors(page);
    await openFromNav(page, 'Release diff');
    // No click on Compare: the default pair is compared at once.
    await expect(page.getByRole('status').textContent()).resolves.toBe('v2 (2 tasks) → v3 (3 tasks): 1 added, 0 removed, 0 changed, 2 unchanged');
    expect(page.url()).toContain('/releases/diff?old=v2&new=v3');
    await expect(page.getByLabel('Old release').inputValue()).resolves.toBe('v2');

    const added = page.getByRole('region', { name: 'Added' });
    const toggle = added.getByRole('button', { name: 'task_3' });
    await expect(toggle.getAttribute('aria-expanded')).resolves.toBe('false');
    await expect(added.getByRole('list', { name: 'Questions of task_3' }).count()).resolves.toBe(0);
    await toggle.click();
    await expect(toggle.getAttribute('aria-expanded')).resolves.toBe('true');
    const questions = added.getByRole('list', { name: 'Questions of task_3' }).getByRole('listitem');
    await expect(questions.allTextContents()).resolves.toEqual(['What should be printed?Answer: Yes or No.', 'How long is A?Answer: Between 2 and 100.']);
    expect(await axeViolations(page)).toEqual([]);
    await added.getByRole('link', { name: 'Open problem abc392_d' }).click();
    await page.getByRole('heading', { name: /Geometric progression/ }).waitFor();
    expect(page.url()).toBe(`${app.url}/problems/abc392_d`);
    // Back on the diff, the comparison still stands (the arrival replaced the bare address).
    await page.goBack();
    await expect(page.getByRole('status').textContent()).resolves.toContain('1 added');
    expect(errors).toEqual([]);
  });

  it('a new cut proposes the version after the highest stored one', async () => {
    const page = await app.browser.newPage();
    await login(page, app.url, maintainer.username, maintainer.password);
    await openFromNav(page, 'Releases');
    const form = page.getByRole('form', { name: 'Cut a release' });
    // Once the stored releases are listed (before, there is nothing to follow and v1 is proposed).
    await page.getByRole('link', { name: 'v3', exact: true }).or(page.getByText('v3', { exact: true })).first().waitFor();
    const name = form.getByLabel('Name');
    await expect(name.getAttribute('placeholder')).resolves.toBe('v4');
    await expect(name.getAttribute('title')).resolves.toContain('Left empty: v4');
  });
});
