/**
 * End to end in the browser: a pilot works a task under the benchmark's protocol (a hit,
 * a miss, a repeated question, code typed into the editor and a paste, submit), an adjudicator
 * corrects a live label, and the exported run reads back through `runs import` to the same figures.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessionsOfUser, snapshotsOfSession, turnsOfSession } from '../../db/pilots';
import { CLI_ACTOR } from '../../db/events';
import { ALREADY_ANSWERED, createStudyBody, NOT_RELEVANT } from '../../shared/schemas/pilots';
import { createStudy } from '../../server/services/pilots/studies';
import { exportStudy } from '../../server/services/pilots/pilotRuns';
import { importRunFile } from '../../server/services/runs/importRun';
import { runsReport } from '../../server/services/runs/reports';
import { login, watchErrors, openFromNav } from '../support/browser';
import { browserHarness } from '../support/browserHarness';
import { tempDir } from '../support/db';
import { buildPilotWorld, KQ, PILOT_RELEASE, type PilotWorld } from '../support/pilotWorld';
import { runLine, storeRun } from '../support/runFixture';
import { releaseRecords, rowCount, userIdOf } from '../support/state';

const STUDY = 'acceptance';
/** Asks what KQ.values asks, in words the lexical judge does not match: a miss the reviewer corrects. */
const PARAPHRASE = 'Can the numbers in A be 0 or below?';
const CODE = 'n = int(input())\nprint("Yes" if n > 0 else "No")';
const PASTED = '\n# pasted';

interface ReleaseLine {
  task_id: string;
  question_id: string;
  modified_content: string;
  qa_pairs: { question: string; answer: string }[];
}

let w: PilotWorld;
/** The two-point problem's combined task (key questions: values, kind) and the one-point task. */
let combined: ReleaseLine;
let single: ReleaseLine;
const out = tempDir('ccb-pilots-browser-');
afterAll(() => fs.rmSync(out, { recursive: true, force: true }));

const app = browserHarness(async (db) => {
  w = await buildPilotWorld(db);
  const lines = releaseRecords<ReleaseLine>(db, PILOT_RELEASE);
  combined = lines.find((l) => l.question_id === w.problems.two.questionId && l.qa_pairs.length === 2)!;
  single = lines.find((l) => l.question_id === w.problems.one.questionId)!;
  createStudy(db, w.mara, createStudyBody.parse({ name: STUDY, release: PILOT_RELEASE, pilots: ['pia'], tasks: { mode: 'tasks', taskIds: [combined.task_id, single.task_id] } }));
  // Models beside the pilot on the Runs page: one asks every task's first key question, one asks off the point, one codes at once.
  const models: [string, (l: ReleaseLine) => [string[], (0 | 1)[]]][] = [
    ['model-x', (l) => [[l.qa_pairs[0]!.question], [1]]],
    ['chatty-model', (l) => [['Should the output end with a newline?', l.qa_pairs.at(-1)!.question], [0, 1]]],
    ['silent-model', () => [[], []]],
  ];
  for (const [model, habit] of models) await storeRun(db, CLI_ACTOR, model, { release: PILOT_RELEASE }, lines.map((l) => runLine(l.task_id, l.question_id, l.qa_pairs.length, ...habit(l))));
});

let pia: Page;
let piaErrors: string[];
/** Every API answer the pilot's browser received (the page can only leak what it was sent). */
const piaResponses: Promise<string>[] = [];
beforeAll(async () => {
  pia = await app.browser.newPage({ viewport: { width: 1400, height: 1000 } });
  piaErrors = watchErrors(pia);
  pia.on('response', (res) => {
    if (new URL(res.url()).pathname.startsWith('/api/')) piaResponses.push(res.text().catch(() => ''));
  });
  await login(pia, app.url, 'pia', 'correct-horse-battery');
});

/** "Task N": a pilot's task is named by its number in their list, never by the release's task id. */
const taskName = (taskId: string) => {
  const own = sessionsOfUser(app.db, w.users.pia.id);
  const session = own.find((s) => s.task_id === taskId)!;
  return `Task ${own.filter((s) => s.position <= session.position).length}`;
};
/** pia's session of a release task. */
const sessionOf = (taskId: string) => sessionsOfUser(app.db, w.users.pia.id).find((s) => s.task_id === taskId)!;

const dialogue = (page: Page) => page.getByRole('list', { name: 'Your questions and their answers' });
const questionBox = (page: Page) => page.getByLabel('Your question', { exact: true });

