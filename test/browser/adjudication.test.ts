import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { DB } from '../../db/database';
import { applyEdits, type Point } from '../../shared/edits';
import type { CaseView } from '../../shared/adjudicationView';
import { assign, buildProblem, buildUser, type BuiltProblem, type BuiltUser } from '../support/builders';
import { spanOf } from '../support/annotationBuilders';
import { login, watchErrors } from '../support/browser';
import { browserHarness } from '../support/browserHarness';
import { openReopenedCase, resolveCase, tickChecklist } from '../support/adjudicationPage';
import { loginAs, testApp } from '../support/http';
import { hashOf } from '../support/baseText';

let ada: BuiltUser;
let mara: BuiltUser;
let problem: BuiltProblem;
let pointsA: Point[];
let pointsB: Point[];

/** The first demo problem, as shipped in data/problems.jsonl. */
function demoProblem(): { question_id: string; question_title: string; question_content: string } {
  const line = fs.readFileSync(path.resolve('data/problems.jsonl'), 'utf8').split('\n')[0]!;
  return JSON.parse(line) as { question_id: string; question_title: string; question_content: string };
}

async function submitAs(db: DB, user: BuiltUser, points: Point[]): Promise<void> {
  const agent = await loginAs(testApp(db), user);
  const saved = await agent.put(`/api/annotations/${problem.questionId}`).send({ baseTextHash: hashOf(problem), version: 0, points });
  expect(saved.status, JSON.stringify(saved.body)).toBe(200);
  const submitted = await agent.post(`/api/annotations/${problem.questionId}/submit`).send({ baseTextHash: hashOf(problem), version: saved.body.version });
  expect(submitted.status, JSON.stringify(submitted.body)).toBe(200);
}

const app = browserHarness(async (db) => {
  const demo = demoProblem();
  problem = buildProblem(db, { questionId: demo.question_id, title: demo.question_title, statement: demo.question_content });
  ada = await buildUser(db, { username: 'ada', role: 'adjudicator' });
  mara = await buildUser(db, { username: 'mara', role: 'maintainer' });
  const alice = await buildUser(db, { username: 'alice', role: 'annotator' });
  const bob = await buildUser(db, { username: 'bob', role: 'annotator' });
  assign(db, problem.id, alice.id, 1);
  assign(db, problem.id, bob.id, 2);
  const t = problem.baseText;
  pointsA = [
    { deletions: [spanOf(t, 'strictly ')], repairs: [], question: 'Must a visible book be taller or at least as tall?', answer: 'Strictly taller than every book to its left.', type: 'Comparison Rules' },
    { deletions: [spanOf(t, ' The leftmost book is always visible.')], repairs: [], question: 'Is the leftmost book visible?', answer: 'Yes, always.', type: 'Edge Cases' },
  ];
  pointsB = [
    { deletions: [spanOf(t, 'strictly taller ')], repairs: [], question: 'How is a book compared with the books to its left?', answer: 'It must be strictly taller.', type: 'Comparison Rules' },
    { deletions: [spanOf(t, ' from left to right')], repairs: [], question: 'In which order do the books stand?', answer: 'From left to right.', type: 'Indices & Ranges' },
  ];
  await submitAs(db, alice, pointsA);
  await submitAs(db, bob, pointsB);
});

