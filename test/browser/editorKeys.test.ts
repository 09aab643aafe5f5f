import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { assign, buildProblem, buildUser, type BuiltProblem, type BuiltUser } from '../support/builders';
import { buildAnnotation, spanOf } from '../support/annotationBuilders';
import { browserHarness } from '../support/browserHarness';
import { chooseType, openEditor as openEditorAs, selectInStatement, waitSaved } from '../support/editorPage';
import { AMBIGUITY_TYPES, TYPE_DEFINITIONS } from '../../shared/taxonomy';

let ann: BuiltUser;
const problems: BuiltProblem[] = [];

const app = browserHarness(async (db) => {
  ann = await buildUser(db, { username: 'keys', role: 'annotator' });
  for (let i = 0; i < 6; i++) {
    const p = buildProblem(db, { title: `Keys ${i + 1}` });
    assign(db, p.id, ann.id, 1);
    problems.push(p);
  }
  // Keys 5 is submitted already, with three points: a tall side column.
  const base = problems[4]!.baseText;
  const point = (phrase: string, type: 'Behavior' | 'Output Format' | 'Terminology') => ({ deletions: [spanOf(base, phrase)], question: `What about ${phrase}?`, answer: phrase, type });
  buildAnnotation(db, problems[4]!.id, ann.id, [point(' of positive integers', 'Behavior'), point('geometric ', 'Terminology'), point('Yes; otherwise, print No', 'Output Format')]);
});

/** The issue's screen: 1366 × 768. */
const openEditor = (problem: BuiltProblem, height = 768) => openEditorAs(app.browser, app.url, ann, problem.questionId, { width: 1366, height });

const focused = (page: Page) =>
  page.evaluate(() => {
    const el = document.activeElement;
    return el?.getAttribute('data-testid') ?? el?.getAttribute('aria-label') ?? el?.closest('label')?.firstChild?.textContent?.trim() ?? el?.textContent?.trim() ?? null;
  });
const inPoint = (page: Page, n: number) => page.evaluate((n) => document.activeElement?.closest('fieldset')?.getAttribute('aria-label') === `Point ${n}`, n);

