import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { CLI_ACTOR } from '../../db/events';
import type { CaseView } from '../../shared/adjudicationView';
import { importLegacyRelease } from '../../server/services/releases/legacyImport';
import { buildUser, type BuiltUser } from '../support/builders';
import { login, watchErrors } from '../support/browser';
import { browserHarness } from '../support/browserHarness';
import { openReopenedCase, resolveCase, tickChecklist } from '../support/adjudicationPage';
import { loginAs, testApp } from '../support/http';
import { buildLegacyFixture, type LegacyFixture } from '../support/legacyFixture';

let fixture: LegacyFixture;
let ada: BuiltUser;
let mara: BuiltUser;

const app = browserHarness(async (db) => {
  fixture = buildLegacyFixture(db);
  importLegacyRelease(db, Buffer.from(fixture.jsonl, 'utf8'), CLI_ACTOR, { name: 'legacy-v1' });
  ada = await buildUser(db, { username: 'ada', role: 'adjudicator' });
  mara = await buildUser(db, { username: 'mara', role: 'maintainer' });
});

const record = (taskId: string) => fixture.records.find((r) => r.task_id === taskId)!;

describe('cross-check page of a problem recovered from a legacy release', () => {
  it('is found in the queue by status and shows the gold points, their deletions, flagged repairs and the task preview, without A/B panels', async () => {
    const page = await app.browser.newPage({ viewport: { width: 1280, height: 900 } });
    const errors = watchErrors(page);
    await login(page, app.url, ada.username, ada.password);
    await page.getByRole('heading', { name: 'Adjudication queue' }).waitFor();
    await page.getByLabel('Status').selectOption('resolved');
    const row = page.getByRole('row').filter({ hasText: 'leg100_a' });
    await expect.poll(() => row.getByText('legacy', { exact: true }).count()).toBe(1);
    await row.getByRole('link').click();
    await page.waitForURL('**/adjudicate/leg100_a');

    await page.getByRole('region', { name: 'Gold point 1' }).waitFor();
    await expect(page.getByText('the gold points were recovered from a legacy release', { exact: false }).count()).resolves.toBe(1);
    await expect(page.getByRole('region', { name: 'Cross-check' }).count()).resolves.toBe(0);
    await expect(page.getByText('Annotator A', { exact: false }).count()).resolves.toBe(0);

    const single = (n: number) => record(`task_1${n}`).qa_pairs[0]!;
    for (const n of [1, 2, 3]) {
      const card = page.getByRole('region', { name: `Gold point ${n}` });
      await expect(card.getByText('provenance: legacy').count()).resolves.toBe(1);
      await expect(card.getByLabel('Question', { exact: true }).inputValue()).resolves.toBe(single(n - 1).question);
      expect(await card.getByLabel('Question', { exact: true }).isDisabled()).toBe(true);
    }
    await expect(page.getByRole('region', { name: 'Gold point 2' }).getByLabel('Reconstructed repairs').textContent()).resolves.toContain('"," → "."');
    await expect(page.getByRole('list', { name: 'Gold point styles' }).getByRole('listitem').count()).resolves.toBe(3);
    const deleted = page.getByLabel('Gold deletions in the base text');
    await expect(deleted.locator('del.p1').allTextContents()).resolves.toEqual([' of positive integers']);
    await expect(page.getByRole('list', { name: 'Inherited findings' }).textContent()).resolves.toContain('Point 2, repair 1: a repair must sit next to a deletion');
    await expect(page.getByText('3 gold points · 6 tasks in the release (1 left out by the release it continues)').count()).resolves.toBe(1);

    await expect(page.getByTestId('task-text-0,1').textContent()).resolves.toBe(record('task_13').modified_content);
    const rewrite = page.getByRole('article', { name: 'Task 3', exact: true });
    await expect(rewrite.getByText('rewrite', { exact: true }).count()).resolves.toBe(1);
    await expect(page.getByTestId('task-text-2').textContent()).resolves.toBe(record('task_12').modified_content);
    await expect(page.getByRole('article', { name: 'Task 2 + 3' }).getByText('not in the release').count()).resolves.toBe(1);
    await expect(page.getByText('not in the release').count()).resolves.toBe(1);
    // The README's screenshot, refreshed on request only: a test run never changes tracked files.
    if (process.env.CCB_SCREENSHOTS) {
      fs.mkdirSync('docs/screenshots', { recursive: true });
      await page.screenshot({ path: path.join('docs/screenshots', 'crosscheck-legacy.png'), fullPage: true, clip: { x: 0, y: 0, width: 1280, height: 1500 } });
    }
    expect(errors.filter((e) => !e.includes('401'))).toEqual([]);
    await page.close();
  });

  it('lets a maintainer reopen it, confirm the checklist and resolve it again with the legacy points unchanged', async () => {
    const { page, errors } = await openReopenedCase(app, mara, 'leg100_b');
    await tickChecklist(page, [1, 2]);
    await page.getByText('All changes saved').waitFor();
    await resolveCase(page);
    await page.getByText(`Resolved by ${mara.username}`).waitFor();

    const agent = await loginAs(testApp(app.db), mara);
    const view = (await agent.get('/api/adjudications/leg100_b')).body as CaseView;
    expect(view.gold).toMatchObject({ status: 'resolved', source: 'legacy' });
    expect(view.gold.points.map((p) => [p.provenance, p.question])).toEqual([
      ['legacy', record('task_20').qa_pairs[0]!.question],
      ['legacy', record('task_21').qa_pairs[0]!.question],
    ]);
    expect(view.tasks.map((t) => t.text)).toEqual(['task_20', 'task_21', 'task_22'].map((id) => record(id).modified_content));
    expect(errors.filter((e) => !e.includes('401'))).toEqual([]);
    await page.close();
  });
});
