import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { DB } from '../../db/database';
import type { Point } from '../../shared/edits';
import type { CaseView } from '../../shared/adjudicationView';
import { assign, buildProblem, buildUser, type BuiltProblem, type BuiltUser } from '../support/builders';
import { spanOf } from '../support/annotationBuilders';
import { login, watchErrors } from '../support/browser';
import { browserHarness } from '../support/browserHarness';
import { loginAs, testApp } from '../support/http';
import { hashOf } from '../support/baseText';
import { openGoldPoint } from '../support/adjudicationPage';

let ada: BuiltUser;
let problem: BuiltProblem;
let pointsB: Point[];

async function submitAs(db: DB, user: BuiltUser, points: Point[]): Promise<void> {
  const agent = await loginAs(testApp(db), user);
  const saved = await agent.put(`/api/annotations/${problem.questionId}`).send({ baseTextHash: hashOf(problem), version: 0, points });
  expect(saved.status, JSON.stringify(saved.body)).toBe(200);
  expect((await agent.post(`/api/annotations/${problem.questionId}/submit`).send({ baseTextHash: hashOf(problem), version: saved.body.version })).status).toBe(200);
}

// The full browser: the first test's save is sent with keepalive as the page goes, and only the
// full Chromium, like people's browsers, delivers it after the tab has closed.
const app = browserHarness(async (db) => {
  const demo = JSON.parse(fs.readFileSync(path.resolve('data/problems.jsonl'), 'utf8').split('\n')[0]!) as { question_id: string; question_title: string; question_content: string };
  problem = buildProblem(db, { questionId: demo.question_id, title: demo.question_title, statement: demo.question_content });
  ada = await buildUser(db, { username: 'ada', role: 'adjudicator' });
  const alice = await buildUser(db, { username: 'alice', role: 'annotator' });
  const bob = await buildUser(db, { username: 'bob', role: 'annotator' });
  assign(db, problem.id, alice.id, 1);
  assign(db, problem.id, bob.id, 2);
  const t = problem.baseText;
  const pointsA: Point[] = [
    { deletions: [spanOf(t, 'strictly ')], repairs: [], question: 'Must a visible book be taller or at least as tall?', answer: 'Strictly taller than every book to its left.', type: 'Comparison Rules' },
  ];
  pointsB = [
    { deletions: [spanOf(t, 'strictly taller ')], repairs: [], question: 'How is a book compared with the books to its left?', answer: 'It must be strictly taller.', type: 'Comparison Rules' },
    { deletions: [spanOf(t, ' from left to right')], repairs: [], question: 'In which order do the books stand?', answer: 'From left to right.', type: 'Indices & Ranges' },
  ];
  await submitAs(db, alice, pointsA);
  await submitAs(db, bob, pointsB);
}, { fullBrowser: true });

/** The stored gold questions, read outside the browser (the page may be gone). */
async function goldQuestions(): Promise<string[]> {
  const agent = await loginAs(testApp(app.db), ada);
  const res = await agent.get(`/api/adjudications/${problem.questionId}`);
  return (res.body as CaseView).gold.points.map((p) => p.question);
}

describe('cross-check: no change lost on leaving', () => {
  it('saves "Take B" when the adjudicator goes back to the queue 100 ms later', async () => {
    const page = await app.browser.newPage({ viewport: { width: 1280, height: 900 } });
    const errors = watchErrors(page);
    await login(page, app.url, ada.username, ada.password, `/adjudicate/${problem.questionId}`);
    await page.getByRole('region', { name: 'Only B: point 2' }).getByRole('button', { name: 'Take B' }).click();
    await page.waitForTimeout(100);
    await page.getByRole('link', { name: '← Adjudication queue' }).click();
    expect(new URL(page.url()).pathname).toBe('/adjudicate');
    expect(errors.filter((e) => !e.includes('401'))).toEqual([]);
    // Closed at once, before the autosave delay is over: only a save sent on leaving can arrive.
    await page.close();
    await expect.poll(() => goldQuestions()).toEqual([pointsB[1]!.question]);
  });

  it('undoes a drop with Ctrl+Z, and a "Drop" whose save is unanswered when the page reloads is kept (after a warning)', async () => {
    const page = await app.browser.newPage({ viewport: { width: 1280, height: 900 } });
    const errors = watchErrors(page);
    const dialogs: string[] = [];
    page.on('dialog', (d) => {
      dialogs.push(d.type());
      void d.accept();
    });
    await login(page, app.url, ada.username, ada.password, `/adjudicate/${problem.questionId}`);
    const gold1 = page.getByRole('region', { name: 'Gold point 1' });
    await openGoldPoint(page, 1);
    await gold1.getByRole('button', { name: 'Drop gold point 1' }).click();
    await expect(gold1.count()).resolves.toBe(0);
    await page.keyboard.press('Control+z');
    await gold1.waitFor();
    await expect(gold1.getByLabel('Question', { exact: true }).inputValue()).resolves.toBe(pointsB[1]!.question);
    await page.getByRole('button', { name: 'Redo' }).click();
    await expect(gold1.count()).resolves.toBe(0);

    await page.getByRole('region', { name: 'Only B: point 2' }).getByRole('button', { name: 'Take B' }).click();
    await page.getByText('All changes saved').waitFor();
    // The drop's autosave reaches the server, but its answer is held until the page has reloaded:
    // leaving while a save is unanswered (it could still fail) makes the browser ask first.
    // (Leaving before the autosave, with the save sent on the way out, is the test above.)
    let answerSaves: () => void = () => undefined;
    const saveAnswered = new Promise<void>((resolve) => (answerSaves = resolve));
    let saveSent: () => void = () => undefined;
    const sent = new Promise<void>((resolve) => (saveSent = resolve));
    const caseUrl = `**/api/adjudications/${problem.questionId}`;
    await page.route(caseUrl, async (route) => {
      if (route.request().method() !== 'PUT') return route.continue();
      const response = await route.fetch();
      saveSent();
      await saveAnswered;
      await route.fulfill({ response }).catch(() => undefined); // the page that sent it is gone
    });
    await gold1.getByRole('button', { name: 'Drop gold point 1' }).click();
    await sent;
    await page.getByText('Saving…').waitFor();
    await page.reload();
    answerSaves();
    await page.unroute(caseUrl);
    await expect.poll(() => goldQuestions()).toEqual([]);
    expect(dialogs).toContain('beforeunload');
    await page.reload();
    await page.getByRole('heading', { name: 'Gold text' }).waitFor();
    await expect(page.getByRole('region', { name: 'Gold point 1' }).count()).resolves.toBe(0);
    expect(errors.filter((e) => !e.includes('401'))).toEqual([]);
    await page.close();
  });
});
