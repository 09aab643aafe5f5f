import fs from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import { all } from '../../db/database';
import { insertJob } from '../../db/suggestionJobs';
import { markStoppedJobs } from '../../server/services/suggestions/interrupted';
import { useGenerationDeps } from '../../server/services/suggestions/generate';
import { login, watchErrors, openFromNav } from '../support/browser';
import { browserHarness } from '../support/browserHarness';
import { buildProblem, buildUser, type BuiltProblem, type BuiltUser } from '../support/builders';
import { completion, fakePoint, startFakeLlm, type FakeLlm } from '../support/fakeLlm';

let fake: FakeLlm | undefined;
let maintainer: BuiltUser;
let problems: BuiltProblem[];

const app = browserHarness(async (db) => {
  // Each answer takes a moment, so the page shows the job running before it is done.
  fake = await startFakeLlm((req) =>
    req.statement.includes('nowhere') ? { ...completion({ points: [fakePoint(['not in the statement'])] }), delayMs: 150 } : { ...completion({ points: [fakePoint(['Determine whether A is a geometric progression.'])] }), delayMs: 150 },
  );
  useGenerationDeps(db, { env: { CCB_LLM_BASE_URL: fake.url, CCB_LLM_API_KEY: 'sk-browser-key', CCB_LLM_MODEL: 'fake-model' }, concurrency: 1 });
  maintainer = await buildUser(db, { role: 'maintainer' });
  problems = [buildProblem(db), buildProblem(db), buildProblem(db, { statement: 'A statement with nowhere to delete.' })];
});
afterAll(async () => {
  await fake?.close();
});

describe('the Suggestions page', () => {
  it('starts a job over the named problems and shows its progress to completion', async () => {
    const page = await app.browser.newPage();
    const errors = watchErrors(page);
    await login(page, app.url, maintainer.username, maintainer.password);
    await openFromNav(page, 'Suggestions');
    await page.getByText('Model:').waitFor();
    await page.getByLabel(/^Problems/).fill(problems.map((p) => p.questionId).join(', '));
    await page.getByRole('button', { name: 'Generate suggestions' }).click();
    const status = page.getByRole('status');
    await status.filter({ hasText: 'Running' }).waitFor();
    await status.filter({ hasText: 'Done: 3 problems, 2 suggestions stored.' }).waitFor({ timeout: 15_000 });
    const progress = page.getByRole('progressbar', { name: /progress/ });
    await expect(progress.getAttribute('value')).resolves.toBe('3');
    await page.getByRole('table', { name: 'Problems without a suggestion' }).getByRole('row', { name: new RegExp(problems[2]!.questionId) }).waitFor();
    // the list of jobs shows it finished too
    await page.getByRole('table', { name: 'Suggestion jobs' }).getByRole('cell', { name: 'done' }).waitFor();
    if (process.env.CCB_SCREENSHOTS) {
      fs.mkdirSync('docs/screenshots', { recursive: true });
      await page.screenshot({ path: 'docs/screenshots/suggestions-job.png', fullPage: true });
    }
    expect(all(app.db, 'SELECT agent FROM suggestions')).toEqual([{ agent: 'fake-model' }, { agent: 'fake-model' }]);
    expect(await page.content()).not.toContain('sk-browser-key');
    expect(errors.filter((e) => !/\b401\b/.test(e)), errors.join('\n')).toEqual([]); // the 401s: the login page's session check
    await page.close();
  });

  it('says a job whose process stopped is interrupted, and how to finish it', async () => {
    // A job left running by a process that is gone, then a server start.
    const id = insertJob(app.db, { agent: 'fake-model', promptVersion: 'ccb-suggest-1', startedBy: 'mara', createdAt: '2026-12-01T10:00:00.000Z', runnerPid: process.pid }, [problems[0]!.id]);
    expect(markStoppedJobs(app.db, '2026-12-01T11:00:00.000Z')).toEqual([id]);
    const page = await app.browser.newPage();
    await login(page, app.url, maintainer.username, maintainer.password);
    await openFromNav(page, 'Suggestions');
    const row = page.getByRole('table', { name: 'Suggestion jobs' }).getByRole('row', { name: new RegExp(`Job ${id}\\b`) });
    await row.getByRole('cell', { name: 'interrupted', exact: true }).waitFor();
    await row.getByRole('button', { name: `Job ${id}` }).click();
    await page
      .getByRole('status')
      .filter({ hasText: 'Interrupted after 0 of 1 problems: the process running it stopped. Start a job over the same problems again; the suggestions already stored are skipped.' })
      .waitFor();
    await page.close();
  });
});
