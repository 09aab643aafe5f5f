import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { CaseView } from '../../shared/adjudicationView';
import type { Point } from '../../shared/edits';
import { saveDraft, submitAnnotation } from '../../server/services/annotations';
import { assign, buildProblem, buildUser, type BuiltProblem, type BuiltUser } from '../support/builders';
import { login, watchErrors } from '../support/browser';
import { browserHarness } from '../support/browserHarness';
import { openGoldPoint, resolveCase, tickChecklist } from '../support/adjudicationPage';
import { pointFor } from '../support/world';
import { hashOf } from '../support/baseText';
import { acknowledgeAll } from '../support/findings';
import { eventsOf } from '../support/state';

let ada: BuiltUser;
let mara: BuiltUser;
let keys: BuiltProblem;
let next: BuiltProblem;

const app = browserHarness(async (db) => {
  ada = await buildUser(db, { username: 'ada', role: 'adjudicator' });
  mara = await buildUser(db, { username: 'mara', role: 'maintainer' });
  const anna = await buildUser(db, { username: 'anna', role: 'annotator' });
  const bert = await buildUser(db, { username: 'bert', role: 'annotator' });
  keys = buildProblem(db, { questionId: 'abc811_a', title: 'Keys problem' });
  next = buildProblem(db, { questionId: 'abc812_a', title: 'Next problem' });
  const submit = (user: BuiltUser, problem: BuiltProblem, points: Point[]) => {
    const who = { id: user.id, username: user.username, role: user.role };
    const actor = { id: user.id, name: user.username };
    const saved = saveDraft(db, who, actor, problem.questionId, { baseTextHash: hashOf(problem), version: 0, points });
    submitAnnotation(db, who, actor, problem.questionId, { baseTextHash: hashOf(problem), version: saved.version, acknowledged: acknowledgeAll(saved) });
  };
  for (const p of [keys, next]) {
    assign(db, p.id, anna.id, 1);
    assign(db, p.id, bert.id, 2);
  }
  const t = keys.baseText;
  // one aligned pair, two points only A wrote, one only B wrote: four rows, room for three gold points
  submit(anna, keys, [
    pointFor(t, 'positive integers', 'Which values may A hold?'),
    pointFor(t, 'geometric progression', 'Which progression?'),
    pointFor(t, 'Standard Input', 'Where does the input come from?'),
  ]);
  submit(bert, keys, [pointFor(t, ' of positive integers', 'What are the elements of A?', 'Positive integers.'), pointFor(t, 'print Yes', 'What is printed?')]);
  submit(anna, next, [pointFor(next.baseText, 'positive integers', 'Which values?')]);
  submit(bert, next, [pointFor(next.baseText, 'positive integers', 'Which values?')]);
});

const goldCount = (page: Page) => page.getByRole('region', { name: /^Gold point \d$/ }).count();
const note = (page: Page) => page.locator('.key-note');
const savedGold = async (page: Page) => ((await (await page.request.get(`${app.url}/api/adjudications/${keys.questionId}`)).json()) as CaseView).gold;

async function openKeysCase(page: Page, user: BuiltUser): Promise<void> {
  await login(page, app.url, user.username, user.password, `/adjudicate/${keys.questionId}`);
  await page.getByRole('region', { name: 'Pair 1' }).waitFor();
}

