import fs from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { CLI_ACTOR } from '../../db/events';
import { AMBIGUITY_TYPES } from '../../shared/taxonomy';
import { login, watchErrors, openFromNav } from '../support/browser';
import { browserHarness } from '../support/browserHarness';
import { tempDir } from '../support/db';
import { runFileText, runLine, storeRun } from '../support/runFixture';
import { buildWorld, RELEASE, RUN_MODEL, type World } from '../support/world';

let w: World;
const dir = tempDir('ccb-runs-browser-');
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));
const HOSTILE = '<img src=x onerror="window.__pwned=1">';

/** A small release file: 8 problems, tasks with K = 1…3 and key questions of several types. */
function writeSyntheticRelease(): { file: string; tasks: { taskId: string; questionId: string; questions: string[] }[] } {
  const tasks: { taskId: string; questionId: string; keywords: string[]; questions: string[] }[] = [];
  let n = 0;
  for (let p = 0; p < 8; p++) {
    const k = (p % 3) + 1;
    const types = Array.from({ length: k }, (_v, i) => AMBIGUITY_TYPES[(p + i * 3) % 8]!);
    tasks.push({ taskId: `s_${++n}`, questionId: `arc9${p}0_a`, keywords: types, questions: types.map((t, i) => `For problem ${p}, what does the ${t.toLowerCase()} detail number ${i + 1} mean?`) });
  }
  const file = path.join(dir, 'synthetic.jsonl');
  fs.writeFileSync(
    file,
    tasks.map((t) => JSON.stringify({ task_id: t.taskId, question_id: t.questionId, keywords: t.keywords, modified_content: `Statement of ${t.questionId}.`, qa_pairs: t.questions.map((q) => ({ question: q, answer: 'as stated' })) })).join('\n') + '\n',
  );
  return { file, tasks };
}

const app = browserHarness(async (db) => {
  w = await buildWorld(db);
  const { file, tasks } = writeSyntheticRelease();
  // Three models with different habits: asks everything, asks the first key question only, asks nothing useful.
  const habits: [string, (q: string[], i: number) => [string[], (0 | 1)[]]][] = [
    ['eager-model', (q) => [q, q.map(() => 1)]],
    ['careful-model', (q, i) => (i % 2 === 0 ? [[q[0]!], [1]] : [['Should the output end with a newline?'], [0]])],
    ['silent-model', () => [[], []]],
  ];
  for (const [model, habit] of habits) {
    await storeRun(db, CLI_ACTOR, model, { releaseFile: file }, tasks.map((t, i) => runLine(t.taskId, t.questionId, t.questions.length, ...habit(t.questions, i))));
  }
  // The world's run over RELEASE asks a hostile question first, then the key question.
  await storeRun(db, CLI_ACTOR, RUN_MODEL, { release: RELEASE }, [runLine('task_1', w.problems.resolved.questionId, 1, [HOSTILE, 'Which kind of progression is meant?'], [0, 1])], true);
});

