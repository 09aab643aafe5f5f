import fs from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { CLI_ACTOR } from '../../db/events';
import { runsReport } from '../../server/services/runs/reports';
import { PAPER_TABLE_TITLES, paperTableFileName, type PaperTableName } from '../../shared/runs/paperTable';
import { table3, table3Csv } from '../../shared/runs/paperTables';
import { AMBIGUITY_TYPES } from '../../shared/taxonomy';
import { login, watchErrors } from '../support/browser';
import { browserHarness } from '../support/browserHarness';
import { buildUser, type BuiltUser } from '../support/builders';
import { tempDir } from '../support/db';
import { runLine, storeRun } from '../support/runFixture';

const dir = tempDir('ccb-runs-page-');
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

interface SyntheticTask {
  taskId: string;
  questionId: string;
  types: string[];
  questions: string[];
}

/**
 * A release the size of the public one: 80 problems, 51 with three points (7 tasks each), 16 with
 * two (3 tasks), 13 with one: 418 tasks, K = 1: 198, K = 2: 169, K = 3: 51. Each point has a type
 * and a key question of a realistic length; a task is a non-empty subset of its problem's points.
 */
function syntheticRelease(): { file: string; tasks: SyntheticTask[] } {
  const tasks: SyntheticTask[] = [];
  for (let p = 0; p < 80; p++) {
    const points = p < 51 ? 3 : p < 67 ? 2 : 1;
    const questionId = `abc${400 + p}_x`;
    const types = Array.from({ length: points }, (_v, i) => AMBIGUITY_TYPES[(p + i * 4) % AMBIGUITY_TYPES.length]!);
    const questions = types.map((t, i) => `In problem ${p}, what exactly does the statement mean by its ${t.toLowerCase()} detail number ${i + 1}, and what follows from it?`);
    for (let mask = 1; mask < 1 << points; mask++) {
      const kept = [...Array(points).keys()].filter((i) => mask & (1 << i));
      tasks.push({ taskId: `task_${tasks.length + 1}`, questionId, types: kept.map((i) => types[i]!), questions: kept.map((i) => questions[i]!) });
    }
  }
  const file = path.join(dir, 'release-418.jsonl');
  const line = (t: SyntheticTask) =>
    JSON.stringify({ task_id: t.taskId, question_id: t.questionId, keywords: t.types, modified_content: `The statement of ${t.questionId}, with some details left out.`, qa_pairs: t.questions.map((q) => ({ question: q, answer: 'as the original says' })) });
  fs.writeFileSync(file, tasks.map(line).join('\n') + '\n');
  return { file, tasks };
}

let maintainer: BuiltUser;
let tasks: SyntheticTask[] = [];
const app = browserHarness(async (db) => {
  maintainer = await buildUser(db, { role: 'maintainer' });
  const release = syntheticRelease();
  tasks = release.tasks;
  // Asks every key question; asks the first key question of every other task; asks nothing.
  await storeRun(db, CLI_ACTOR, 'eager-model', { releaseFile: release.file }, tasks.map((t) => runLine(t.taskId, t.questionId, t.questions.length, t.questions, t.questions.map(() => 1))));
  await storeRun(
    db,
    CLI_ACTOR,
    'careful_model',
    { releaseFile: release.file },
    tasks.map((t, i) => (i % 2 === 0 ? runLine(t.taskId, t.questionId, t.questions.length, [t.questions[0]!], [1]) : runLine(t.taskId, t.questionId, t.questions.length, ['Should the output end with a newline?'], [0]))),
  );
  await storeRun(db, CLI_ACTOR, 'silent-model', { releaseFile: release.file }, tasks.map((t) => runLine(t.taskId, t.questionId, t.questions.length)));
});

async function openRuns(page: Page, query = '') {
  await login(page, app.url, maintainer.username, maintainer.password, `/runs${query}`);
  await page.getByRole('tablist', { name: 'Views of the runs' }).waitFor();
}

const count = (page: Page) => page.locator('.task-count');
/** A column of the task table's rows, once the page asked for is shown (not the previous one while it loads). */
const firstCells = async (page: Page, column: number) => {
  const table = page.locator('table[aria-label="Task scores"]:not([aria-busy])');
  await table.waitFor();
  return table.locator(`tbody tr td:nth-child(${column})`).allTextContents();
};

/** What each view shows once loaded. */
const VIEWS: [string, (page: Page) => Promise<void>][] = [
  ['Figures', (page) => page.getByRole('table', { name: 'Per ambiguity type' }).waitFor()],
  ['Per task', (page) => count(page).filter({ hasText: 'Showing 1–25 of 1,254' }).waitFor()],
  ['Judge check', (page) => page.getByRole('table', { name: 'Threshold sweep' }).waitFor()],
  ['Curation feedback', (page) => page.getByRole('table', { name: 'Discoverability per key question' }).waitFor()],
  ['Paper tables', (page) => page.getByRole('table', { name: /Table 3/ }).waitFor()],
];

