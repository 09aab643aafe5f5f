import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { CLI_ACTOR } from '../../db/events';
import { upsertSuggestion } from '../../db/suggestions';
import { setGlobalSuggestionPolicy } from '../../server/services/suggestions/policy';
import type { AnnotationView } from '../../shared/schemas/annotation';
import { hashOf } from '../support/baseText';
import { assign, buildProblem, buildUser, type BuiltProblem, type BuiltUser } from '../support/builders';
import { login, watchErrors } from '../support/browser';
import { browserHarness } from '../support/browserHarness';
import { waitSaved } from '../support/editorPage';

let ann: BuiltUser;
let problem: BuiltProblem;

const spanOf = (text: string): [number, number] => {
  const at = problem.baseText.indexOf(text);
  return [at, at + text.length];
};

const app = browserHarness(async (db) => {
  ann = await buildUser(db, { username: 'ghosts', role: 'annotator' });
  problem = buildProblem(db, { title: 'Ghosts' });
  assign(db, problem.id, ann.id, 1);
  const point = (phrase: string, question: string, type: string) => ({ deletions: [spanOf(phrase)], repairs: [], question, answer: phrase, type });
  const common = { source: 'import' as const, baseSha256: hashOf(problem), createdAt: '2026-12-01T00:00:00.000Z' };
  upsertSuggestion(db, { ...common, problemId: problem.id, agent: 'model-a', score: 0.7, points: JSON.stringify([point(' of positive integers', 'Which values may the elements take?', 'Collection Semantics'), point('geometric progression', 'Which progression?', 'Terminology')]) });
  upsertSuggestion(db, { ...common, problemId: problem.id, agent: 'model-b', score: null, points: JSON.stringify([point('print Yes; otherwise, print No', 'What should be printed?', 'Output Format')]) });
  setGlobalSuggestionPolicy(db, CLI_ACTOR, 'always');
});

const ghosts = (page: Page) => page.getByTestId('ghost');
const points = (page: Page) => page.locator('fieldset.point-card');
const question = (page: Page, n: number) => page.getByRole('group', { name: `Point ${n}` }).getByLabel('Key question');
const focusedTestId = (page: Page) => page.evaluate(() => document.activeElement?.getAttribute('data-testid') ?? document.activeElement?.tagName ?? null);

describe('suggestions in the editor, by keyboard', () => {
  it('accepts, edits and dismisses suggested points, undoes each, and keeps what was done', async () => {
    const page = await app.browser.newPage({ viewport: { width: 1280, height: 900 } });
    const errors = watchErrors(page);
    await login(page, app.url, ann.username, ann.password, `/annotate/${problem.questionId}`);
    await ghosts(page).first().waitFor();
    await expect(ghosts(page).count()).resolves.toBe(3);
    if (process.env.CCB_SCREENSHOTS) {
      // the Suggestions card beside the statement, one ghost focused (its deletions previewed), for docs/suggestions.md
      await ghosts(page).first().focus();
      fs.mkdirSync('docs/screenshots', { recursive: true });
      await page.screenshot({ path: 'docs/screenshots/suggestions.png', fullPage: false });
    }

    // a: accept the first ghost — its deletion, question, answer and type become point 1; focus moves to the next ghost.
    await ghosts(page).first().focus();
    await page.keyboard.press('a');
    await expect(points(page).count()).resolves.toBe(1);
    await expect(question(page, 1).inputValue()).resolves.toBe('Which values may the elements take?');
    await expect(page.locator('[data-testid="base-text"] del.deleted').textContent()).resolves.toBe(' of positive integers');
    await expect(ghosts(page).count()).resolves.toBe(2);
    await expect(focusedTestId(page)).resolves.toBe('ghost');
    await page.keyboard.press('Control+z');
    await expect(points(page).count()).resolves.toBe(0);
    await expect(ghosts(page).count()).resolves.toBe(3);
    await ghosts(page).first().focus();
    await page.keyboard.press('a');

    // e: accept and edit — the caret lands in the new point's question.
    await ghosts(page).first().focus();
    await page.keyboard.press('e');
    await expect(points(page).count()).resolves.toBe(2);
    await expect(focusedTestId(page)).resolves.toBe('TEXTAREA');
    await ghosts(page).first().focus();
    await page.keyboard.press('Control+z');
    await expect(points(page).count()).resolves.toBe(1);
    await expect(ghosts(page).count()).resolves.toBe(2);
    await ghosts(page).first().focus();
    await page.keyboard.press('e');
    await page.keyboard.type(' (arithmetic or geometric)');
    await expect(question(page, 2).inputValue()).resolves.toBe('Which progression? (arithmetic or geometric)');

    // x: dismiss the last ghost; undo brings it back; dismiss it again.
    await ghosts(page).first().focus();
    await page.keyboard.press('x');
    await expect(ghosts(page).count()).resolves.toBe(0);
    await page.keyboard.press('Control+z');
    await expect(ghosts(page).count()).resolves.toBe(1);
    await ghosts(page).first().focus();
    await page.keyboard.press('x');
    await expect(ghosts(page).count()).resolves.toBe(0);

    await waitSaved(page);
    const res = await page.request.get(`${app.url}/api/annotations/${problem.questionId}`);
    const saved = (await res.json()) as AnnotationView;
    expect(saved.origins.map((o) => o.provenance)).toEqual(['suggested', 'suggested-edited']);
    expect(saved.dismissed).toHaveLength(1);

    // Dismissed and accepted suggestions stay away after a reload.
    await page.reload();
    await page.getByTestId('base-text').waitFor();
    await expect(points(page).count()).resolves.toBe(2);
    await expect(ghosts(page).count()).resolves.toBe(0);
    expect(errors.filter((e) => !e.includes('401'))).toEqual([]); // the login page's session check before logging in
    await page.close();
  });
});