describe('the Runs page', () => {
  it('shows the models side by side with accessible charts, imports a run with line errors first, and runs the judge check', async () => {
    const page = await app.browser.newPage({ viewport: { width: 1400, height: 1000 } });
    const errors = watchErrors(page);
    await login(page, app.url, w.users.maintainer.username, w.users.maintainer.password);
    await openFromNav(page, 'Runs');
    await page.getByRole('heading', { name: 'Evaluation runs' }).waitFor();
    const models = page.getByRole('table', { name: 'Models side by side' });
    await models.getByRole('row', { name: /eager-model/ }).waitFor();
    expect(await models.locator('tbody tr').count()).toBe(4);
    await expect(models.getByRole('row', { name: /silent-model/ }).textContent()).resolves.toContain('0.000');
    const heat = page.getByRole('img', { name: 'Key-question hit rate per ambiguity type and model' });
    await expect(heat.locator('title').first().textContent()).resolves.toBe('Key-question hit rate per ambiguity type and model');
    await expect(heat.locator('desc').textContent()).resolves.toContain('eager-model: Terminology 100%');
    await page.getByRole('img', { name: 'TKQR and ORA per K and model' }).waitFor();

    // A bad file: line-numbered errors, nothing imported.
    const panel = page.getByRole('form', { name: 'Import a run' });
    await panel.getByLabel('Model', { exact: true }).fill('new-model');
    await panel.getByLabel('Release').selectOption(RELEASE);
    await panel.getByLabel('Run file (JSONL)').setInputFiles({ name: 'bad.jsonl', mimeType: 'application/json', buffer: Buffer.from(`${JSON.stringify(runLine('task_7', 'x', 1))}\n{oops\n`) });
    await panel.getByRole('button', { name: 'Import run' }).click();
    const alert = panel.getByRole('alert');
    await alert.waitFor();
    await expect(alert.textContent()).resolves.toContain('line 1: task_id: "task_7" is not a task of the release');
    await expect(alert.textContent()).resolves.toContain('line 2: invalid JSON');
    expect(await models.locator('tbody tr').count()).toBe(4);

    // A good one.
    const good = runFileText([runLine('task_1', w.problems.resolved.questionId, 1, ['Which kind of progression is meant?'], [1])]);
    await panel.getByLabel('Run file (JSONL)').setInputFiles({ name: 'good.jsonl', mimeType: 'application/json', buffer: Buffer.from(good) });
    await panel.getByRole('button', { name: 'Import run' }).click();
    await panel.getByRole('status').filter({ hasText: 'Imported the run of new-model: 1 task (0 unfinished) over v1.' }).waitFor();
    await models.getByRole('row', { name: /new-model/ }).waitFor();

    // The judge check with its sweep.
    await page.getByRole('tab', { name: 'Judge check' }).click();
    const judge = page.getByRole('region', { name: 'Judge check' });
    await judge.getByLabel('Model').selectOption('eager-model');
    await judge.getByText('Question turns').waitFor();
    expect(await judge.getByRole('table', { name: 'Threshold sweep' }).locator('tbody tr').count()).toBe(9);

    if (process.env.CCB_SCREENSHOTS) {
      fs.mkdirSync('docs/screenshots', { recursive: true });
      await page.getByRole('tab', { name: 'Figures' }).click();
      await models.waitFor();
      await page.getByRole('heading', { name: 'Evaluation runs' }).scrollIntoViewIfNeeded();
      await page.screenshot({ path: 'docs/screenshots/runs.png', fullPage: false });
    }
    expect(errors.filter((e) => !/\b40[0-9]\b/.test(e)), errors.join('\n')).toEqual([]);
  });

  it('drills down into a task (hit turns linked to their key question, the gold points beside them) and flags it back to adjudication', async () => {
    const page = await app.browser.newPage({ viewport: { width: 1400, height: 1000 } });
    const errors = watchErrors(page);
    await login(page, app.url, w.users.maintainer.username, w.users.maintainer.password, '/runs');
    await page.getByRole('tab', { name: 'Per task' }).click();
    const tasks = page.getByRole('region', { name: 'Per task' });
    await tasks.getByLabel('Model').selectOption(RUN_MODEL);
    // The previous page stays on screen until the filtered one is loaded: wait for one model's rows.
    await expect.poll(() => tasks.getByRole('link', { name: 'task_1' }).count()).toBe(1);
    await tasks.getByRole('link', { name: 'task_1' }).click();
    await page.getByRole('heading', { name: /Task task_1/ }).waitFor();
    await page.getByRole('heading', { name: 'Gold points' }).waitFor();
    const dialogue = page.getByRole('list', { name: `Dialogue of ${RUN_MODEL}` });
    // User text is text: the hostile question is shown literally and never runs.
    await dialogue.getByText(HOSTILE).first().waitFor();
    expect(await page.evaluate(() => (window as unknown as { __pwned?: number }).__pwned)).toBeUndefined();
    const hit = dialogue.locator('li.hit');
    expect(await hit.count()).toBe(1);
    await hit.getByRole('link', { name: 'key question 1' }).click();
    expect(new URL(page.url()).hash).toBe('#kq-0');
    await expect(page.locator('#kq-0').textContent()).resolves.toContain('Which kind of progression is meant?');

    await page.getByRole('button', { name: 'Flag task_1' }).click();
    await page.getByLabel('Reason').fill('Runs ask it only after a detour');
    await page.getByRole('button', { name: 'Send back to adjudication' }).click();
    await page.getByRole('status').filter({ hasText: `Reopened ${w.problems.resolved.questionId} for adjudication` }).waitFor();

    // The drill-down links to the problem; its page shows where the work stands and links to the cross-check.
    const questionId = w.problems.resolved.questionId;
    await page.getByRole('link', { name: 'Open the problem' }).click();
    await page.waitForURL(`**/problems/${questionId}`);
    const work = page.getByRole('region', { name: 'Work on this problem' });
    await work.waitFor();
    await expect(work.getByRole('list', { name: 'Annotations' }).getByRole('listitem').allTextContents()).resolves.toEqual([expect.stringContaining('submitted'), expect.stringContaining('submitted')]);
    await expect(work.textContent()).resolves.toContain('adjudication in progress');
    await work.getByRole('link', { name: 'Open the cross-check' }).click();
    await page.waitForURL(`**/adjudicate/${questionId}`);
    await page.getByRole('complementary', { name: 'Resolution' }).waitFor();

    await page.getByRole('link', { name: 'Adjudication', exact: true }).click();
    await page.getByText('Reopened: Runs ask it only after a detour').waitFor();
    expect(errors.filter((e) => !/\b40[0-9]\b/.test(e)), errors.join('\n')).toEqual([]);
  });

  it('is read-only for adjudicators', async () => {
    const page = await app.browser.newPage();
    await login(page, app.url, w.users.adjudicator.username, w.users.adjudicator.password);
    await openFromNav(page, 'Runs');
    await page.getByRole('table', { name: 'Models side by side' }).waitFor();
    await page.getByRole('tab', { name: 'Curation feedback' }).click();
    await page.getByRole('heading', { name: 'Curation feedback' }).waitFor();
    expect(await page.getByRole('form', { name: 'Import a run' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: /^Flag/ }).count()).toBe(0);
  });
});
