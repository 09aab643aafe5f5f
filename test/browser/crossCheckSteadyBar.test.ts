/**
 * The resolution bar sits above the rows, sticky: while the gold autosaves ("Unsaved changes…",
 * "Saving…", "All changes saved"), its height must not change, or every row below it moves under
 * the adjudicator's pointer between aiming at a checkbox and clicking it.
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { Point } from '../../shared/edits';
import { saveDraft, submitAnnotation } from '../../server/services/annotations';
import { assign, buildProblem, buildUser, type BuiltProblem, type BuiltUser } from '../support/builders';
import { login, watchErrors } from '../support/browser';
import { browserHarness } from '../support/browserHarness';
import { openGoldPoint } from '../support/adjudicationPage';
import { pointFor } from '../support/world';
import { hashOf } from '../support/baseText';
import { acknowledgeAll } from '../support/findings';

let ada: BuiltUser;
const problems: BuiltProblem[] = [];

const app = browserHarness(async (db) => {
  ada = await buildUser(db, { username: 'ada', role: 'adjudicator' });
  const anna = await buildUser(db, { username: 'anna', role: 'annotator' });
  const bert = await buildUser(db, { username: 'bert', role: 'annotator' });
  // One case per window width: each test takes rows of its own.
  for (const n of [1, 2]) {
    const problem = buildProblem(db, { questionId: `abc82${n}_a`, title: `Steady bar ${n}` });
    const submit = (user: BuiltUser, points: Point[]) => {
      const who = { id: user.id, username: user.username, role: user.role };
      const actor = { id: user.id, name: user.username };
      const saved = saveDraft(db, who, actor, problem.questionId, { baseTextHash: hashOf(problem), version: 0, points });
      submitAnnotation(db, who, actor, problem.questionId, { baseTextHash: hashOf(problem), version: saved.version, acknowledged: acknowledgeAll(saved) });
    };
    assign(db, problem.id, anna.id, 1);
    assign(db, problem.id, bert.id, 2);
    const t = problem.baseText;
    submit(anna, [pointFor(t, 'positive integers', 'Which values may A hold?'), pointFor(t, 'geometric progression', 'Which progression?')]);
    submit(bert, [pointFor(t, ' of positive integers', 'What are the elements of A?', 'Positive integers.'), pointFor(t, 'print Yes', 'What is printed?')]);
    problems.push(problem);
  }
});

const status = (page: Page) => page.getByRole('complementary', { name: 'Resolution' }).getByRole('status');

/**
 * Every save state the bar shows from now on, with the bar's height and where gold point 1's
 * checkbox is on the page at that moment (recorded in the page as the status text changes, so a
 * state shown for only a few milliseconds is measured too).
 */
async function watchStates(page: Page): Promise<() => Promise<{ text: string; bar: number; box: number }[]>> {
  await page.evaluate(() => {
    const seen: { text: string; bar: number; box: number }[] = [];
    const statusEl = document.querySelector('.resolve-panel [role="status"]')!;
    const record = () => {
      const bar = document.querySelector('.crosscheck-sticky')!.getBoundingClientRect().height;
      const box = document.querySelector('[aria-label="Gold point 1"] input[type="checkbox"]')!.getBoundingClientRect().top + window.scrollY;
      seen.push({ text: statusEl.textContent ?? '', bar, box });
    };
    record();
    new MutationObserver(record).observe(statusEl, { childList: true, characterData: true, subtree: true });
    (window as unknown as { saveStates: typeof seen }).saveStates = seen;
  });
  return () => page.evaluate(() => (window as unknown as { saveStates: { text: string; bar: number; box: number }[] }).saveStates);
}

describe('the resolution bar while the gold autosaves', () => {
  for (const [i, width] of [1280, 1366].entries()) {
    it(`keeps its height at ${width} px: a checkbox does not move between "Unsaved changes…", "Saving…" and "All changes saved"`, async () => {
      const page = await app.browser.newPage({ viewport: { width, height: 900 } });
      const errors = watchErrors(page);
      await login(page, app.url, ada.username, ada.password, `/adjudicate/${problems[i]!.questionId}`);
      for (const region of ['Pair 1', 'Only A: point 2']) {
        await page.getByRole('region', { name: region }).getByRole('button', { name: /^Take [AB]$/ }).first().click();
      }
      await status(page).getByText(/^All changes saved/).waitFor();
      const card = await openGoldPoint(page, 1);
      const states = await watchStates(page);
      await card.getByLabel('Plausible').check();
      await status(page).getByText(/^All changes saved/).waitFor();

      const seen = await states();
      expect(seen.map((s) => s.text.split(' · ')[0])).toEqual(expect.arrayContaining(['All changes saved', 'Unsaved changes…', 'Saving…']));
      const [first] = seen;
      for (const s of seen) expect(s).toEqual({ text: s.text, bar: first!.bar, box: first!.box });
      expect(errors).toEqual([]);
      await page.close();
    });
  }
});