async function ask(page: Page, question: string, expectedAnswer: string): Promise<void> {
  const before = await dialogue(page).getByRole('listitem').count().catch(() => 0);
  await questionBox(page).fill(question);
  await page.getByRole('button', { name: 'Ask', exact: true }).click();
  const turn = dialogue(page).getByRole('listitem').nth(before);
  await turn.waitFor();
  await expect(turn.locator('.pilot-answer .said').textContent()).resolves.toBe(expectedAnswer);
}

/** Nothing a pilot must not see is on the page: the base text, the deletions, key questions and answers not given. */
async function expectNoHiddenText(page: Page, given: readonly string[]): Promise<void> {
  const text = (await page.locator('body').innerText()).replace(/\s+/g, ' ');
  const squash = (s: string) => s.replace(/\s+/g, ' ').trim();
  expect(text).not.toContain(squash(w.problems.two.baseText));
  expect(text).not.toContain(' of positive integers');
  for (const kq of [KQ.values, KQ.kind, KQ.single]) {
    if (!given.includes(kq.question)) expect(text).not.toContain(kq.question);
    if (!given.includes(kq.answer)) expect(text).not.toContain(kq.answer);
  }
  expect(text).not.toContain(single.modified_content.slice(0, 60).replace(/\s+/g, ' '));
}