describe('the Runs page with three runs of 418 tasks', () => {
  it('is at most four screens tall at 1366×768 in every view, and the per-K chart keeps inside the page', async () => {
    const page = await app.browser.newPage({ viewport: { width: 1366, height: 768 } });
    const errors = watchErrors(page);
    await openRuns(page);
    const heights: Record<string, number> = {};
    for (const [view, ready] of VIEWS) {
      await page.getByRole('tab', { name: view }).click();
      await ready(page);
      heights[view] = await page.evaluate(() => document.documentElement.scrollHeight);
    }
    for (const [view, height] of Object.entries(heights)) expect(height, `${view}: ${JSON.stringify(heights)}`).toBeLessThanOrEqual(4 * 768);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(1366);

    await page.getByRole('tab', { name: 'Figures' }).click();
    const chart = await page.getByRole('img', { name: 'TKQR and ORA per K and model' }).boundingBox();
    const card = await page.getByRole('region', { name: 'Per K' }).boundingBox();
    expect(chart!.x + chart!.width).toBeLessThanOrEqual(card!.x + card!.width);
    expect(errors.filter((e) => !/\b401\b/.test(e)), errors.join('\n')).toEqual([]);
  });

  it('shows pass@1 complete, interactive and Δ beside TKQR and ORA, as a status chip with a help link until it is imported', async () => {
    const page = await app.browser.newPage({ viewport: { width: 1366, height: 768 } });
    await openRuns(page);
    const models = page.getByRole('table', { name: 'Models side by side' });
    await models.waitFor();
    const headers = await models.locator('thead th').allTextContents();
    expect(headers.slice(0, 6)).toEqual(['model', 'TKQR', 'ORA', 'pass@1 complete', 'pass@1 interactive', 'Δ pass@1']);
    const eager = models.getByRole('row', { name: /eager-model/ });
    expect(await eager.locator('td').nth(0).textContent()).toBe('1.000');
    // Until pass@1 is imported, each of its cells holds a status chip with a link to its help.
    expect(await eager.locator('.status-chip').allTextContents()).toEqual(['not imported', 'not imported', 'needs both']);
    expect(await eager.getByRole('link', { name: 'Why pass@1 complete is missing: not imported' }).count()).toBe(1);
    expect(await page.getByRole('table', { name: 'Per K' }).getByRole('link', { name: 'Why pass@1 interactive is missing: not imported' }).count()).toBe(9);
  });

  it('opened at once (no other page first): the import form is laid out as every upload form, and without a stored release it says where to cut one', async () => {
    const page = await app.browser.newPage({ viewport: { width: 1366, height: 768 } });
    await openRuns(page);
    const panel = page.getByRole('form', { name: 'Import a run' });
    // The upload form's own stylesheet came with it, not with the page that happened to load first.
    const layout = await panel.evaluate((form) => ({ display: getComputedStyle(form).display, headingMargin: getComputedStyle(form.querySelector('h2')!).marginTop }));
    expect(layout).toEqual({ display: 'flex', headingMargin: '0px' });
    // The runs here were imported over release files: no release is stored.
    const release = panel.getByLabel('Release');
    expect(await release.locator('option').allTextContents()).toEqual(['no release yet']);
    expect(await release.isDisabled()).toBe(true);
    await expect(release.getAttribute('aria-describedby').then((id) => page.locator(`#${id}`).textContent())).resolves.toContain('there is none yet: cut one on the Releases page first');
    expect(await panel.getByRole('link', { name: 'Releases' }).getAttribute('href')).toBe('/releases');
    await panel.getByLabel('Model', { exact: true }).fill('new-model');
    expect(await panel.getByRole('button', { name: 'Import run' }).isDisabled()).toBe(true);
    await page.close();
  });

  it('pages, sorts and filters the task table by model, K, type and hit/miss, from the keyboard too', async () => {
    const page = await app.browser.newPage({ viewport: { width: 1366, height: 768 } });
    const errors = watchErrors(page);
    await openRuns(page);
    // The tabs work from the keyboard: arrow to "Per task".
    await page.getByRole('tab', { name: 'Figures' }).focus();
    await page.keyboard.press('ArrowRight');
    expect(await page.getByRole('tab', { name: 'Per task' }).getAttribute('aria-selected')).toBe('true');
    await VIEWS[1]![1](page);
    expect(await firstCells(page, 2)).toEqual(tasks.slice(0, 25).map((t) => t.taskId));

    // Paging, by keyboard: Next is a button.
    await page.getByRole('button', { name: 'Next' }).focus();
    await page.keyboard.press('Enter');
    await count(page).filter({ hasText: 'Showing 26–50 of 1,254 task scores' }).waitFor();
    expect(await firstCells(page, 2)).toEqual(tasks.slice(25, 50).map((t) => t.taskId));

    // A sort: TKQR, highest first (a second click), back on page 1.
    const tkqr = page.getByRole('button', { name: 'TKQR' });
    await tkqr.click();
    await page.getByRole('columnheader', { name: /TKQR/ }).and(page.locator('[aria-sort="ascending"]')).waitFor();
    expect(new Set(await firstCells(page, 6))).toEqual(new Set(['0.000']));
    await tkqr.click();
    await page.locator('th[aria-sort="descending"]').waitFor();
    await count(page).filter({ hasText: 'Showing 1–25 of 1,254' }).waitFor();
    expect(new Set(await firstCells(page, 6))).toEqual(new Set(['1.000']));

    // Each filter, then together.
    const panel = page.getByRole('region', { name: 'Per task' });
    await panel.getByLabel('Model').selectOption('silent-model');
    await count(page).filter({ hasText: 'of 418 task scores' }).waitFor();
    expect(new Set(await firstCells(page, 1))).toEqual(new Set(['silent-model']));

    await panel.getByLabel('K', { exact: true }).selectOption('3');
    await count(page).filter({ hasText: 'Showing 1–25 of 51 task scores' }).waitFor();
    expect(new Set(await firstCells(page, 3))).toEqual(new Set(['3']));

    await panel.getByLabel('Model').selectOption('');
    await panel.getByLabel('K', { exact: true }).selectOption('');
    const units = tasks.filter((t) => t.types.includes('Units')).length;
    await panel.getByLabel('Type').selectOption('Units');
    await count(page).filter({ hasText: `of ${(3 * units).toLocaleString('en-US')} task scores` }).waitFor();
    for (const types of await firstCells(page, 4)) expect(types).toContain('Units');

    await panel.getByLabel('Type').selectOption('');
    await panel.getByLabel('Key questions').selectOption('miss');
    await panel.getByLabel('Model').selectOption('careful_model');
    await count(page).filter({ hasText: `of ${Math.floor(tasks.length / 2)} task scores` }).waitFor();
    expect(new Set(await firstCells(page, 5))).toEqual(new Set(tasks.filter((_t, i) => i % 2 === 1).map((t) => `0 of ${t.questions.length}`)));
    await panel.getByLabel('Model').selectOption('silent-model');
    await panel.getByLabel('Key questions').selectOption('hit');
    await count(page).filter({ hasText: 'No task matches these filters.' }).waitFor();

    // The view is in the URL: a reload shows the same table.
    await page.reload();
    await count(page).filter({ hasText: 'No task matches these filters.' }).waitFor();
    expect(await panel.getByLabel('Key questions').inputValue()).toBe('hit');

    if (process.env.CCB_SCREENSHOTS) {
      fs.mkdirSync('docs/screenshots', { recursive: true });
      await page.goto(`${app.url}/runs?view=tasks&sort=tkqr&dir=desc&k=2`);
      await count(page).filter({ hasText: 'Showing 1–25 of 507' }).waitFor();
      await page.getByRole('tablist').evaluate((e) => e.scrollIntoView());
      await page.screenshot({ path: 'docs/screenshots/runs-tasks.png', fullPage: false });
    }
    expect(errors.filter((e) => !/\b401\b/.test(e)), errors.join('\n')).toEqual([]);
  });

  it('downloads Table 3 and Table 4 as CSV and LaTeX', async () => {
    const page = await app.browser.newPage({ viewport: { width: 1366, height: 768 }, acceptDownloads: true });
    await openRuns(page, '?view=paper');
    await VIEWS[4]![1](page);
    const fetchFile = async (button: string) => {
      const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: button }).click()]);
      const saved = path.join(dir, `download-${download.suggestedFilename()}`);
      await download.saveAs(saved);
      return { name: download.suggestedFilename(), text: fs.readFileSync(saved, 'utf8') };
    };

    const csv3 = await fetchFile('Download Table 3 (CSV)');
    expect(csv3.name).toBe('table3-release-418.jsonl.csv');
    const lines3 = csv3.text.split('\r\n');
    expect(lines3[0]).toBe('model,pass1_complete_pct,pass1_interactive_pct,delta_points,tkqr,ora');
    expect(lines3).toContain('eager-model,,,,1.00,1.00');
    expect(csv3.text).toBe(table3Csv(table3(runsReport(app.db).runs)));

    const tex3 = await fetchFile('Download Table 3 (LaTeX)');
    expect(tex3.name).toBe('table3-release-418.jsonl.tex');
    expect(tex3.text).toMatch(/^\\begin\{tabular\}\{lrrrrr\}\n\\toprule\n/);
    expect(tex3.text).toContain('\\midrule\ncareful\\_model & -- & -- & -- & ');
    expect(tex3.text).toContain('eager-model & -- & -- & -- & 1.00 & 1.00 \\\\\n');
    expect(tex3.text).toMatch(/\\bottomrule\n\\end\{tabular\}\n$/);

    const csv4 = await fetchFile('Download Table 4 (CSV)');
    const lines4 = csv4.text.split('\r\n');
    expect(lines4[0]).toBe('model,K=1_avg_turns,K=1_avg_diff,K=2_avg_turns,K=2_avg_diff,K=3_avg_turns,K=3_avg_diff,all_avg_turns,all_avg_diff');
    // Asking every key question: K turns for K key questions, diff 0; 689 turns over 418 tasks.
    expect(lines4).toContain('eager-model,1.00,0.00,2.00,0.00,3.00,0.00,1.65,0.00');
    expect(lines4).toContain('silent-model,0.00,-1.00,0.00,-2.00,0.00,-3.00,0.00,-1.65');

    const tex4 = await fetchFile('Download Table 4 (LaTeX)');
    expect(tex4.text).toContain(' & \\multicolumn{2}{c}{$K=1$} & \\multicolumn{2}{c}{$K=2$} & \\multicolumn{2}{c}{$K=3$} & \\multicolumn{2}{c}{All} \\\\\n');
    expect(tex4.text).toContain('silent-model & 0.00 & $-$1.00 & 0.00 & $-$2.00 & 0.00 & $-$3.00 & 0.00 & $-$1.65 \\\\');

    if (process.env.CCB_SCREENSHOTS) {
      await page.getByRole('tablist').evaluate((e) => e.scrollIntoView());
      await page.screenshot({ path: 'docs/screenshots/runs-paper-tables.png', fullPage: false });
    }
  });

  it('every paper table downloads as CSV and LaTeX byte for byte as the API (and `runs tables`) writes it; Figure 7 is a heat map with its values', async () => {
    const page = await app.browser.newPage({ viewport: { width: 1366, height: 768 }, acceptDownloads: true });
    const errors = watchErrors(page);
    await openRuns(page, '?view=paper');
    await VIEWS[4]![1](page);
    const labels: [PaperTableName, string][] = [
      ['3', 'Table 3'],
      ['4', 'Table 4'],
      ['types', 'the per-type table'],
      ['difficulty', 'Figure 7'],
      ['errors', 'the error table'],
    ];
    for (const [table, label] of labels) {
      for (const [format, name] of [['csv', 'CSV'], ['latex', 'LaTeX']] as const) {
        const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: `Download ${label} (${name})` }).click()]);
        const saved = path.join(dir, `all-${download.suggestedFilename()}`);
        await download.saveAs(saved);
        const served = await page.request.get(`${app.url}/api/runs/tables/${table}?format=${format}`);
        expect(served.status()).toBe(200);
        expect(fs.readFileSync(saved, 'utf8'), `${table} ${format}`).toBe(await served.text());
        expect(download.suggestedFilename()).toBe(paperTableFileName(table, format, 'release-418.jsonl'));
      }
    }

    // Asking every key question hits all K of them; asking nothing hits none; careful_model hits one in every other task.
    const map = page.getByRole('img', { name: 'Share of K-point tasks with h key questions hit, per model' });
    const described = await map.locator('desc').textContent();
    expect(described).toContain('eager-model: D1-H0 0.00 of 198 tasks, D1-H1 1.00 of 198 tasks, D2-H0 0.00 of 169 tasks');
    expect(described).toContain('D3-H3 1.00 of 51 tasks');
    expect(described).toContain('silent-model: D1-H0 1.00 of 198 tasks');
    const cells = await map.locator('text').allTextContents();
    expect(cells.filter((t) => t === '1.00').length).toBeGreaterThanOrEqual(6);
    const types = page.getByRole('table', { name: /Per ambiguity type/ });
    expect(await types.locator('tbody tr').count()).toBe(3 * 11);
    const errorsTable = page.getByRole('table', { name: /Errors of the failing codes/ });
    expect(await errorsTable.locator('tbody tr').first().locator('td').allTextContents()).toEqual(['all', '0', '0', '—', '—', '—', '—', '—', '—'].map((t, i) => (i < 3 ? t : expect.stringContaining(t))));
    if (process.env.CCB_SCREENSHOTS) {
      await page.getByRole('heading', { name: PAPER_TABLE_TITLES.difficulty }).scrollIntoViewIfNeeded();
      await page.screenshot({ path: 'docs/screenshots/runs-paper-figure7.png', fullPage: false });
    }
    expect(errors.filter((e) => !/\b401\b/.test(e)), errors.join('\n')).toEqual([]);
  });
});
