import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { CLI_ACTOR } from '../../db/events';
import { importLegacyRelease } from '../../server/services/releases/legacyImport';
import { serializeRelease, type ReleaseRecord } from '../../shared/release/format';
import { login, watchErrors } from '../support/browser';
import { browserHarness } from '../support/browserHarness';
import { axeViolations } from '../support/axe';
import { buildUser, type BuiltUser } from '../support/builders';
import { runLine, storeRun } from '../support/runFixture';

let maintainer: BuiltUser;
const QUESTIONS = ['Which integers may A hold?', 'What should be printed when A is empty?'];
const record = (n: number, qa: number): ReleaseRecord => ({
  task_id: `task_${n}`,
  question_id: `abc${300 + n}_a`,
  keywords: ['Collection Semantics'],
  modified_content: `Task ${n}, with a detail left out.`,
  qa_pairs: QUESTIONS.slice(0, qa).map((question) => ({ question, answer: 'As the statement said.' })),
});

const app = browserHarness(async (db) => {
  maintainer = await buildUser(db, { role: 'maintainer' });
  const tasks = [record(1, 1), record(2, 2), record(3, 1)];
  importLegacyRelease(db, Buffer.from(serializeRelease(tasks)), CLI_ACTOR, { name: 'v1' });
  const lines = tasks.map((t) => runLine(t.task_id, t.question_id, t.qa_pairs.length, t.qa_pairs.map((qa) => qa.question), t.qa_pairs.map(() => 1)));
  await storeRun(db, CLI_ACTOR, 'model-a', { release: 'v1' }, lines);
});

async function openRuns(page: Page, view = '') {
  await login(page, app.url, maintainer.username, maintainer.password, `/runs${view ? `?view=${view}` : ''}`);
}

/** Each heading of the table: its text and the definition it carries (an abbr's title or the heading's own title). */
async function headings(table: Locator): Promise<{ text: string; definitions: string[] }[]> {
  await table.waitFor();
  return table.locator('thead th').evaluateAll((ths) =>
    ths.map((th) => ({
      text: (th.textContent ?? '').trim(),
      definitions: [th.getAttribute('title'), ...[...th.querySelectorAll('abbr')].map((a) => a.getAttribute('title'))].filter((t): t is string => !!t),
    })),
  );
}

describe('Runs page cells and headings', () => {
  it('shows a missing pass@1 as a status chip whose help link lands on its definition, never as a command', async () => {
    const page = await app.browser.newPage({ viewport: { width: 1366, height: 768 } });
    await openRuns(page);
    const errors = watchErrors(page);
    const models = page.getByRole('table', { name: 'Models side by side' });
    const row = models.getByRole('row', { name: /model-a/ });
    await row.waitFor();
    await expect(row.locator('.status-chip').allTextContents()).resolves.toEqual(['not imported', 'not imported', 'needs both']);
    // No cell of any table on the view tells the maintainer to run a command.
    const cells = await page.locator('td').allTextContents();
    expect(cells.filter((c) => /import-pass1|npm run|\bcli\b|--setting/.test(c))).toEqual([]);
    const titles = await page.locator('td [title], td[title]').evaluateAll((els) => els.map((e) => e.getAttribute('title') ?? ''));
    expect(titles.filter((t) => /import-pass1|--setting/.test(t))).toEqual([]);

    // The help is folded under the tables until a chip's link unfolds it at the entry.
    await expect(page.locator('#runs-help-status-not-imported').isVisible()).resolves.toBe(false);
    await row.getByRole('link', { name: 'Why pass@1 complete is missing: not imported' }).click();
    const entry = page.locator('#runs-help-status-not-imported');
    await expect(entry.locator('dt').textContent()).resolves.toBe('not imported');
    await expect(entry.locator('dd').textContent()).resolves.toContain('LiveCodeBench');
    expect(new URL(page.url()).hash).toBe('#runs-help-status-not-imported');
    await expect(entry.isVisible()).resolves.toBe(true);
    const box = await entry.boundingBox();
    expect(box!.y).toBeGreaterThanOrEqual(0);
    expect(box!.y).toBeLessThan(768);
    await expect(row.getByRole('link', { name: 'Why Δ pass@1 is missing: needs both' }).count()).resolves.toBe(1);
    expect(await axeViolations(page)).toEqual([]);
    expect(errors).toEqual([]);
  });

  it('defines every column heading of the figures and task tables, each also in the definitions list', async () => {
    const page = await app.browser.newPage({ viewport: { width: 1366, height: 768 } });
    await openRuns(page);
    const help = page.locator('details.runs-help');
    await help.locator('summary', { hasText: 'What the columns mean' }).waitFor();
    const defined = new Set(await help.locator('dl.column-definitions dt').allTextContents());
    for (const name of ['Models side by side', 'Per K']) {
      for (const h of await headings(page.getByRole('table', { name }))) {
        expect(h.definitions.length, `${name}: "${h.text}"`).toBeGreaterThan(0);
        expect(defined.has(h.text), `${name}: "${h.text}" in the list`).toBe(true);
      }
    }
    const perType = await headings(page.getByRole('table', { name: 'Per ambiguity type' }));
    expect(perType[0]!.definitions.length).toBe(1);
    // Each run's column names its five figures, each defined.
    expect(perType[1]!.definitions.length).toBe(6);
    for (const term of ['TKQR', 'ORA', 'pass@1 complete', 'Δ pass@1', 'avg turns', 'avg diff', 'K', 'hit rate']) expect(defined.has(term), term).toBe(true);

    await page.getByRole('tab', { name: 'Per task' }).click();
    for (const h of await headings(page.getByRole('table', { name: 'Task scores' }))) {
      expect(h.definitions.length, `Task scores: "${h.text}"`).toBeGreaterThan(0);
      expect(defined.has(h.text.replace(/[▲▼]/g, '').trim()), `Task scores: "${h.text}" in the list`).toBe(true);
    }
  });
});
