import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { createSession, SESSION_COOKIE } from '../../server/auth/sessions';
import { postComment } from '../../server/services/comments/comments';
import { createBatch } from '../../server/services/batches';
import { createBatchBody } from '../../shared/schemas/batches';
import { watchErrors } from '../support/browser';
import { browserHarness } from '../support/browserHarness';
import { assign, buildProblem, buildUser, type BuiltProblem, type BuiltUser } from '../support/builders';

let anna: BuiltUser, mara: BuiltUser;
let p: BuiltProblem;
const app = browserHarness(async (db) => {
  anna = await buildUser(db, { username: 'anna' });
  mara = await buildUser(db, { username: 'mara', role: 'maintainer' });
  p = buildProblem(db, { title: 'Flagged far down' });
  for (let i = 0; i < 3; i++) buildProblem(db, { title: `Other problem ${i}` });
  assign(db, p.id, anna.id, 1);
  postComment(db, { id: anna.id, role: 'annotator' }, { id: anna.id, name: 'anna' }, p.questionId, { kind: 'flag', reason: 'unclear', body: 'May N be 1?' });
  createBatch(db, { id: mara.id, name: 'mara' }, createBatchBody.parse({ name: 'week-9', due: '2030-01-31', problems: [p.questionId] }));
});

async function pageAs(user: BuiltUser): Promise<Page> {
  const context = await app.browser.newContext({ viewport: { width: 1366, height: 768 } });
  await context.addCookies([{ name: SESSION_COOKIE, value: createSession(app.db, user.id).token, url: app.url }]);
  return context.newPage();
}

describe('a flag link lands on the discussion', () => {
  it('from the Problems page the flag badge opens the problem scrolled to the discussion with focus on it; a closed flag reopens', async () => {
    const page = await pageAs(mara);
    const errors = watchErrors(page);
    await page.goto(`${app.url}/problems`);
    const row = page.getByRole('row').filter({ hasText: 'Flagged far down' });
    // The batch column names the problem's batch.
    await row.getByRole('link', { name: 'week-9' }).waitFor();
    await row.getByRole('link', { name: '1 open flag' }).click();
    const discussion = page.getByRole('region', { name: /^Discussion/ });
    await discussion.getByText('May N be 1?').waitFor();
    await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('discussion');
    const box = await discussion.boundingBox();
    expect(box && box.y >= 0 && box.y < 768).toBe(true);

    await discussion.getByRole('button', { name: 'Close flag 1' }).click();
    await discussion.getByRole('button', { name: 'Reopen flag 1' }).click();
    await discussion.getByRole('button', { name: 'Close flag 1' }).waitFor();
    await discussion.getByText('1 open flag').waitFor();
    expect(errors).toEqual([]);
  });
});

describe('your account', () => {
  it('an annotator opens Your account from the name in the top bar and changes the password', async () => {
    const page = await pageAs(anna);
    await page.goto(`${app.url}/queue`);
    await page.getByRole('link', { name: 'anna' }).click();
    await page.getByRole('heading', { name: 'Your account' }).waitFor();
    if (process.env.CCB_SCREENSHOTS) {
      // the password form as every role sees it, for docs/operations.md
      fs.mkdirSync('docs/screenshots', { recursive: true });
      await page.screenshot({ path: 'docs/screenshots/account.png' });
    }
    await page.getByLabel('Current password').fill('wrong-password');
    await page.getByLabel('New password', { exact: true }).fill('anna-new-secret');
    await page.getByLabel('New password again').fill('anna-new-secret');
    await page.getByRole('button', { name: 'Change password' }).click();
    await expect(page.getByRole('alert').textContent()).resolves.toContain('currentPassword: this is not your current password');
    await page.getByLabel('Current password').fill(anna.password);
    await page.getByRole('button', { name: 'Change password' }).click();
    await page.getByRole('status').filter({ hasText: 'Password changed. You stay signed in here' }).waitFor();
  });
});
