import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { assign, buildProblem, buildUser, type BuiltProblem, type BuiltUser } from '../support/builders';
import { browserHarness } from '../support/browserHarness';
import { openEditor as openEditorAs, chooseType, selectInStatement, waitSaved } from '../support/editorPage';
import type { AnnotationView } from '../../shared/schemas/annotation';
import { hashOf } from '../support/baseText';
import { deleteAllSessions } from '../../db/sessions';

let ann: BuiltUser;
const problems: BuiltProblem[] = [];

const app = browserHarness(async (db) => {
  ann = await buildUser(db, { username: 'hands', role: 'annotator' });
  for (let i = 0; i < 6; i++) {
    const p = buildProblem(db, { title: `Hands ${i + 1}` });
    assign(db, p.id, ann.id, 1);
    problems.push(p);
  }
});

async function own(page: Page, problem: BuiltProblem): Promise<AnnotationView> {
  const res = await page.request.get(`${app.url}/api/annotations/${problem.questionId}`);
  expect(res.status()).toBe(200);
  return (await res.json()) as AnnotationView;
}

const openEditor = (problem: BuiltProblem) => openEditorAs(app.browser, app.url, ann, problem.questionId);

const deleted = (page: Page) => page.locator('[data-testid="base-text"] del.deleted');
const answerBox = (page: Page, n = 1) => page.getByRole('group', { name: `Point ${n}` }).getByLabel('Answer');
const spanOf = (problem: BuiltProblem, text: string): [number, number] => {
  const at = problem.baseText.indexOf(text);
  return [at, at + text.length];
};

describe('undo and redo in the editor', () => {
  it('a mistaken restore, then Ctrl+Z, brings the deletion back and leaves the last text box alone', async () => {
    const problem = problems[0]!;
    const { page, errors } = await openEditor(problem);
    await selectInStatement(page, ' of positive integers');
    await page.keyboard.press('1');
    await selectInStatement(page, 'geometric ');
    await page.keyboard.press('1');
    await answerBox(page).fill('keyboard');
    await expect(deleted(page).count()).resolves.toBe(2);

    await deleted(page).first().click(); // the mistaken restore
    await expect(deleted(page).count()).resolves.toBe(1);
    await page.keyboard.press('Control+z');
    await expect(deleted(page).count()).resolves.toBe(2);
    await expect(answerBox(page).inputValue()).resolves.toBe('keyboard');
    await expect(page.getByTestId('announcer').textContent()).resolves.toContain('Undone: restore “ of positive integers”');

    await page.keyboard.press('Control+Shift+z'); // redo the restore …
    await expect(deleted(page).count()).resolves.toBe(1);
    await page.getByRole('button', { name: 'Undo' }).click(); // … and undo it again with the toolbar
    await expect(deleted(page).count()).resolves.toBe(2);

    // Inside a text box, Ctrl+Z is the box's own undo: the editor's history is not touched.
    await answerBox(page).click();
    await page.keyboard.press('End');
    await page.keyboard.type('s');
    await page.keyboard.press('Control+z');
    await expect(deleted(page).count()).resolves.toBe(2);

    await waitSaved(page);
    const saved = await own(page, problem);
    expect(saved.points[0]!.deletions).toEqual([spanOf(problem, ' of positive integers'), spanOf(problem, 'geometric ')]);
    expect(saved.points[0]!.answer).toBe('keyboard');
    if (process.env.CCB_SCREENSHOTS) {
      // three points in progress for the README
      await selectInStatement(page, 'Yes; otherwise, print No');
      await page.keyboard.press('2');
      await selectInStatement(page, '\\leq N \\leq 100');
      await page.keyboard.press('3');
      await page.getByRole('group', { name: 'Point 1' }).getByLabel('Key question').fill('May the elements be zero or negative?');
      await page.getByRole('group', { name: 'Point 2' }).getByLabel('Key question').fill('What exactly should be printed?');
      await waitSaved(page);
      await page.locator('.toolbar').scrollIntoViewIfNeeded();
      fs.mkdirSync('docs/screenshots', { recursive: true });
      await page.screenshot({ path: 'docs/screenshots/editor.png', fullPage: false });
    }
    expect(errors.filter((e) => !e.includes('401'))).toEqual([]);
    await page.close();
  });

  it('deletes with the keyboard alone: the statement takes focus, arrows move the caret, Shift selects, changes are announced', async () => {
    const problem = problems[1]!;
    const { page, errors } = await openEditor(problem);
    for (let i = 0; i < 40; i++) {
      if (await page.evaluate(() => document.activeElement?.getAttribute('data-testid') === 'base-text')) break;
      await page.keyboard.press('Tab');
    }
    await expect(page.evaluate(() => document.activeElement?.getAttribute('data-testid'))).resolves.toBe('base-text');
    await page.keyboard.press('Control+Home');
    for (let i = 0; i < 4; i++) await page.keyboard.press('ArrowRight'); // "You |are given …"
    await page.keyboard.press('Control+Shift+ArrowRight');
    await page.keyboard.press('1');
    await expect(deleted(page).count()).resolves.toBe(1);
    await expect(deleted(page).first().textContent().then((t) => t?.trim())).resolves.toBe('are');
    await expect(page.getByTestId('announcer').textContent()).resolves.toMatch(/^Deleted “are ?” for point 1\.$/);

    // The deletion sends the focus to point 1's question; Esc brings it back to the statement,
    // the caret where the deletion ended: three more characters for point 2.
    await expect(page.evaluate(() => document.activeElement?.closest('fieldset')?.getAttribute('aria-label'))).resolves.toBe('Point 1');
    await page.keyboard.press('Escape');
    await expect(page.evaluate(() => document.activeElement?.getAttribute('data-testid'))).resolves.toBe('base-text');
    for (let i = 0; i < 3; i++) await page.keyboard.press('Shift+ArrowRight');
    await page.keyboard.press('2');
    await expect(page.locator('[data-testid="base-text"] del.deleted.p2').count()).resolves.toBe(1);
    await expect(page.getByTestId('announcer').textContent()).resolves.toContain('for point 2.');
    await waitSaved(page);
    const saved = await own(page, problem);
    const end1 = saved.points[0]!.deletions[0]![1];
    expect(saved.points[0]!.deletions).toEqual([[4, end1]]);
    expect(saved.points[1]!.deletions).toEqual([[end1, end1 + 3]]);

    // Typing into the statement changes nothing; Ctrl+Z undoes the last deletion.
    await page.keyboard.press('Escape');
    await page.keyboard.type('x');
    await expect(page.getByTestId('base-text').textContent()).resolves.toBe(problem.baseText);
    await page.keyboard.press('Control+z');
    await expect(page.locator('[data-testid="base-text"] del.deleted.p2').count()).resolves.toBe(0);
    await expect(page.getByTestId('announcer').textContent()).resolves.toContain('Undone: delete');
    expect(errors.filter((e) => !e.includes('401'))).toEqual([]);
    await page.close();
  });
});

