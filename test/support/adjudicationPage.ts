import { expect } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { login, watchErrors } from './browser';
import type { BrowserHarness } from './browserHarness';

/** A wide page logged in as `user` on an adjudication case, reopened so its gold points can be edited. */
export async function openReopenedCase(
  app: BrowserHarness,
  user: { username: string; password: string },
  questionId: string,
): Promise<{ page: Page; errors: string[] }> {
  const page = await app.browser.newPage({ viewport: { width: 1280, height: 900 } });
  const errors = watchErrors(page);
  await login(page, app.url, user.username, user.password, `/adjudicate/${questionId}`);
  await reopenWithReason(page, 'A second look at the gold points.');
  await page.getByRole('button', { name: 'Resolve' }).waitFor();
  return { page, errors };
}

/** Reopen asks for confirmation and a reason: fill it in and confirm. */
export async function reopenWithReason(page: Page, reason: string): Promise<void> {
  await page.getByRole('button', { name: 'Reopen' }).click();
  await page.getByLabel('Reason for reopening').fill(reason);
  await page.getByRole('button', { name: 'Confirm reopen' }).click();
}

/**
 * The form of gold point `n`, its row opened first when it is folded to one line (a taken row
 * other than the one being worked on).
 */
export async function openGoldPoint(page: Page, n: number): Promise<Locator> {
  const card = page.getByRole('region', { name: `Gold point ${n}` });
  await card.waitFor();
  const edit = card.getByRole('button', { name: `Edit gold point ${n}`, exact: true });
  if ((await edit.count()) > 0) await edit.click();
  await card.getByLabel('Question', { exact: true }).waitFor();
  return card;
}

/**
 * Ticks the whole checklist (plausible, ambiguous, answer sufficient) of the given gold points, each
 * box by focus and Space: a click aims at where the box was, and a line that wraps elsewhere on the
 * page as the case saves can move it between the aim and the click. The card re-renders as the
 * case saves, and a box re-rendered between its focus and the key loses the focus to the page (the
 * Space then only scrolls): a box still unticked a moment later gets the key again.
 */
export async function tickChecklist(page: Page, goldPoints: number[]): Promise<void> {
  for (const n of goldPoints) {
    const card = await openGoldPoint(page, n);
    for (const item of ['Plausible', 'Genuinely ambiguous', 'Answer sufficient']) {
      const box = card.getByLabel(item);
      for (let tries = 0; tries < 5 && !(await box.isChecked()); tries++) {
        await box.press('Space');
        await page.waitForFunction((el) => (el as HTMLInputElement).checked, await box.elementHandle(), { timeout: 2_000, polling: 'raf' }).catch(() => undefined);
      }
      await expect.poll(() => box.isChecked()).toBe(true);
    }
  }
}

/** Resolve asks first, saying what it locks: press it, then confirm. */
export async function resolveCase(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Resolve', exact: true }).click();
  await page.getByRole('button', { name: 'Confirm resolve' }).click();
}