describe('cross-check curation by keys', () => {
  it('takes, merges and drops by key, says why a key does nothing, and refuses a fourth gold point before it reaches the draft', async () => {
    const page = await app.browser.newPage({ viewport: { width: 1280, height: 900 } });
    const errors = watchErrors(page);
    await openKeysCase(page, ada);
    expect(await page.getByRole('region', { name: 'Pair 1' }).getAttribute('aria-current')).toBe('true');

    await page.keyboard.press('k');
    await expect(note(page).textContent()).resolves.toBe('This is the first row.');
    await page.keyboard.press('x');
    await expect(note(page).textContent()).resolves.toBe('x: Nothing to drop: this row is not in the gold version.');
    await page.keyboard.press('a');
    const gold1 = page.getByRole('region', { name: 'Gold point 1' });
    await gold1.getByText('provenance: A', { exact: true }).waitFor();
    await page.keyboard.press('m');
    await gold1.getByText('provenance: merged', { exact: true }).waitFor();
    await expect(gold1.getByLabel('Question', { exact: true }).inputValue()).resolves.toBe('What are the elements of A?');

    await page.keyboard.press('j');
    expect(await page.getByRole('region', { name: 'Only A: point 2' }).getAttribute('aria-current')).toBe('true');
    await page.keyboard.press('b');
    await expect(note(page).textContent()).resolves.toBe('b: Nothing to take from B: only A wrote this point.');
    await page.keyboard.press('m');
    await expect(note(page).textContent()).resolves.toBe('m: Nothing to merge: only A wrote this point.');
    await page.keyboard.press('a');
    await page.keyboard.press('j');
    await page.keyboard.press('a');
    await expect(goldCount(page)).resolves.toBe(3);

    // the fourth: refused by key and by button, with the reason, and the draft keeps three
    await page.keyboard.press('j');
    await page.keyboard.press('b');
    await expect(note(page).textContent()).resolves.toBe('b: At most 3 gold points: drop one before taking another.');
    await page.getByRole('region', { name: 'Only B: point 2' }).getByRole('button', { name: 'Take B' }).click();
    await expect(note(page).textContent()).resolves.toBe('At most 3 gold points: drop one before taking another.');
    expect(await goldCount(page)).toBe(3);
    await page.keyboard.press('j');
    await expect(note(page).textContent()).resolves.toBe('This is the last row.');

    // typing in a field is typing, not curation (gold point 1's row, folded to a line since, opens first)
    await openGoldPoint(page, 1);
    await gold1.getByLabel('Note').fill('a merged point; x marks nothing');
    await gold1.getByLabel('Plausible').check();
    await page.getByText('All changes saved').waitFor();
    expect(await goldCount(page)).toBe(3);
    const gold = await savedGold(page);
    expect(gold.points).toHaveLength(3);
    expect(gold.points[0]).toMatchObject({ provenance: 'merged', note: 'a merged point; x marks nothing', checklist: { plausible: true } });

    await page.reload();
    await page.getByRole('region', { name: 'Gold point 3' }).waitFor();
    expect(await page.getByRole('region', { name: 'Gold point 1' }).getByLabel('Plausible').isChecked()).toBe(true);
    expect(errors.filter((e) => !e.includes('401'))).toEqual([]);
    await page.close();
  });

  it('shows a refused autosave prominently with the server’s reason and keeps the edit on the page', async () => {
    const page = await app.browser.newPage({ viewport: { width: 1280, height: 900 } });
    await openKeysCase(page, ada);
    await page.route(`**/api/adjudications/${keys.questionId}`, (route) =>
      route.request().method() === 'PUT'
        ? route.fulfill({ status: 400, contentType: 'application/json', body: JSON.stringify({ error: { code: 'validation', message: 'points[1].question: must not be empty' } }) })
        : route.fallback(),
    );
    const gold2 = await openGoldPoint(page, 2);
    await gold2.getByLabel('Question', { exact: true }).fill('');
    const alert = page.getByRole('alert').filter({ hasText: 'Not saved' });
    await alert.waitFor();
    await expect(alert.textContent()).resolves.toContain('Not saved — the server refused the last change: points[1].question: must not be empty');
    expect(await alert.evaluate((el) => el.closest('.resolve-panel') !== null)).toBe(true);
    await expect(gold2.getByLabel('Question', { exact: true }).inputValue()).resolves.toBe('');
    expect((await savedGold(page)).points[1]!.question).toBe('Which progression?');
    // The refusal was simulated: put the question back (the saver would otherwise send the kept
    // edit to the real server when the page closes, and the next test would start from it).
    await page.unroute(`**/api/adjudications/${keys.questionId}`);
    await gold2.getByLabel('Question', { exact: true }).fill('Which progression?');
    await page.getByText('All changes saved').waitFor();
    await page.close();
  });

  it('offers the next open case after resolve, focused so Enter opens it', async () => {
    const page = await app.browser.newPage({ viewport: { width: 1280, height: 900 } });
    await openKeysCase(page, ada);
    await tickChecklist(page, [1, 2, 3]);
    await page.getByText('All changes saved').waitFor();
    await resolveCase(page);
    const nextCase = page.getByRole('button', { name: 'Next case: Next problem →' });
    await nextCase.waitFor();
    await expect(page.evaluate(() => document.activeElement?.textContent)).resolves.toBe('Next case: Next problem →');
    await page.keyboard.press('Enter');
    await page.waitForURL(`**/adjudicate/${next.questionId}`);
    await page.getByRole('heading', { name: 'Next problem' }).waitFor();
    await page.close();
  });

  it('reopens only after confirmation with a reason, which the reopen event keeps', async () => {
    const page = await app.browser.newPage({ viewport: { width: 1280, height: 900 } });
    await login(page, app.url, mara.username, mara.password, `/adjudicate/${keys.questionId}`);
    await page.getByRole('button', { name: 'Reopen' }).click();
    const confirm = page.getByRole('button', { name: 'Confirm reopen' });
    expect(await confirm.isDisabled()).toBe(true);
    await page.getByRole('button', { name: 'Cancel' }).click();
    expect((await savedGold(page)).status).toBe('resolved');

    await page.getByRole('button', { name: 'Reopen' }).click();
    await page.getByLabel('Reason for reopening').fill('Point 3 asks about the input source, not an ambiguity.');
    await confirm.click();
    await page.getByRole('button', { name: 'Resolve' }).waitFor();
    await expect(page.getByRole('complementary', { name: 'Resolution' }).textContent()).resolves.toContain('in progress');
    const events = eventsOf(app.db, 'adjudication.reopen').filter((e) => e.entityId === keys.questionId);
    expect(events.map((e) => e.details)).toEqual([{ reason: 'Point 3 asks about the input source, not an ambiguity.' }]);
    await page.close();
  });
});