describe('a pilot study in the browser', () => {
  it('lands the pilot on their tasks; the task page shows only the underspecified text and the rounds left', async () => {
    await pia.getByRole('heading', { name: 'Your tasks', level: 1 }).waitFor();
    expect(new URL(pia.url()).pathname).toBe('/pilot');
    await pia.getByRole('link', { name: taskName(combined.task_id), exact: true }).click();
    await pia.getByRole('heading', { name: `${taskName(combined.task_id)} of study ${STUDY}`, level: 1 }).waitFor();
    // A Ready step first: neither the text nor the clock before it.
    const ready = pia.getByRole('button', { name: 'Ready: start the clock' });
    await ready.waitFor();
    const openedAt = () => sessionOf(combined.task_id).opened_at;
    expect(await pia.getByTestId('task-text').count()).toBe(0);
    expect(openedAt()).toBeNull();
    await ready.click();
    await expect(pia.getByTestId('task-text').textContent()).resolves.toBe(combined.modified_content);
    await expect(pia.getByTestId('rounds-left').textContent()).resolves.toBe('5 questions left, or write code now.');
    expect(openedAt()).not.toBeNull();
    await expectNoHiddenText(pia, []);
  });

  it('refuses an empty and a 1,000-character question with a message, asking nothing', async () => {
    await pia.getByRole('button', { name: 'Ask', exact: true }).click();
    await pia.getByRole('alert').filter({ hasText: 'Write a question first' }).waitFor();
    await questionBox(pia).fill('x'.repeat(1000));
    await pia.getByRole('button', { name: 'Ask', exact: true }).click();
    await pia.getByRole('alert').filter({ hasText: 'shorter than 1,000 characters; yours has 1,000' }).waitFor();
    expect(rowCount(app.db, 'pilot_turns')).toBe(0);
  });

  it('answers a hit with its answer, a miss as not relevant and a repeat as already answered; then codes, pastes and submits', async () => {
    await ask(pia, KQ.kind.question, KQ.kind.answer);
    await ask(pia, PARAPHRASE, NOT_RELEVANT);
    await ask(pia, KQ.kind.question, ALREADY_ANSWERED);
    await expect(pia.getByTestId('rounds-left').textContent()).resolves.toBe('2 questions left, or write code now.');
    await expect(pia.getByTestId('announcer').textContent()).resolves.toBe(`Answer to question 3: ${ALREADY_ANSWERED}`);
    await expectNoHiddenText(pia, [KQ.kind.question, KQ.kind.answer]);

    // "Write code" ends the questions: it asks first, and Cancel keeps the questions open.
    await pia.getByRole('button', { name: 'Write code' }).click();
    const confirm = pia.getByRole('dialog', { name: 'Write the code now?' });
    await expect(confirm.getByTestId('write-code-effect').textContent()).resolves.toBe(
      'This ends the questions for this task: you asked 3 questions and could ask 2 more. Once you write code, no further question is answered.',
    );
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await confirm.waitFor({ state: 'detached' });
    await questionBox(pia).waitFor();
    expect(sessionOf(combined.task_id).status).not.toBe('coding');
    await pia.getByRole('button', { name: 'Write code' }).click();
    await confirm.getByRole('button', { name: 'Write code now' }).click();
    const editor = pia.getByRole('textbox', { name: 'Your code (Python)' });
    await editor.waitFor();
    expect(await questionBox(pia).count()).toBe(0); // no more questions once coding
    await editor.click();
    await pia.keyboard.type(CODE);
    // Python highlighting: the keyword-free line still has a highlighted string and number.
    await pia.locator('[data-testid="code-editor"] .cm-line span').first().waitFor();
    await pia.evaluate((text) => {
      const content = document.querySelector('[data-testid="code-editor"]')!.shadowRoot!.querySelector('.cm-content')!;
      const data = new DataTransfer();
      data.setData('text/plain', text);
      content.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }));
    }, PASTED);
    await pia.getByText('Pastes: 1').waitFor();
    await expectNoHiddenText(pia, [KQ.kind.question, KQ.kind.answer]);
    // The clock stays in sight while coding, the page scrolled to its end.
    await pia.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    const clock = pia.getByTestId('time-on-task');
    await expect(clock.textContent()).resolves.toMatch(/^Time on task \d+:\d\d$/);
    const box = (await clock.boundingBox())!;
    expect(box.y).toBeGreaterThanOrEqual(0);
    expect(box.y + box.height).toBeLessThanOrEqual(1000);
    if (process.env.CCB_SCREENSHOTS) {
      fs.mkdirSync('docs/screenshots', { recursive: true });
      await pia.screenshot({ path: 'docs/screenshots/pilot-task.png', fullPage: true });
    }

    await pia.getByRole('button', { name: 'Submit code…' }).click();
    await pia.getByRole('button', { name: 'Confirm submit' }).click();
    await pia.getByText('This task is finished and read-only.').waitFor();
    const session = sessionOf(combined.task_id);
    expect(session).toMatchObject({ status: 'submitted', code: `${CODE}${PASTED}`, pastes: 1 });
    expect(session.first_question_at).not.toBeNull();
    const snapshots = snapshotsOfSession(app.db, session.id);
    expect(snapshots.at(-1)?.code).toBe(`${CODE}${PASTED}`);
    expect(rowCount(app.db, 'pilot_turns')).toBe(3);
    const turns = turnsOfSession(app.db, session.id);
    expect(turns.map((t) => t.live_hit)).toEqual([1, 0, 0]);
    expect(piaErrors.filter((e) => !/\b40[0-9]\b/.test(e)), piaErrors.join('\n')).toEqual([]);
  });

  it('never sent the pilot the base text, the deletions, the key questions or an answer not earned', async () => {
    const bodies = (await Promise.all(piaResponses)).join('\n');
    expect(bodies).toContain(combined.modified_content.slice(0, 40).replace(/\n/g, '\\n')); // the underspecified text did arrive
    expect(bodies).not.toContain('of positive integers');
    expect(bodies).not.toContain(JSON.stringify(w.problems.two.baseText).slice(1, 80));
    for (const secret of [KQ.values.question, KQ.values.answer, KQ.single.question, KQ.single.answer]) expect(bodies).not.toContain(secret);
    // Nor the release's task ids, which index the public JSONL and so its key questions and answers.
    expect(piaResponses.length).toBeGreaterThan(5);
    expect(bodies).not.toContain(combined.task_id);
    expect(bodies).not.toContain(single.task_id);
    expect(bodies).not.toMatch(/\btask_\d+\b/);
  });

  it('lets the adjudicator confirm one live label and correct another; the study page shows live vs reviewed agreement', async () => {
    const page = await app.browser.newPage({ viewport: { width: 1400, height: 1000 } });
    const errors = watchErrors(page);
    await login(page, app.url, 'ada', 'correct-horse-battery');
    await openFromNav(page, 'Pilot studies');
    await page.getByRole('link', { name: STUDY, exact: true }).click();
    await page.getByRole('link', { name: 'Review the pilots’ questions' }).click();
    const items = page.getByRole('list', { name: 'Pilot questions' }).getByRole('listitem');
    await items.first().waitFor();
    expect(await items.count()).toBe(3);

    const hit = items.filter({ hasText: KQ.kind.question }).first();
    await expect(hit.textContent()).resolves.toContain('Best match: key question 2');
    await hit.getByRole('button', { name: 'Confirm live label' }).click();
    await hit.getByRole('status').filter({ hasText: 'Live label confirmed.' }).waitFor();

    const miss = items.filter({ hasText: PARAPHRASE });
    await expect(miss.textContent()).resolves.toContain('live: no hit');
    await miss.getByLabel('Hit', { exact: true }).check();
    await miss.getByLabel('Key question hit').selectOption({ label: `1. ${KQ.values.question}` });
    await miss.getByRole('button', { name: 'Save label' }).click();
    await miss.getByText('corrected by ada: hit (key question 1)').waitFor();

    await page.getByRole('link', { name: `← Study ${STUDY}` }).click();
    const agreement = page.getByRole('region', { name: 'Live vs reviewed labels' });
    await agreement.getByText('Reviewed questions').waitFor();
    await expect(agreement.locator('dl').textContent()).resolves.toMatch(/Reviewed questions2Accuracy50%/);
    await page.getByRole('table', { name: 'Progress per pilot' }).getByRole('row', { name: /P01/ }).waitFor();
    expect(errors.filter((e) => !/\b401\b/.test(e)), errors.join('\n')).toEqual([]);
    await page.close();
  });

  it('exports the run, whose re-import gives the same TKQR and ORA, with the corrected label in its hit_dict', async () => {
    const exported = exportStudy(app.db, STUDY, out);
    expect(exported.files.map((f) => f.alias)).toEqual(['P01']);
    const line = JSON.parse(fs.readFileSync(path.join(out, 'P01.jsonl'), 'utf8').trim()) as { hit_dict: Record<string, number>; hit_questions: string[] };
    expect(line.hit_dict).toEqual({ '0': 1, '1': 1, '2': 0 });
    await importRunFile(app.db, exported.files[0]!.file, { release: PILOT_RELEASE }, CLI_ACTOR, { model: 'reimported-P01' });
    const runs = runsReport(app.db).runs;
    const human = runs.find((r) => r.model === 'human:P01')!;
    const again = runs.find((r) => r.model === 'reimported-P01')!;
    expect(human.kind).toBe('human');
    expect({ tkqr: again.tkqr, ora: again.ora, turns: again.avg_turns, per_k: again.per_k }).toEqual({ tkqr: human.tkqr, ora: human.ora, turns: human.avg_turns, per_k: human.per_k });
    expect(human.tkqr).toBeGreaterThan(0);
  });

  it('shows the pilot beside the models on the Runs page, marked human, with time per task and discoverability apart', async () => {
    const page = await app.browser.newPage({ viewport: { width: 1400, height: 1000 } });
    const errors = watchErrors(page);
    await login(page, app.url, 'mara', 'correct-horse-battery');
    await openFromNav(page, 'Runs');
    const table = page.getByRole('table', { name: 'Models side by side' });
    const human = table.getByRole('row', { name: /human:P01/ });
    await human.waitFor();
    await expect(human.locator('.human-badge').textContent()).resolves.toBe('human');
    expect(await table.getByRole('row', { name: /model-x/ }).locator('.human-badge').count()).toBe(0);
    await expect(table.locator('thead').textContent()).resolves.toContain('time to first question');
    expect(await human.locator('td').nth(9).textContent()).toMatch(/\d+ s|min/);
    await page.getByRole('tab', { name: 'Curation feedback' }).click();
    const discover = page.getByRole('table', { name: 'Discoverability per key question' });
    await expect(discover.locator('thead').textContent()).resolves.toMatch(/models that asked it.*pilots that asked it/);
    // Pilots' counts stand apart from the models': the kind question asked live, the values one by the reviewed
    // correction, and the one-point task's question by no pilot run (none had that task submitted yet).
    const pilotsCell = (question: string) => discover.getByRole('row', { name: new RegExp(question) }).first().locator('td').last().textContent();
    await expect(pilotsCell(KQ.kind.question)).resolves.toBe('1 of 1');
    await expect(pilotsCell(KQ.values.question)).resolves.toBe('1 of 1');
    await expect(pilotsCell(KQ.single.question)).resolves.toBe('—');
    if (process.env.CCB_SCREENSHOTS) {
      await page.setViewportSize({ width: 1400, height: 640 });
      await page.getByRole('tab', { name: 'Figures' }).click();
      await page.getByRole('heading', { name: 'Models and pilots' }).evaluate((h) => h.closest('section')!.scrollIntoView({ block: 'start' }));
      await page.screenshot({ path: 'docs/screenshots/pilot-comparison.png', fullPage: false });
    }
    expect(errors.filter((e) => !/\b401\b/.test(e)), errors.join('\n')).toEqual([]);
    await page.close();
  });

  it('lets a maintainer create a pilot account and a study for it from the browser', async () => {
    const page = await app.browser.newPage({ viewport: { width: 1400, height: 1000 } });
    await login(page, app.url, 'mara', 'correct-horse-battery', '/users');
    const account = page.getByRole('form', { name: 'Create an account' });
    await account.getByLabel('Username').fill('paul');
    await account.getByLabel('Role').selectOption('pilot');
    await account.getByLabel('Password').fill('paul-pilot-pass');
    await account.getByRole('button', { name: 'Create account' }).click();
    await page.getByRole('status').filter({ hasText: 'Created pilot paul.' }).waitFor();

    await openFromNav(page, 'Pilot studies');
    const form = page.getByRole('form', { name: 'New pilot study' });
    await form.getByLabel('Name').fill('second');
    await form.getByLabel('paul', { exact: true }).check();
    await form.getByLabel('Max responses (questions and the code)').fill('3');
    await form.getByLabel('Similarity threshold').fill('1.5');
    await form.getByRole('button', { name: 'Create study' }).click();
    await form.getByText('must be between 0 and 1').waitFor();
    await form.getByLabel('Similarity threshold').fill('0.5');
    await form.getByRole('button', { name: 'Create study' }).click();
    await page.getByRole('status').filter({ hasText: 'Created study second.' }).waitFor();
    const row = page.getByRole('table', { name: 'Pilot studies' }).getByRole('row', { name: /second/ });
    await expect(row.textContent()).resolves.toContain('3 rounds, threshold 0.50');
    expect(sessionsOfUser(app.db, userIdOf(app.db, 'paul'))).toHaveLength(2);
    await page.close();
  });

  it('works by keyboard alone: Ctrl+Enter asks, Write code moves focus to the code, Tab indents, Esc then Tab leaves the editor, Enter submits', async () => {
    await pia.goto(`${app.url}/pilot`);
    await pia.getByRole('link', { name: taskName(single.task_id), exact: true }).click();
    // Ready takes the focus: Enter starts the clock.
    await pia.getByRole('button', { name: 'Ready: start the clock' }).waitFor();
    await expect(pia.evaluate(() => document.activeElement?.textContent)).resolves.toBe('Ready: start the clock');
    await pia.keyboard.press('Enter');
    await pia.getByTestId('task-text').waitFor();
    const focusedLabel = () => pia.evaluate(() => document.activeElement?.id && document.querySelector(`label[for="${document.activeElement.id}"]`)?.textContent);
    for (let i = 0; i < 30 && (await focusedLabel()) !== 'Your question'; i++) await pia.keyboard.press('Tab');
    expect(await focusedLabel()).toBe('Your question');
    await pia.keyboard.type(KQ.single.question);
    await pia.keyboard.press('Control+Enter');
    await dialogue(pia).getByText(KQ.single.answer).waitFor();

    await pia.keyboard.press('Tab'); // Ask
    await pia.keyboard.press('Tab'); // Write code
    await pia.keyboard.press('Enter');
    await expect(pia.evaluate(() => document.activeElement?.textContent)).resolves.toBe('Write code now');
    await pia.keyboard.press('Enter');
    await pia.getByRole('textbox', { name: 'Your code (Python)' }).waitFor();
    await expect(pia.evaluate(() => document.activeElement?.id)).resolves.toBe('code-h');
    await pia.keyboard.press('Tab');
    const inEditor = () => pia.evaluate(() => document.querySelector('[data-testid="code-editor"]')?.shadowRoot?.activeElement?.classList.contains('cm-content') ?? false);
    await expect(inEditor()).resolves.toBe(true);
    await pia.keyboard.type('if True:');
    await pia.keyboard.press('Enter'); // Python indentation after the colon
    await pia.keyboard.type('pass');
    await pia.keyboard.press('Escape');
    await pia.keyboard.press('Tab'); // leaves the editor instead of indenting
    await expect(inEditor()).resolves.toBe(false);
    await expect(pia.evaluate(() => document.activeElement?.textContent)).resolves.toBe('Submit code…');
    await pia.keyboard.press('Enter');
    await expect(pia.evaluate(() => document.activeElement?.textContent)).resolves.toBe('Confirm submit');
    await pia.keyboard.press('Enter');
    await pia.getByText('This task is finished and read-only.').waitFor();
    const code = sessionOf(single.task_id).code;
    expect(code).toBe('if True:\n    pass');
  });
});
