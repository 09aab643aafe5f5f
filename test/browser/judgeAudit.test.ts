/** An adjudicator labels a judge audit's items with the keyboard alone: choose, go back, change, move on, undo. */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { all, get } from '../../db/database';
import { createAudit } from '../../server/services/judgeAudits/create';
import { login, watchErrors } from '../support/browser';
import { browserHarness } from '../support/browserHarness';
import { buildPilotWorld, PILOT_RELEASE } from '../support/pilotWorld';
import { runLine, storeRun } from '../support/runFixture';

const AUDIT = 'spring-check';

const app = browserHarness(async (db) => {
  const w = await buildPilotWorld(db);
  const { content } = get<{ content: Buffer }>(db, `SELECT f.content FROM release_files f JOIN releases r ON r.id = f.release_id WHERE r.name = ? AND f.path LIKE '%.jsonl'`, [PILOT_RELEASE])!;
  const lines = content
    .toString('utf8')
    .trim()
    .split('\n')
    .map((l) => JSON.parse(l) as { task_id: string; question_id: string; qa_pairs: { question: string }[] });
  // Two questions per task: its first key question (a hit), then something else (a miss).
  const records = lines.map((l) => runLine(l.task_id, l.question_id, l.qa_pairs.length, [l.qa_pairs[0]!.question, 'Is the output case sensitive?'], [1, 0]));
  await storeRun(db, w.mara, 'model-q', { release: PILOT_RELEASE }, records);
  createAudit(db, w.mara, { name: AUDIT, model: 'model-q', size: 5, seed: 11, labelers: 1 });
});

const progress = (page: Page, text: string) => page.locator('.audit-progress').filter({ hasText: new RegExp(`^${text}`) }).waitFor();
const shown = (page: Page, position: number, choice: string) =>
  page.getByRole('article').filter({ hasText: `Item ${position} of` }).filter({ hasText: choice }).waitFor();

describe('labelling a judge audit', () => {
  it('takes five labels from the keyboard alone, with j/k to move back and forth and u to undo', async () => {
    const page = await app.browser.newPage({ viewport: { width: 1280, height: 900 } });
    const errors = watchErrors(page);
    await login(page, app.url, 'ada', 'correct-horse-battery', `/judge-audits/${AUDIT}/label`);
    await progress(page, '0 of 5 labelled');
    await shown(page, 1, 'not labelled yet');

    await page.keyboard.press('1'); // item 1: key question 1
    await progress(page, '1 of 5 labelled');
    await page.keyboard.press('0'); // item 2: none
    await progress(page, '2 of 5 labelled');
    await shown(page, 3, 'not labelled yet');
    await page.keyboard.press('k'); // back to item 2, and change it
    await shown(page, 2, 'you chose: none of them');
    await page.keyboard.press('1');
    await shown(page, 2, 'you chose: key question 1');
    await progress(page, '2 of 5 labelled');
    await page.keyboard.press('j'); // on to item 3
    await shown(page, 3, 'not labelled yet');
    await page.keyboard.press('1');
    await progress(page, '3 of 5 labelled');
    await page.keyboard.press('u'); // undo item 3's label: it is open again
    await progress(page, '2 of 5 labelled');
    await shown(page, 3, 'not labelled yet');
    await page.keyboard.press('0');
    await progress(page, '3 of 5 labelled');
    await page.keyboard.press('1');
    await progress(page, '4 of 5 labelled');
    await page.keyboard.press('0');
    await progress(page, '5 of 5 labelled');
    await page.getByText('Nothing left for you to label in this audit.').waitFor();

    const labels = all<{ key_question: number | null }>(
      app.db,
      `SELECT l.key_question FROM judge_audit_labels l JOIN judge_audit_items i ON i.id = l.item_id JOIN users u ON u.id = l.user_id
        WHERE u.username = 'ada' ORDER BY i.position`,
    );
    expect(labels.map((l) => l.key_question)).toEqual([0, 0, null, 0, null]);
    expect(errors).toEqual([]);
    await page.close();
  });
});
