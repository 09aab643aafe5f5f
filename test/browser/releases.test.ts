import { describe, expect, it } from 'vitest';
import { setGoldQuestion } from '../../db/points';
import { readReleaseFile, readReleaseRow } from '../../db/releases';
import { login, watchErrors, openFromNav } from '../support/browser';
import { browserHarness } from '../support/browserHarness';
import { buildProblem } from '../support/builders';
import { seedReleaseFlow, type ReleaseFlow } from '../support/releaseFlow';
import { runLine, storeRun } from '../support/runFixture';
import { runsReport } from '../../server/services/runs/reports';
import { problemIdOf, rowCount } from '../support/state';

let flow: ReleaseFlow;

const app = browserHarness(async (db) => {
  flow = await seedReleaseFlow(db);
  buildProblem(db, { questionId: 'abc903_a', title: 'Not yet annotated' });
});

describe('releases page', () => {
  it('shows the validation report first, blocks a release with errors, then cuts one and downloads the zip', async () => {
    const page = await app.browser.newPage({ acceptDownloads: true });
    const errors = watchErrors(page);
    await login(page, app.url, flow.maintainer.username, flow.maintainer.password);
    await openFromNav(page, 'Releases');
    await page.getByRole('heading', { name: 'Cut a release' }).waitFor();
    // the list of releases arrives after the page's heading: wait for it rather than race it
    await page.getByText('No release has been cut yet.').waitFor();

    // A gold question emptied by mistake (in its single and its pair task): the check reports it and the cut stays disabled.
    const problemId = problemIdOf(app.db, 'abc390_b');
    setGoldQuestion(app.db, problemId, 0, '');
    await page.getByRole('button', { name: 'Check release' }).click();
    const report = page.getByRole('region', { name: 'Validation report' });
    await report.getByRole('alert').waitFor();
    await expect(report.getByRole('alert').textContent()).resolves.toContain('2 error(s) block this release');
    await expect(page.getByRole('table', { name: 'Errors' }).textContent()).resolves.toContain('question-empty');
    await expect(page.getByRole('button', { name: /^Cut release/ }).isDisabled()).resolves.toBe(true);

    setGoldQuestion(app.db, problemId, 0, flow.gold[0][0]!.question);
    await page.getByRole('button', { name: 'Check again' }).click();
    await report.getByText('No errors: this release can be cut.').waitFor();
    await expect(report.textContent()).resolves.toContain('10 tasks from 2 problems (K = 1: 5, K = 2: 4, K = 3: 1)');

    await page.getByLabel('Name').fill('v1');
    await page.getByLabel('Notes').fill('First release of the demo.');
    // The cut asks first, saying what the release holds and leaves out; Esc cancels, nothing is cut.
    await page.getByRole('button', { name: 'Cut release v1' }).click();
    const confirm = page.getByRole('dialog', { name: 'Cut release v1?' });
    await expect(confirm.getByTestId('cut-summary').textContent()).resolves.toBe('It holds 2 of 3 problems (10 tasks); 1 left out, their adjudication not resolved: 1 waiting for annotations.');
    await expect(page.evaluate(() => document.activeElement?.textContent)).resolves.toBe('Confirm cut');
    await page.keyboard.press('Escape');
    await confirm.waitFor({ state: 'detached' });
    await expect(page.evaluate(() => document.activeElement?.textContent)).resolves.toBe('Cut release v1');
    expect(rowCount(app.db, 'releases')).toBe(0);
    await page.getByRole('button', { name: 'Cut release v1' }).click();
    await page.keyboard.press('Enter'); // on "Confirm cut"
    const status = page.getByRole('status');
    await status.waitFor();
    await expect(status.textContent()).resolves.toContain('Release v1 was cut: 10 tasks from 2 problems.');
    const table = page.getByRole('table', { name: 'Releases' });
    await table.waitFor();
    await expect(table.textContent()).resolves.toContain('First release of the demo.');

    const [download] = await Promise.all([page.waitForEvent('download'), status.getByRole('link', { name: 'Download v1.zip' }).click()]);
    expect(download.suggestedFilename()).toBe('v1.zip');
    // Read through the connection: the download lives with the shared Chromium, not on this side.
    const chunks: Buffer[] = [];
    for await (const chunk of await download.createReadStream()) chunks.push(chunk as Buffer);
    const zip = Buffer.concat(chunks);
    expect(zip.subarray(0, 2).toString()).toBe('PK');
    expect(zip.includes('v1/ClarifyCodeBench.jsonl')).toBe(true);
    expect(zip.includes('v1/README.md')).toBe(true);

    await table.getByText('5 files + manifest').click();
    await table.getByRole('link', { name: 'README.md' }).waitFor();
    // A release cut here is unpublished (pilot studies are drawn from it) until published, which asks first.
    await table.getByText('Unpublished').waitFor();
    await table.getByRole('button', { name: 'Publish v1' }).click();
    await page.getByRole('dialog', { name: 'Publish release v1?' }).getByRole('button', { name: 'Confirm publish' }).click();
    await table.getByText(/^Published on \d{4}-\d\d-\d\d$/).waitFor();
    expect(readReleaseRow(app.db, 'v1')!.published_at).not.toBeNull();
    // The app asks /api/me before the login: those 401s are expected.
    expect(errors.filter((e) => !e.includes('401'))).toEqual([]);
    await page.close();
  });

  it('checks the name and lists the problems the release leaves out, with their state', async () => {
    const page = await app.browser.newPage();
    await login(page, app.url, flow.maintainer.username, flow.maintainer.password);
    await openFromNav(page, 'Releases');
    await page.getByRole('table', { name: 'Releases' }).waitFor();
    await page.getByLabel('Name').fill('v1');
    await page.getByRole('button', { name: 'Check release' }).click();
    const check = page.getByRole('region', { name: 'Release check' });
    await check.waitFor();
    await expect(check.textContent()).resolves.toContain('Name: A release named "v1" already exists; releases are immutable, choose a new name.');
    await expect(page.getByRole('button', { name: 'Cut release v1' }).isDisabled()).resolves.toBe(true);
    await expect(check.textContent()).resolves.toContain('2 of 3 problems are in this release; 1 is left out because its adjudication is not resolved.');
    await check.getByText('Problems left out (1)').click();
    await expect(check.getByRole('table', { name: 'Problems left out' }).locator('tbody tr').allTextContents()).resolves.toEqual(['abc903_aNot yet annotatedwaiting for annotations']);

    await page.getByLabel('Name').fill('v2');
    // The report of the check for v1 already said "No errors" (only its name was taken): wait for the check for v2 to answer and
    // its progress bar to go, not for that text, or the cut button is read while the check still holds it disabled.
    const checked = page.waitForResponse((r) => r.url().endsWith('/api/releases/preview'));
    await page.getByRole('button', { name: 'Check again' }).click();
    await checked;
    await page.getByRole('progressbar', { name: 'Checking the release' }).waitFor({ state: 'detached' });
    await page.getByRole('region', { name: 'Validation report' }).getByText('No errors: this release can be cut.').waitFor();
    await expect(check.textContent()).resolves.not.toContain('already exists');
    await expect(page.getByRole('button', { name: 'Cut release v2' }).isDisabled()).resolves.toBe(false);
    await page.close();
  });

  it('renders a data card from Markdown as elements, hostile notes as text, with a source view and the CSP intact', async () => {
    const page = await app.browser.newPage();
    const errors = watchErrors(page);
    const dialogs: string[] = [];
    page.on('dialog', (d) => {
      dialogs.push(d.message());
      void d.dismiss();
    });
    await login(page, app.url, flow.maintainer.username, flow.maintainer.password);
    const response = await page.goto(`${app.url}/releases`);
    expect(response!.headers()['content-security-policy']).toContain("script-src 'self'");
    await page.getByLabel('Name').fill('v3');
    await page.getByLabel('Notes').fill('<img src=x onerror="alert(1)"> see [here](javascript:alert(2)) and **bold**');
    await page.getByRole('button', { name: 'Check release' }).click();
    await page.getByRole('region', { name: 'Validation report' }).getByText('No errors: this release can be cut.').waitFor();
    await page.getByRole('button', { name: 'Cut release v3' }).click();
    await page.getByRole('dialog', { name: 'Cut release v3?' }).getByRole('button', { name: 'Confirm cut' }).click();
    // The card opens on its own page (the Releases page stays short), with a way back.
    await page.getByRole('link', { name: 'Data card of v3' }).click();
    await page.waitForURL(`${app.url}/releases/v3/card`);
    const card = page.getByRole('region', { name: 'Data card of v3' });
    await card.getByRole('heading', { name: 'Data card of v3', level: 1 }).waitFor();
    await card.getByRole('heading', { name: 'ClarifyCodeBench v3', level: 1 }).waitFor();
    expect(await card.locator('.markdown h2').count()).toBeGreaterThan(2);
    expect(await card.locator('.markdown table').count()).toBeGreaterThan(0);
    const text = (await card.locator('.markdown').textContent())!;
    expect(text).not.toContain('# ClarifyCodeBench');
    expect(text).toContain('<img src=x onerror="alert(1)"> see here and bold');
    expect(await card.getByRole('link', { name: 'here', exact: true }).count()).toBe(0);
    expect(await card.locator('.markdown img, .markdown script').count()).toBe(0);
    const hrefs = await card.locator('.markdown a').evaluateAll((as) => as.map((a) => a.getAttribute('href') ?? ''));
    expect(hrefs.every((h) => /^(https?:\/\/|\/api\/releases\/v3\/files\/)/.test(h)), hrefs.join(' ')).toBe(true);
    expect(dialogs).toEqual([]);

    await card.getByRole('button', { name: 'View source' }).click();
    await expect(card.locator('pre.data-card-source').textContent()).resolves.toContain('# Dataset Card for ClarifyCodeBench v3');
    await card.getByRole('button', { name: 'View rendered' }).click();
    await card.getByRole('heading', { name: 'ClarifyCodeBench v3', level: 1 }).waitFor();
    expect(errors.filter((e) => !e.includes('401'))).toEqual([]);
    await page.close();
  });

  it('offers the stored runs over the checked tasks as baseline results, and lists the card settings left empty', async () => {
    // A run over v1, whose tasks are the ones the next cut holds.
    const release = readReleaseRow(app.db, 'v1')!;
    const first = readReleaseFile(app.db, release.id, 'ClarifyCodeBench.jsonl')!;
    const task = JSON.parse(first.content.toString('utf8').split('\n')[0]!) as { task_id: string; question_id: string; qa_pairs: unknown[] };
    await storeRun(app.db, { id: flow.maintainer.id, name: flow.maintainer.username }, 'model-x', { release: 'v1' }, [runLine(task.task_id, task.question_id, task.qa_pairs.length)]);
    const page = await app.browser.newPage();
    await login(page, app.url, flow.maintainer.username, flow.maintainer.password);
    await openFromNav(page, 'Releases');
    await page.getByRole('table', { name: 'Releases' }).waitFor();
    await page.getByLabel('Name').fill('v4');
    await page.getByRole('button', { name: 'Check release' }).click();
    const empty = page.getByRole('list', { name: 'Data card settings left empty' });
    await empty.waitFor();
    await expect(empty.textContent()).resolves.toContain('release setting curators is empty');
    const choice = page.getByRole('group', { name: 'Baseline results in the data card' });
    // The checkbox is drawn beside its label, not above it: one line, the box left of the text.
    const tick = (await choice.getByLabel(/model-x/).boundingBox())!;
    const line = (await choice.locator('label.checkbox').first().boundingBox())!;
    expect(line.height).toBeLessThan(2 * Math.max(tick.height, 16));
    expect(tick.x + tick.width).toBeLessThan(line.x + line.width / 2);
    await choice.getByLabel(/model-x/).check();
    await page.getByRole('button', { name: 'Cut release v4' }).click();
    await page.getByRole('dialog', { name: 'Cut release v4?' }).getByRole('button', { name: 'Confirm cut' }).click();
    await page.getByRole('status').waitFor();
    const readme = await page.evaluate(async () => (await fetch('/api/releases/v4/files/README.md')).text());
    expect(readme).toContain('### Baseline results');
    const r = runsReport(app.db).runs.find((x) => x.model === 'model-x')!;
    expect(readme).toContain(`| \`model-x\` | ${r.tkqr!.toFixed(3)} | ${r.ora!.toFixed(3)} | ${r.avg_turns!.toFixed(2)} | ${r.avg_diff!.toFixed(2)} | 0 | 1 | \`v1\` |`);
    await page.close();
  });

  it('after Check groups the warnings by rule apart from left-out problems and card settings, and stays within two screens at 1366×768', async () => {
    // A large benchmark's check: 144 warnings of four rules and 80 problems left out, added to the real answer.
    const rules = ['repair', 'rewording', 'nothing-deleted', 'answer-in-text'];
    const page = await app.browser.newPage({ viewport: { width: 1366, height: 768 } });
    await page.route('**/api/releases/preview', async (route) => {
      const real = await route.fetch();
      const body = (await real.json()) as { report: { findings: object[]; warnings: number }; check: { leftOut: object[] } };
      const warnings = Array.from({ length: 144 }, (_, i) => ({ task_id: `task_${i}`, rule: rules[i % 4]!, severity: 'warning', message: `example ${i} of ${rules[i % 4]}` }));
      body.report.findings.push(...warnings);
      body.report.warnings += warnings.length;
      body.check.leftOut.push(...Array.from({ length: 80 }, (_, i) => ({ questionId: `imp_${i}`, title: `Imported ${i}`, state: 'waiting_for_annotations' })));
      await route.fulfill({ response: real, json: body });
    });
    await login(page, app.url, flow.maintainer.username, flow.maintainer.password);
    await openFromNav(page, 'Releases');
    await page.getByRole('table', { name: 'Releases' }).waitFor();
    await page.getByLabel('Name').fill('v9');
    await page.getByRole('button', { name: 'Check release' }).click();
    const byRule = page.getByRole('table', { name: 'Warnings by rule' });
    await byRule.waitFor();
    await expect(page.getByRole('region', { name: 'Validation report' }).textContent()).resolves.toContain('144 warnings to review, of 4 rules');
    const repair = byRule.getByRole('row', { name: /^repair/ });
    await expect(repair.getByRole('cell').first().textContent()).resolves.toBe('36');
    await expect(repair.textContent()).resolves.toContain('task_0: example 0 of repair');
    await repair.getByText('4 more examples of 35').click();
    await repair.getByText('task_4: example 4 of repair').waitFor();
    await repair.getByText('4 more examples of 35').click();
    // Left-out problems and card settings are their own headed sections, not part of the findings.
    await page.getByRole('region', { name: 'Release check' }).getByText('Problems left out (81)').waitFor();
    await page.getByRole('region', { name: /^Data card settings \(\d+ empty\)$/ }).waitFor();
    if (process.env.CCB_SCREENSHOTS) await page.screenshot({ path: 'docs/screenshots/releases-check.png', fullPage: true });
    const height = await page.evaluate(() => document.documentElement.scrollHeight);
    expect(height).toBeLessThanOrEqual(1536);
    await page.close();
  });
});