describe('no keystroke lost', () => {
  it('keeps the typed answer when the session has ended, asks for a login over the page, then saves it', async () => {
    const problem = problems[2]!;
    const { page, errors } = await openEditor(problem);
    await selectInStatement(page, ' of positive integers');
    await page.keyboard.press('1');
    await waitSaved(page);
    deleteAllSessions(app.db);
    await answerBox(page).fill('typed after the session ended');
    const dialog = page.getByRole('dialog', { name: 'Your session has ended' });
    await dialog.waitFor();
    await expect(answerBox(page).inputValue()).resolves.toBe('typed after the session ended');
    await expect(dialog.getByLabel('Username').inputValue()).resolves.toBe(ann.username);
    await dialog.getByLabel('Password').fill(ann.password);
    await dialog.getByRole('button', { name: 'Log in' }).click();
    await dialog.waitFor({ state: 'detached' });
    await waitSaved(page);
    expect((await own(page, problem)).points[0]!.answer).toBe('typed after the session ended');
    await expect(page.evaluate(() => Object.keys(localStorage).filter((k) => k.startsWith('ccb-draft:')))).resolves.toEqual([]);
    expect(errors.filter((e) => !e.includes('401'))).toEqual([]);
    await page.close();
  });

  it('keeps the draft of an ended session in this browser: closed instead of logging in, it is restored and saved after the next login', async () => {
    const problem = problems[5]!;
    const { page, errors } = await openEditor(problem);
    page.on('dialog', (d) => void d.accept()); // the warning before leaving with an unsaved draft
    await selectInStatement(page, ' of positive integers');
    await page.keyboard.press('1');
    await waitSaved(page);
    deleteAllSessions(app.db);
    await answerBox(page).fill('typed, then the tab was reloaded');
    await page.getByRole('dialog', { name: 'Your session has ended' }).waitFor();
    await page.reload();
    await page.getByLabel('Username').fill(ann.username);
    await page.getByLabel('Password').fill(ann.password);
    await page.getByRole('button', { name: 'Log in' }).click();
    await page.getByText('they are restored and being saved').waitFor();
    await expect(answerBox(page).inputValue()).resolves.toBe('typed, then the tab was reloaded');
    await waitSaved(page);
    expect((await own(page, problem)).points[0]!.answer).toBe('typed, then the tab was reloaded');
    expect(errors.filter((e) => !e.includes('401'))).toEqual([]);
    await page.close();
  });

  it('two tabs: after a conflict the stale view keeps every keystroke (the focused field stays editable) and its unsaved text beside the latest version, also after "Load latest"', async () => {
    const problem = problems[3]!;
    const { page, errors } = await openEditor(problem);
    await selectInStatement(page, ' of positive integers');
    await page.keyboard.press('1');
    await waitSaved(page);
    const latest = await own(page, problem);
    const other = await page.request.put(`${app.url}/api/annotations/${problem.questionId}`, {
      data: { baseTextHash: hashOf(problem), version: latest.version, points: latest.points.map((p) => ({ ...p, question: 'From the other tab' })) },
    });
    expect(other.status()).toBe(200);

    await answerBox(page).fill('Typed in the stale tab');
    await page.getByTestId('save-state').filter({ hasText: 'Conflict' }).waitFor();
    // The focus is still in the answer: what is typed next is kept, never dropped silently.
    await expect(answerBox(page).evaluate((el) => el === document.activeElement)).resolves.toBe(true);
    await expect(answerBox(page).getAttribute('readonly')).resolves.toBeNull();
    await page.keyboard.type(', and more');
    await expect(answerBox(page).inputValue()).resolves.toBe('Typed in the stale tab, and more');
    await expect(page.getByRole('alert').filter({ hasText: 'Conflict:' }).textContent()).resolves.toContain('what you type in a question or answer stays here');
    await expect.poll(() => page.getByTestId('unsaved-version').textContent()).toContain('Typed in the stale tab, and more');
    // The statement is read-only: no deletion from this view.
    await expect(page.getByRole('button', { name: 'Remove point 1' }).count()).resolves.toBe(0);
    await expect(page.getByTestId('latest-version').textContent()).resolves.toContain('From the other tab');

    await page.getByRole('button', { name: 'Load latest' }).click();
    await expect.poll(() => page.getByRole('group', { name: 'Point 1' }).getByLabel('Key question').inputValue()).toBe('From the other tab');
    await expect(page.getByTestId('unsaved-version').textContent()).resolves.toContain('Typed in the stale tab, and more');
    await page.getByRole('button', { name: 'Use my version' }).click();
    await expect(answerBox(page).inputValue()).resolves.toBe('Typed in the stale tab, and more');
    await waitSaved(page);
    expect((await own(page, problem)).points[0]!.answer).toBe('Typed in the stale tab, and more');
    expect(errors.filter((e) => !/\b40[19]\b/.test(e))).toEqual([]);
    await page.close();
  });
});

describe('moving through the queue', () => {
  it('offers "Next problem" after a submit, focused, and Enter opens the next open problem', async () => {
    const problem = problems[4]!;
    const { page, errors } = await openEditor(problem);
    await selectInStatement(page, ' of positive integers');
    await page.keyboard.press('1');
    const card = page.getByRole('group', { name: 'Point 1' });
    await card.getByLabel('Key question').fill('May the elements be zero or negative?');
    await card.getByLabel('Answer').fill('All elements are positive integers.');
    await chooseType(card, 'Collection Semantics');
    await page.getByRole('button', { name: 'Submit annotation…' }).click();
    await page.getByRole('button', { name: 'Confirm submit' }).click();
    const next = page.getByRole('button', { name: 'Next problem' });
    await next.waitFor();
    await expect(next.evaluate((el) => el === document.activeElement)).resolves.toBe(true);
    await page.keyboard.press('Enter');
    // problems 1–4 were opened (in progress) before: the next open one after 5 is 6
    await page.waitForURL(`**/annotate/${problems[5]!.questionId}`);
    await page.getByRole('heading', { name: 'Hands 6' }).waitFor();
    expect(errors.filter((e) => !e.includes('401'))).toEqual([]);
    await page.close();
  });
});
