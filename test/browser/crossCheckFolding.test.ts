import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { CaseView } from '../../shared/adjudicationView';
import { DEMO_ACCOUNTS, seedDemo } from '../../server/seed';
import { FIXTURE_SCRYPT } from '../support/builders';
import { login } from '../support/browser';
import { browserHarness } from '../support/browserHarness';
import { tickChecklist } from '../support/adjudicationPage';

// demo_003 has three rows: Pair 1, a point only A wrote, a point only B wrote.
const app = browserHarness((db) => seedDemo(db, { scrypt: FIXTURE_SCRYPT }));
const ada = DEMO_ACCOUNTS.find((a) => a.username === 'ada')!;
const CASE = 'demo_003';

const row = (page: Page, name: string) => page.getByRole('region', { name, exact: true });
const caseView = async (page: Page) => (await (await page.request.get(`${app.url}/api/adjudications/${CASE}`)).json()) as CaseView;
const saved = async (page: Page) => (await caseView(page)).gold;

async function openCase(page: Page): Promise<void> {
  await page.goto(`${app.url}/adjudicate/${CASE}`);
  await page.locator('section.slot').first().waitFor();
}

describe('the cross-check keeps taken rows to a line, numbers gold by row and asks before resolving', () => {
  it('folds each taken row but the current one to one line, numbered in row order, and Edit opens it', async () => {
    const page = await app.browser.newPage({ viewport: { width: 1366, height: 768 } });
    await login(page, app.url, ada.username, ada.password);
    await openCase(page);
    // taken bottom-up: B's point first, then A's, then the pair
    for (const key of ['j', 'j', 'b', 'k', 'a', 'k', 'a']) await page.keyboard.press(key);
    await expect.poll(() => page.getByRole('region', { name: /^Gold point \d$/ }).count()).toBe(3);

    // the pair (current) shows its form; the two other rows are one line each, numbered down the page
    await row(page, 'Pair 1').getByRole('region', { name: 'Gold point 1' }).getByLabel('Question', { exact: true }).waitFor();
    const view = await caseView(page);
    for (const [name, n, side, index] of [['Only A: point 2', 2, 'A', 1], ['Only B: point 2', 3, 'B', 1]] as const) {
      const folded = row(page, name).getByRole('region', { name: `Gold point ${n}` });
      await folded.waitFor();
      const point = view.annotations[side]!.points[index]!;
      await expect(folded.textContent()).resolves.toContain(point.type!);
      await expect(folded.getByText(point.question).count()).resolves.toBe(1);
      expect(await row(page, name).getByRole('textbox').count(), `${name} has no form while folded`).toBe(0);
      const box = (await row(page, name).boundingBox())!;
      expect(box.height, `${name} is one line`).toBeLessThan(48);
    }
    await expect.poll(async () => (await saved(page)).points.map((p) => p.sources.from)).toEqual([
      { a: 0, b: 0 },
      { a: 1, b: null },
      { a: null, b: 1 },
    ]);
    const legend = page.getByRole('list', { name: 'Gold point styles' });
    await expect(legend.textContent()).resolves.toContain('deleted for gold point 3');

    // Edit opens the row with its question focused, and folds the pair
    await page.getByRole('button', { name: 'Edit gold point 3' }).click();
    const question = row(page, 'Only B: point 2').getByRole('region', { name: 'Gold point 3' }).getByLabel('Question', { exact: true });
    await expect.poll(() => question.evaluate((el) => el === document.activeElement)).toBe(true);
    await row(page, 'Pair 1').getByRole('button', { name: 'Edit gold point 1' }).waitFor();
    await page.close();
  });

  it('lists 1–3 and Ctrl+Z in the key legend, and says why they do nothing, in view while the gold text is edited', async () => {
    const page = await app.browser.newPage({ viewport: { width: 1366, height: 768 } });
    await login(page, app.url, ada.username, ada.password);
    await openCase(page);
    const legend = await page.locator('.key-legend').textContent();
    expect(legend).toContain('1–3 delete the gold text’s selection for gold point 1–3');
    expect(legend).toContain('Ctrl+Z undo');
    const status = page.locator('.key-note[role="status"]');
    expect(await status.getAttribute('aria-live')).toBe('polite');

    await page.keyboard.press('Control+z');
    await expect.poll(() => status.textContent()).toBe('Ctrl+Z: Nothing left to undo on this page (a resolve, reopen or task override starts a new history).');
    await page.keyboard.press('3');
    await expect.poll(() => status.textContent()).toBe('3: Select text in the gold text first; then 3 deletes it for gold point 3.');

    // in the gold text, with nothing selected, further down the page
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    await page.locator('.gold-base').focus();
    await page.keyboard.press('1');
    await expect.poll(() => status.textContent()).toBe('1: Select text in the gold text first; then 1 deletes it for gold point 1.');
    for (const [what, locator] of [['the resolution bar', page.getByRole('complementary', { name: 'Resolution' })], ['the key note', status]] as const) {
      const box = (await locator.boundingBox())!;
      expect(box.y, `${what} in view`).toBeGreaterThanOrEqual(0);
      expect(box.y + box.height, `${what} in view`).toBeLessThanOrEqual(768);
    }
    await page.close();
  });

  it('asks before resolving, saying what it locks; Cancel keeps the case open', async () => {
    const page = await app.browser.newPage({ viewport: { width: 1366, height: 768 } });
    await login(page, app.url, ada.username, ada.password);
    await openCase(page);
    await tickChecklist(page, [1, 2, 3]);
    await page.getByText('All changes saved').waitFor();
    await page.getByRole('button', { name: 'Resolve', exact: true }).click();
    const confirm = page.getByRole('group', { name: 'Confirm resolve' });
    await expect(confirm.textContent()).resolves.toContain(
      'Resolving locks the gold version of this problem: its 3 gold points (spans, questions, answers, types, checklists), the 7 tasks made from them and the adjudication notes become read-only until a maintainer reopens it.',
    );
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await expect(confirm.count()).resolves.toBe(0);
    expect((await saved(page)).status).not.toBe('resolved');

    await page.getByRole('button', { name: 'Resolve', exact: true }).click();
    await page.getByRole('button', { name: 'Confirm resolve' }).click();
    await page.getByText(`Resolved by ${ada.username}`).waitFor();
    expect((await saved(page)).status).toBe('resolved');
    await page.close();
  });
});
