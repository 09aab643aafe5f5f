import { describe, expect, it } from 'vitest';
import { run } from '../../db/database';
import { normalizeBaseText } from '../../shared/baseText';
import { assign, buildProblem, buildUser, SAMPLE_STATEMENT, type BuiltProblem, type BuiltUser } from '../support/builders';
import { login, watchErrors } from '../support/browser';
import { browserHarness } from '../support/browserHarness';
import { selectInStatement } from '../support/editorPage';
import { rowCount } from '../support/state';

// When the statement changes between load and save, the editor does not save
// stale offsets: the server answers 409 base_text_changed, and the editor loads the new text and says so.
let annotator: BuiltUser;
let problem: BuiltProblem;

const app = browserHarness(async (db) => {
  annotator = await buildUser(db, { username: 'ann-btc', role: 'annotator' });
  problem = buildProblem(db, { questionId: 'abc391_b', title: 'Changing statement' });
  assign(db, problem.id, annotator.id, 1);
});

describe('a statement re-imported under the editor', () => {
  it('reloads the new text and tells the annotator instead of saving stale offsets', async () => {
    const page = await app.browser.newPage();
    const errors = watchErrors(page);
    await login(page, app.url, annotator.username, annotator.password, `/annotate/${problem.questionId}`);
    await page.getByTestId('base-text').waitFor();
    // A re-import (nobody has saved yet, so it is allowed) changes the statement.
    const changed = SAMPLE_STATEMENT.replace('positive integers', 'distinct positive integers');
    run(app.db, 'UPDATE problems SET statement = ?, base_text = ? WHERE id = ?', [changed, normalizeBaseText(changed), problem.id]);

    await selectInStatement(page, 'geometric ');
    await page.keyboard.press('1');
    await page.getByTestId('base-text-changed').waitFor();
    await expect(page.getByTestId('base-text-changed').textContent()).resolves.toContain('changed after you opened it');
    await expect.poll(() => page.getByTestId('base-text').textContent()).toContain('distinct positive integers');
    await expect(page.locator('[data-testid="base-text"] del.deleted').count()).resolves.toBe(0);
    expect(rowCount(app.db, 'annotations')).toBe(0);

    // Work goes on on the new text.
    await selectInStatement(page, 'distinct ');
    await page.keyboard.press('1');
    await expect.poll(() => rowCount(app.db, 'annotations'), { timeout: 5000 }).toBe(1);
    expect(errors.filter((e) => !e.includes('401') && !e.includes('409'))).toEqual([]);
    await page.close();
  });
});
