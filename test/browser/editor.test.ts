import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { assign, buildProblem, buildUser, type BuiltProblem, type BuiltUser } from '../support/builders';
import { login, watchErrors } from '../support/browser';
import { browserHarness } from '../support/browserHarness';
import { chooseType, selectInStatement, waitSaved } from '../support/editorPage';
import type { AnnotationView } from '../../shared/schemas/annotation';

let first: BuiltUser;
let second: BuiltUser;
let problem: BuiltProblem;

const app = browserHarness(async (db) => {
  first = await buildUser(db, { username: 'ann-first', role: 'annotator' });
  second = await buildUser(db, { username: 'ann-second', role: 'annotator' });
  problem = buildProblem(db, { questionId: 'abc390_b', title: 'Geometric Sequence' });
  assign(db, problem.id, first.id, 1);
  assign(db, problem.id, second.id, 2);
});

const span = (word: string, from = 0): [number, number] => {
  const start = problem.baseText.indexOf(word, from);
  return [start, start + word.length];
};

async function fillPoint(page: Page, n: number, question: string, answer: string, type: string) {
  const card = page.getByRole('group', { name: `Point ${n}` });
  await card.getByLabel('Key question').fill(question);
  await card.getByLabel('Answer').fill(answer);
  await chooseType(card, type);
}

async function getOwn(page: Page): Promise<AnnotationView> {
  const res = await page.request.get(`${app.url}/api/annotations/${problem.questionId}`);
  expect(res.status()).toBe(200);
  return (await res.json()) as AnnotationView;
}

describe('the deletion-only editor', () => {
  it('deletes spans for two points, keeps the draft across a reload, submits, and stays blind to the other annotator', async () => {
    const page = await app.browser.newPage();
    const errors = watchErrors(page);
    await login(page, app.url, first.username, first.password);
    await page.getByRole('heading', { name: 'Your queue' }).waitFor();
    await expect(page.locator('.queue-table').textContent()).resolves.toContain('to do');
    await page.keyboard.press('Enter');
    await page.waitForURL(`**/annotate/${problem.questionId}`);

    await selectInStatement(page, ' of positive integers');
    await page.keyboard.press('1');
    await selectInStatement(page, '- All input values are integers.');
    await page.keyboard.press('1');
    await selectInStatement(page, 'geometric ');
    await page.keyboard.press('2');
    await expect(page.locator('[data-testid="base-text"] del.deleted.p1').count()).resolves.toBe(2);
    await expect(page.locator('[data-testid="base-text"] del.deleted.p2').count()).resolves.toBe(1);
    const preview = await page.getByTestId('preview-text').textContent();
    expect(preview).toContain('A=(A_1,A_2,\\ldots,A_N).\nDetermine whether A is a progression.');

    await fillPoint(page, 1, 'May the elements be zero or negative?', 'All elements are positive integers.', 'Collection Semantics');
    await fillPoint(page, 2, 'Which kind of progression?', 'A geometric progression.', 'Behavior');
    await waitSaved(page);

    await page.reload();
    const card1 = page.getByRole('group', { name: 'Point 1' });
    await expect(card1.getByLabel('Key question').inputValue()).resolves.toBe('May the elements be zero or negative?');
    await expect(page.locator('[data-testid="base-text"] del.deleted').count()).resolves.toBe(3);

    await page.getByRole('button', { name: 'Submit annotation…' }).click();
    await page.getByRole('button', { name: 'Confirm submit' }).click();
    await page.getByText('This annotation is now read-only.').waitFor();
    await expect(card1.getByLabel('Key question').getAttribute('readonly')).resolves.not.toBeNull();

    const stored = await getOwn(page);
    expect(stored.status).toBe('submitted');
    expect(stored.points).toEqual([
      { deletions: [span(' of positive integers'), span('- All input values are integers.')], repairs: [], question: 'May the elements be zero or negative?', answer: 'All elements are positive integers.', type: 'Collection Semantics' },
      { deletions: [span('geometric ')], repairs: [], question: 'Which kind of progression?', answer: 'A geometric progression.', type: 'Behavior' },
    ]);
    expect(errors.filter((e) => !e.includes('401'))).toEqual([]);
    await page.close();

    const other = await app.browser.newPage();
    await login(other, app.url, second.username, second.password);
    const own = await getOwn(other);
    expect(own).toMatchObject({ status: 'draft', version: 0, points: [] });
    await other.goto(`${app.url}/annotate/${problem.questionId}`);
    await other.getByTestId('base-text').waitFor();
    await expect(other.locator('[data-testid="base-text"] del').count()).resolves.toBe(0);
    await other.close();
  });
});

