import { describe, expect, it } from 'vitest';
import { get } from '../../db/database';
import { assign, buildProblem, buildUser, type BuiltProblem, type BuiltUser } from '../support/builders';
import { login } from '../support/browser';
import { browserHarness } from '../support/browserHarness';
import { selectInStatement, waitSaved } from '../support/editorPage';

let anna: BuiltUser;
let problem: BuiltProblem;

const app = browserHarness(async (db) => {
  anna = await buildUser(db, { username: 'anna', role: 'annotator' });
  problem = buildProblem(db, { questionId: 'abc390_b', title: 'Geometric Sequence' });
  assign(db, problem.id, anna.id, 1);
});

describe('the editor when the server disk is full', () => {
  it("keeps the draft, shows the server's reason, and saves it on Retry once there is room", async () => {
    const page = await app.browser.newPage();
    await login(page, app.url, anna.username, anna.password, `/annotate/${problem.questionId}`);
    await selectInStatement(page, 'geometric ');
    await page.keyboard.press('1');
    await waitSaved(page);

    // the served app's database may not grow by a single page: saves fail with SQLITE_FULL
    // (VACUUM first: free pages left by a migration that dropped an index would otherwise take the save)
    app.db.exec('VACUUM');
    app.db.pragma(`max_page_count = ${app.db.pragma('page_count', { simple: true }) as number}`);
    const long = 'Which kind of progression is meant here, and does a constant sequence count? '.repeat(50).slice(0, 3900);
    const question = page.getByRole('group', { name: 'Point 1' }).getByLabel('Key question');
    await question.fill(long);
    const alert = page.getByRole('alert').filter({ hasText: "The server's disk is full" });
    await alert.waitFor();
    expect(await alert.textContent()).toContain('not saved');
    expect(await page.getByTestId('save-state').textContent()).toMatch(/not saved/i);
    expect(await question.inputValue()).toBe(long); // the draft is still there
    expect(get<{ question: string }>(app.db, 'SELECT question FROM annotation_points')!.question).toBe('');

    app.db.pragma('max_page_count = 1073741823');
    await alert.getByRole('button', { name: 'Retry' }).click();
    await waitSaved(page);
    expect(get<{ question: string }>(app.db, 'SELECT question FROM annotation_points')!.question).toBe(long);
    await page.close();
  });
});
