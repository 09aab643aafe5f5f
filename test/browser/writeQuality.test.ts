import { describe, expect, it } from 'vitest';
import { get, run } from '../../db/database';
import { buildAnnotation, spanOf } from '../support/annotationBuilders';
import { assign, buildProblem, buildUser, type BuiltProblem, type BuiltUser } from '../support/builders';
import { login } from '../support/browser';
import { browserHarness } from '../support/browserHarness';
import { chooseType, openEditor, selectInStatement, waitSaved } from '../support/editorPage';

// Quality at the point of writing: what the release check would flag is said at the point as the
// annotator writes, acknowledged with a reason on submit, and shown to the adjudicator with it;
// an invisible character in someone's text shows as a marker naming it, never applied.
let annotator: BuiltUser;
let adjudicator: BuiltUser;
let fresh: BuiltProblem;
let reversed: BuiltProblem;
let long: BuiltProblem;

const app = browserHarness(async (db) => {
  annotator = await buildUser(db, { role: 'annotator' });
  adjudicator = await buildUser(db, { role: 'adjudicator' });
  const [a, b] = [await buildUser(db, { role: 'annotator' }), await buildUser(db, { role: 'annotator' })];
  fresh = buildProblem(db, { title: 'Findings while typing' });
  assign(db, fresh.id, annotator.id, 1);
  long = buildProblem(db, { title: 'A long paste' });
  assign(db, long.id, annotator.id, 1);
  reversed = buildProblem(db, { title: 'A reversed question' });
  assign(db, reversed.id, a.id, 1);
  assign(db, reversed.id, b.id, 2);
  const cut = spanOf(reversed.baseText, ' of positive integers');
  const idA = buildAnnotation(db, reversed.id, a.id, [{ deletions: [cut], question: 'Which \u202Evalues are allowed?', answer: 'Via', type: 'Behavior' }]);
  buildAnnotation(db, reversed.id, b.id, [{ deletions: [cut], question: 'Which values are allowed?', answer: 'positive integers', type: 'Behavior' }]);
  run(db, 'UPDATE annotations SET acknowledged = ? WHERE id = ?', [JSON.stringify([{ point: 0, rule: 'answer-not-from-deletion', reason: 'Via is what the judges call it.' }]), idA]);
});

describe('findings as the annotator writes', () => {
  it('shows a finding at its point while typing, and asks a reason for it on submit', async () => {
    const { page } = await openEditor(app.browser, app.url, annotator, fresh.questionId);
    await selectInStatement(page, 'sequ');
    await page.keyboard.press('1');
    const card = page.getByRole('group', { name: 'Point 1' });
    const findings = card.getByTestId('point-findings');
    await expect(findings.locator('[data-rule="partial-word"]').textContent()).resolves.toContain('"sequence"');
    await page.keyboard.type('What kind of list is it?');
    await card.getByLabel('Answer').fill('');
    await card.getByLabel('Answer').pressSequentially('Via');
    await expect(findings.locator('[data-rule="answer-not-from-deletion"]').count()).resolves.toBe(1);
    await chooseType(card, 'Terminology');
    await waitSaved(page);
    await page.screenshot({ path: '/tmp/wq-shots/editor-findings.png', fullPage: true });

    await page.getByRole('button', { name: 'Submit annotation…' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('button', { name: 'Confirm submit' }).click();
    await dialog.getByRole('alert').filter({ hasText: 'Give a reason for every finding.' }).waitFor();
    await dialog.getByLabel('Reason for point 1: Part of a word').fill('Only the stem is underspecified.');
    await dialog.getByLabel('Reason for point 1: Answer not from the deletion').fill('Via names the list type here.');
    await dialog.getByRole('button', { name: 'Confirm submit' }).click();
    await page.getByText('This annotation is now read-only').waitFor();
    await expect(card.getByTestId('point-findings').textContent()).resolves.toContain('Acknowledged: Via names the list type here.');
    await page.close();
  });
});

describe('fields that never block a draft', () => {
  it('cuts a 10,000-character paste into Answer to the limit, says so at the field, shows the counter, and the draft saves', async () => {
    const { page } = await openEditor(app.browser, app.url, annotator, long.questionId);
    await selectInStatement(page, ' of positive integers');
    await page.keyboard.press('1');
    const card = page.getByRole('group', { name: 'Point 1' });
    await card.getByLabel('Answer').fill('positive '.repeat(1112).slice(0, 10_000));
    const limit = card.getByTestId('field-limit');
    await expect(limit.locator('.field-counter').textContent()).resolves.toBe('4,000 / 4,000 characters');
    await expect(limit.getByRole('status').textContent()).resolves.toContain('the last 6,000 were left out');
    await waitSaved(page);
    const stored = get<{ n: number }>(app.db, 'SELECT length(answer) AS n FROM annotation_points p JOIN annotations a ON a.id = p.annotation_id WHERE a.problem_id = ?', [long.id]);
    expect(stored?.n).toBe(4000);
    await expect(page.getByTestId('save-state').textContent()).resolves.toBe('Saved');
    await page.close();
  });
});

describe('the cross-check', () => {
  it('shows a U+202E in a question as a marker naming it, and the acknowledged finding with its reason', async () => {
    const page = await app.browser.newPage({ viewport: { width: 1400, height: 1000 } });
    await login(page, app.url, adjudicator.username, adjudicator.password, `/adjudicate/${reversed.questionId}`);
    const sideA = page.getByLabel('Annotator A, point 1');
    await sideA.getByTestId('invisible-char').first().waitFor();
    await expect(sideA.getByTestId('invisible-char').first().textContent()).resolves.toBe('⟦U+202E RIGHT-TO-LEFT OVERRIDE⟧');
    // Never applied: no bidi control reaches the page's text in the annotators' columns.
    await expect(sideA.evaluate((el) => /\u202E/.test(el.textContent ?? ''))).resolves.toBe(false);
    await expect(sideA.getByTestId('acknowledged-findings').textContent()).resolves.toContain('Via is what the judges call it.');
    await page.screenshot({ path: '/tmp/wq-shots/crosscheck.png', fullPage: false });
    await page.close();
  });
});