describe('editor details', () => {
  it('restores a deletion by clicking it, records a repair, lists submit issues, and shows a conflict without overwriting', async () => {
    const third = await buildUser(app.db, { role: 'annotator' });
    const own = buildProblem(app.db, { title: 'Repairs and conflicts' });
    assign(app.db, own.id, third.id, 1);
    const page = await app.browser.newPage();
    const errors = watchErrors(page);
    await login(page, app.url, third.username, third.password, `/annotate/${own.questionId}`);

    // Mouse selection: drag across a word, then use the toolbar button.
    await page.getByTestId('base-text').waitFor();
    const box = (await page.getByTestId('base-text').boundingBox())!;
    await page.mouse.move(box.x + 1, box.y + 10);
    await page.mouse.down();
    await page.mouse.move(box.x + 60, box.y + 10, { steps: 5 });
    await page.mouse.up();
    await page.getByRole('button', { name: /Delete for point 1/ }).click();
    await expect(page.locator('[data-testid="base-text"] del.p1').count()).resolves.toBe(1);
    await page.locator('[data-testid="base-text"] del.p1').click();
    await expect(page.locator('[data-testid="base-text"] del').count()).resolves.toBe(0);

    // Delete the end of a sentence with its period, then repair: ")" becomes ").".
    await selectInStatement(page, ' of positive integers.');
    await page.keyboard.press('1');
    await selectInStatement(page, ')');
    await page.keyboard.press('r');
    const form = page.getByRole('form', { name: 'Repair' });
    await form.getByLabel('Replacement').fill(').');
    await form.getByRole('button', { name: 'Apply repair' }).click();
    await expect(page.locator('[data-testid="base-text"] ins.repair-mark.p1').textContent()).resolves.toBe(').');
    await expect(page.getByTestId('preview-text').textContent()).resolves.toContain('A=(A_1,A_2,\\ldots,A_N).\nDetermine');
    await waitSaved(page);

    // Submitting an incomplete point lists the shared rules' findings (before any confirmation).
    await page.getByRole('button', { name: 'Submit annotation…' }).click();
    const alert = page.getByRole('alert').filter({ hasText: 'Fix these' });
    await expect(alert.textContent()).resolves.toContain('the key question is required');

    // Someone else (another tab) saves first: the next autosave gets 409 and nothing is overwritten.
    const latest = (await (await page.request.get(`${app.url}/api/annotations/${own.questionId}`)).json()) as AnnotationView;
    const tab = await page.request.put(`${app.url}/api/annotations/${own.questionId}`, { data: { baseTextHash: latest.baseTextHash, version: latest.version, points: latest.points.map((p) => ({ ...p, question: 'From the other tab' })) } });
    expect(tab.status()).toBe(200);
    await page.getByRole('group', { name: 'Point 1' }).getByLabel('Answer').fill('Positive integers.');
    await page.getByTestId('save-state').filter({ hasText: 'Conflict' }).waitFor();
    await page.getByRole('button', { name: 'Load latest' }).click();
    await expect.poll(() => page.getByRole('group', { name: 'Point 1' }).getByLabel('Key question').inputValue()).toBe('From the other tab');
    await expect(page.getByRole('group', { name: 'Point 1' }).getByLabel('Answer').inputValue()).resolves.toBe('');
    expect(errors.filter((e) => !e.includes('401') && !e.includes('409'))).toEqual([]);
    await page.close();
  });
});