describe('the editor by keyboard', () => {
  it('one point from opening to the next problem takes at most 12 keystrokes besides the text, focus going where the next key is needed', async () => {
    const { page, errors } = await openEditor(problems[0]!);
    let keys = 0;
    const press = async (key: string) => {
      keys++;
      await page.keyboard.press(key);
    };
    // Opened: the keyboard is in the statement, its caret at the start.
    await expect.poll(() => focused(page)).toBe('base-text');
    await press('Control+Shift+ArrowRight'); // "You"
    await press('1');
    // After the deletion: point 1's key question.
    await expect.poll(() => focused(page)).toBe('Key question');
    await expect(inPoint(page, 1)).resolves.toBe(true);
    await page.keyboard.type('Who is given the sequence?');
    await press('Tab');
    await expect.poll(() => focused(page)).toBe('Answer');
    await page.keyboard.type('You are.');
    await press('Tab');
    await press('ArrowDown'); // the first type: Terminology
    await press('Tab'); // Remove point
    await press('Tab'); // Submit annotation…
    await expect.poll(() => focused(page)).toBe('Submit annotation…');
    await press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Submit this annotation?' });
    await dialog.waitFor();
    await expect.poll(() => focused(page)).toBe('Confirm submit');
    await press('Enter');
    await expect.poll(() => focused(page)).toBe('Next problem →');
    await press('Enter');
    await page.waitForURL(`**/annotate/${problems[1]!.questionId}`);
    await page.getByRole('heading', { name: 'Keys 2' }).waitFor();
    await expect.poll(() => focused(page)).toBe('base-text');
    expect(keys).toBeLessThanOrEqual(12);

    const saved = await page.request.get(`${app.url}/api/annotations/${problems[0]!.questionId}`);
    const view = (await saved.json()) as { status: string; points: { deletions: number[][]; question: string; answer: string; type: string }[] };
    expect(view.status).toBe('submitted');
    expect(view.points).toMatchObject([{ deletions: [[0, 3]], question: 'Who is given the sequence?', answer: 'You are.', type: 'Terminology' }]);
    expect(errors.filter((e) => !e.includes('401'))).toEqual([]);
    await page.close();
  });

  it('lists what is missing before any confirmation; a complete one is confirmed in a dialog that Esc cancels, focus back on Submit', async () => {
    const { page, errors } = await openEditor(problems[2]!);
    await selectInStatement(page, ' of positive integers');
    await page.keyboard.press('1');
    await page.getByRole('group', { name: 'Point 1' }).getByLabel('Key question').fill('May the elements be zero?');
    await page.getByRole('button', { name: 'Submit annotation…' }).click();
    const issues = page.getByTestId('submit-issues');
    await issues.waitFor();
    await expect(issues.textContent()).resolves.toContain('Point 1 answer: the answer is required');
    await expect(issues.textContent()).resolves.toContain('Point 1 type: choose an ambiguity type');
    await expect(page.getByRole('dialog').count()).resolves.toBe(0);
    await expect(page.getByText('cannot edit it afterwards').count()).resolves.toBe(0);
    // The first missing field takes the focus.
    await expect.poll(() => focused(page)).toBe('Answer');

    await page.keyboard.type('No, they are positive.');
    await chooseType(page.getByRole('group', { name: 'Point 1' }), 'Edge Cases');
    await page.getByRole('button', { name: 'Submit annotation…' }).click();
    const dialog = page.getByRole('dialog', { name: 'Submit this annotation?' });
    await dialog.waitFor();
    await expect(dialog.textContent()).resolves.toContain('you cannot edit it afterwards');
    await expect.poll(() => focused(page)).toBe('Confirm submit');
    await page.keyboard.press('2'); // the editor's keys rest while the dialog asks
    await expect(page.getByRole('note').count()).resolves.toBe(0);
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab'); // wraps round inside the dialog
    await expect.poll(() => focused(page)).toBe('Confirm submit');
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    await expect.poll(() => focused(page)).toBe('Submit annotation…');
    const after = await page.request.get(`${app.url}/api/annotations/${problems[2]!.questionId}`);
    expect(((await after.json()) as { status: string }).status).toBe('draft');
    expect(errors.filter((e) => !e.includes('401'))).toEqual([]);
    await page.close();
  });

  it('the type listbox shows all 11 types to compare and chooses one with keys alone: letters cycle, digits, Home/End, arrows', async () => {
    const { page, errors } = await openEditor(problems[5]!);
    await selectInStatement(page, ' of positive integers');
    await page.keyboard.press('1');
    await expect.poll(() => focused(page)).toBe('Key question');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    const card = page.getByRole('group', { name: 'Point 1' });
    const box = card.getByRole('listbox', { name: 'Ambiguity type' });
    await expect.poll(() => box.evaluate((el) => el === document.activeElement)).toBe(true);
    // Open: every type with its definition, to compare.
    await expect(box.getByRole('option').count()).resolves.toBe(11);
    for (const t of AMBIGUITY_TYPES) await expect(box.getByRole('option', { name: t, exact: true }).textContent()).resolves.toContain(TYPE_DEFINITIONS[t]);
    const chosen = () => box.getByRole('option', { selected: true }).locator('b').textContent();
    const steps: [string, string][] = [
      ['c', 'Comparison Rules'],
      ['c', 'Collection Semantics'],
      ['c', 'Comparison Rules'],
      ['0', 'Numerical Precision'],
      ['End', 'String & Localization'],
      ['Home', 'Terminology'],
      ['ArrowDown', 'Behavior'],
      ['3', 'Edge Cases'],
    ];
    for (const [key, type] of steps) {
      await page.keyboard.press(key);
      await expect.poll(chosen).toBe(type);
    }
    const active = await box.getAttribute('aria-activedescendant');
    await expect(page.locator(`[id="${active}"]`).getAttribute('aria-selected')).resolves.toBe('true');
    await expect(card.getByTestId('type-example').textContent()).resolves.toContain('if the string is empty, print 0');
    // The digits were the picker's: no deletion made for point 3.
    await expect(page.getByRole('group', { name: 'Point 3' }).count()).resolves.toBe(0);
    const height = () => box.evaluate((el) => el.getBoundingClientRect().height);
    expect(await height()).toBeGreaterThan(200);
    await page.keyboard.press('Tab');
    // Closed: one row, the chosen type.
    await expect.poll(height).toBeLessThan(40);
    await waitSaved(page);
    const saved = await page.request.get(`${app.url}/api/annotations/${problems[5]!.questionId}`);
    expect(((await saved.json()) as { points: { type: string }[] }).points[0]!.type).toBe('Edge Cases');
    expect(errors.filter((e) => !e.includes('401'))).toEqual([]);
    await page.close();
  });

  it('the toolbar does not move the statement after the first deletion', async () => {
    const { page, errors } = await openEditor(problems[3]!);
    const top = () => page.getByTestId('base-text').evaluate((el) => el.getBoundingClientRect().top + window.scrollY);
    const before = await top();
    await selectInStatement(page, ' of positive integers');
    await page.keyboard.press('1');
    await page.locator('[data-testid="base-text"] del.deleted').waitFor();
    expect(await top()).toBe(before);
    await selectInStatement(page, 'geometric ');
    await page.keyboard.press('2');
    await selectInStatement(page, 'Yes; otherwise');
    await page.keyboard.press('3');
    await page.locator('[data-testid="base-text"] del.deleted.p3').waitFor();
    expect(await top()).toBe(before);
    expect(errors.filter((e) => !e.includes('401'))).toEqual([]);
    await page.close();
  });

  it('a submitted annotation opens at its top, the keyboard in the statement, not scrolled to "Next problem"', async () => {
    const { page, errors } = await openEditor(problems[4]!, 600);
    await page.getByRole('button', { name: 'Next problem →' }).waitFor();
    await expect.poll(() => focused(page)).toBe('base-text');
    await expect(page.evaluate(() => window.scrollY)).resolves.toBe(0);
    await expect(page.getByRole('button', { name: 'Next problem →' }).evaluate((el) => el.getBoundingClientRect().top > window.innerHeight)).resolves.toBe(true);
    expect(errors.filter((e) => !e.includes('401'))).toEqual([]);
    await page.close();
  });
});