describe('cross-check and adjudication', () => {
  it('marks both/only-A/only-B, merges A’s span with B’s question, drops a point, completes the checklist and resolves', async () => {
    const page = await app.browser.newPage({ viewport: { width: 1280, height: 900 } });
    const errors = watchErrors(page);
    await login(page, app.url, ada.username, ada.password);
    await page.getByRole('heading', { name: 'Adjudication queue' }).waitFor();
    await page.getByRole('link', { name: 'Visible Books', exact: true }).click(); // not "Start next case: Visible Books →"
    await page.waitForURL(`**/adjudicate/${problem.questionId}`);

    const marked = page.getByTestId('marked-text');
    await marked.waitFor();
    await expect(marked.locator('mark[data-kind="both"]').allTextContents()).resolves.toEqual(['strictly ']);
    await expect(marked.locator('mark[data-kind="onlyA"]').allTextContents()).resolves.toEqual([' The leftmost book is always visible.']);
    await expect(marked.locator('mark[data-kind="onlyB"]').allTextContents()).resolves.toEqual([' from left to right', 'taller ']);
    await expect(page.getByRole('list', { name: 'Legend' }).textContent()).resolves.toContain('deleted only by Annotator B');
    await expect(page.getByText('Comparing Annotator A and Annotator B.').count()).resolves.toBe(1);
    expect(await page.content()).not.toContain('alice');

    const pair = page.getByRole('region', { name: 'Pair 1' });
    await expect(pair.textContent()).resolves.toContain('IoU 0.56');
    await pair.getByRole('button', { name: 'Take A', exact: true }).click();
    const gold1 = page.getByRole('region', { name: 'Gold point 1' });
    await gold1.getByRole('button', { name: 'Question from B' }).click();
    await expect(gold1.getByLabel('Question', { exact: true }).inputValue()).resolves.toBe(pointsB[0]!.question);
    await expect(gold1.textContent()).resolves.toContain('provenance: merged');

    await page.getByRole('region', { name: 'Only B: point 2' }).getByRole('button', { name: 'Take B' }).click();
    await page.getByRole('region', { name: 'Only A: point 2' }).getByRole('button', { name: 'Take A' }).click();
    // B's point, taken first, folded to a line once A's row was worked on: open its row, then drop it
    const onlyB = page.getByRole('region', { name: 'Only B: point 2' });
    await onlyB.click({ position: { x: 10, y: 10 } });
    await onlyB.getByRole('button', { name: /^Drop gold point \d$/ }).click();
    await expect(page.getByRole('region', { name: 'Gold point 3' }).count()).resolves.toBe(0);

    // The curation view is compact: one row per slot, A | gold | B side by side, the statement beside them.
    // (the stacked layout took about 4,000 px at this width; the tasks preview below the rows is the rest)
    expect(await page.evaluate(() => document.documentElement.scrollHeight)).toBeLessThan(2800);
    const pairBox = (await pair.boundingBox())!;
    expect(pairBox.height).toBeLessThan(560);
    // (docs/screenshots/crosscheck.png is made by crossCheckOneScreen.test.ts, at the 1366×768)

    const resolve = page.getByRole('button', { name: 'Resolve' });
    expect(await resolve.isDisabled()).toBe(true);
    await expect(page.getByRole('list', { name: 'What is incomplete' }).textContent()).resolves.toContain('Point 2: tick “answer sufficient”');
    await page.getByText('2 gold points · 3 tasks in the release', { exact: true }).waitFor();
    await tickChecklist(page, [1, 2]);
    await expect(page.getByTestId('task-text-0,1').textContent()).resolves.toBe(applyEdits(problem.baseText, [pointsA[0]!, pointsA[1]!]));
    await resolveCase(page);
    await page.getByText(`Resolved by ${ada.username}`).waitFor();
    expect(await page.getByRole('region', { name: 'Gold point 1' }).getByLabel('Question', { exact: true }).isDisabled()).toBe(true);

    const res = await page.request.get(`${app.url}/api/adjudications/${problem.questionId}`);
    const view = (await res.json()) as CaseView;
    expect(view.gold.status).toBe('resolved');
    expect(view.gold.points.map(({ deletions, question, answer, type, provenance }) => ({ deletions, question, answer, type, provenance }))).toEqual([
      { deletions: pointsA[0]!.deletions, question: pointsB[0]!.question, answer: pointsA[0]!.answer, type: 'Comparison Rules', provenance: 'merged' },
      { deletions: pointsA[1]!.deletions, question: pointsA[1]!.question, answer: pointsA[1]!.answer, type: 'Edge Cases', provenance: 'A' },
    ]);
    expect(view.gold.points.every((p) => p.checklist.plausible && p.checklist.ambiguous && p.checklist.sufficient)).toBe(true);
    expect(view.tasks.map((t) => [t.key, t.text])).toEqual([
      ['0', problem.baseText.replace('strictly ', '')],
      ['1', problem.baseText.replace(' The leftmost book is always visible.', '')],
      ['0,1', problem.baseText.replace('strictly ', '').replace(' The leftmost book is always visible.', '')],
    ]);
    expect(view.tasks[2]!.qa.map((q) => q.question)).toEqual([pointsB[0]!.question, pointsA[1]!.question]);
    expect(errors.filter((e) => !e.includes('401'))).toEqual([]);
    await page.close();
  });

  it('lets a maintainer reopen, edit a span by selection and override a task’s text with a flagged repair', async () => {
    const { page, errors } = await openReopenedCase(app, mara, problem.questionId);

    // select " from left to right" in the gold text and delete it for gold point 2
    await page.evaluate((phrase) => {
      const root = document.querySelector('.gold-base')!;
      const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const at = node.textContent!.indexOf(phrase);
        if (at < 0) continue;
        const range = document.createRange();
        range.setStart(node, at);
        range.setEnd(node, at + phrase.length);
        window.getSelection()!.removeAllRanges();
        window.getSelection()!.addRange(range);
        root.dispatchEvent(new MouseEvent('mouseup', { bubbles: true }));
        return;
      }
      throw new Error(`not found: ${phrase}`);
    }, ' from left to right');
    await page.getByRole('button', { name: 'Delete selection for gold point 2' }).click();
    const gold2 = page.getByRole('region', { name: 'Gold point 2' });
    await expect(gold2.textContent()).resolves.toContain('Deletes:  from left to right …  The leftmost book is always visible.');
    await expect(gold2.textContent()).resolves.toContain('(required: this point overrides both annotators)');
    await gold2.getByLabel('Note', { exact: false }).fill('Ordering of the shelf belongs with the leftmost-book rule.');
    await page.getByText('All changes saved').waitFor();

    const task = page.getByRole('article', { name: 'Task 1 + 2' });
    await task.getByRole('button', { name: 'Edit task' }).click();
    const text = await task.getByLabel('Task text').inputValue();
    await task.getByLabel('Task text').fill(text.replace('Count the visible books.', 'Count the visible books!'));
    await task.getByRole('button', { name: 'Save override' }).click();
    await task.getByText('override', { exact: true }).waitFor();
    await expect(task.textContent()).resolves.toContain('Flagged repairs: "!"');
    await resolveCase(page);
    await page.getByText(`Resolved by ${mara.username}`).waitFor();

    const view = (await (await page.request.get(`${app.url}/api/adjudications/${problem.questionId}`)).json()) as CaseView;
    expect(view.gold.points[1]!.deletions).toEqual([pointsB[1]!.deletions[0]!, pointsA[1]!.deletions[0]!]);
    expect(view.gold.points[1]!.provenance).toBe('merged');
    expect(view.tasks.find((t) => t.key === '0,1')!.text).toContain('Count the visible books!');
    expect(view.gold.overrides[0]!.repairs).toHaveLength(1);
    expect(errors.filter((e) => !e.includes('401'))).toEqual([]);
    await page.close();
  });
});
