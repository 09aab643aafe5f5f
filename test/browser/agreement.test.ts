import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { DEMO_ACCOUNTS, seedDemo } from '../../server/seed';
import { FIXTURE_SCRYPT } from '../support/builders';
import { agreementReport } from '../../server/services/agreement';
import { formatRange, intervalReading } from '../../shared/agreement';
import { login, watchErrors, openFromNav } from '../support/browser';
import { browserHarness } from '../support/browserHarness';

const password = (name: string) => DEMO_ACCOUNTS.find((a) => a.username === name)!.password;

const app = browserHarness(async (db) => {
  await seedDemo(db, { scrypt: FIXTURE_SCRYPT });
});

describe('agreement dashboard', () => {
  it('shows the demo figures, the pair table, the confusion heat map and problems worst first', async () => {
    const report = agreementReport(app.db);
    const page = await app.browser.newPage();
    const errors = watchErrors(page);
    await login(page, app.url, 'mara', password('mara'));
    await openFromNav(page, 'Agreement');
    await page.getByRole('heading', { name: 'Inter-annotator agreement' }).waitFor();

    const kappaCard = page.getByRole('group', { name: "Deletion agreement (Cohen's κ)" });
    await expect(kappaCard.textContent()).resolves.toContain(report.deletion.kappa.value!.toFixed(3));
    await expect(kappaCard.textContent()).resolves.toContain(`n = ${report.deletion.characters} characters`);
    await expect(page.getByRole('group', { name: 'Point detection F1' }).textContent()).resolves.toContain(report.points.f1.value!.toFixed(3));

    const pairs = page.getByRole('table', { name: 'Agreement per annotator pair' });
    await expect(pairs.getByRole('row').count()).resolves.toBe(report.pairs.length + 1);
    await pairs.getByRole('rowheader', { name: 'alice / bob' }).waitFor();

    const heatMap = page.getByRole('table', { name: 'Type confusion heat map' });
    await expect(heatMap.getByRole('row').count()).resolves.toBe(12);
    // demo_003: bob says Output Format where carol says Numerical Precision.
    const mismatch = heatMap.getByRole('cell', { name: 'A Output Format, B Numerical Precision: 1 pair' });
    await expect(mismatch.textContent()).resolves.toBe('1');
    const empty = heatMap.getByRole('cell', { name: 'A Units, B Units: 0 pairs' });
    const colour = (cell: typeof mismatch) => cell.evaluate((el) => getComputedStyle(el).backgroundColor);
    expect(await colour(mismatch)).not.toBe(await colour(empty));

    const problems = page.getByRole('table', { name: 'Agreement per problem, worst first' });
    const worst = report.perProblem[0]!;
    const firstLink = problems.getByRole('link').first();
    await expect(firstLink.getAttribute('href')).resolves.toBe(`/adjudicate/${worst.questionId}`);
    await expect(problems.getByRole('link').count()).resolves.toBe(5);
    // Every coefficient with its interval, definition, usual reading and the small-sample warning (5 problems).
    const interval = report.intervals['deletion.kappa'];
    await expect(kappaCard.textContent()).resolves.toContain(`95% CI ${formatRange(interval.low!, interval.high!)}`);
    expect(await kappaCard.textContent()).not.toMatch(/\d–\d/);
    // The interval drawn over the bands, described in words; the reading follows the interval, not the point.
    const drawing = kappaCard.getByRole('img');
    await expect(drawing.getAttribute('aria-label')).resolves.toContain(`Interval ${formatRange(interval.low!, interval.high!)} on a scale from`);
    await expect(drawing.getAttribute('aria-label')).resolves.toContain('over the bands slight (to 0.20), fair (to 0.40)');
    await expect(drawing.locator('rect').count()).resolves.toBeGreaterThanOrEqual(5);
    const reading = intervalReading('deletion.kappa', report.deletion.kappa.value, interval.low, interval.high)!;
    await expect(kappaCard.textContent()).resolves.toContain(`Usual reading: ${reading}`);
    // The demo's 5 problems leave κ's interval over several bands (seeded, so always the same draws).
    expect(reading).toMatch(/^between \w[\w ]* and [\w ]+: too few problems to tell/);
    await expect(kappaCard.textContent()).resolves.toContain('corrected for the agreement chance would give');
    await expect(kappaCard.getByText('Small sample: 5 problems (fewer than 30); read it with care.').count()).resolves.toBe(1);
    const alphaCard = page.getByRole('group', { name: "Type agreement (Krippendorff's α)" });
    await expect(alphaCard.textContent()).resolves.toContain('(Krippendorff)');
    await expect(alphaCard.textContent()).resolves.toMatch(/Small sample: \d+ matched typed pairs? \(fewer than 30\)/);
    await page.getByText('95% intervals: percentile bootstrap over the 5 problems (resampled with replacement, 1,000 draws, seed 24)').waitFor();
    await expect(pairs.getByRole('row').nth(1).textContent()).resolves.not.toContain('95% CI');

    // The CSV downloads: links through the endpoint contract that answer the whole tables.
    const pairsLink = page.getByRole('link', { name: 'Download the pair table (CSV)' });
    const problemsLink = page.getByRole('link', { name: 'Download all 5 problems (CSV)' });
    await expect(pairsLink.getAttribute('href')).resolves.toBe('/api/agreement/pairs.csv');
    await expect(problemsLink.getAttribute('href')).resolves.toBe('/api/agreement/problems.csv');
    const download = page.waitForEvent('download');
    await problemsLink.click();
    const file = path.join(os.tmpdir(), `agreement-problems-${process.pid}.csv`);
    await (await download).saveAs(file);
    const csv = fs.readFileSync(file, 'utf8').split('\r\n');
    fs.rmSync(file);
    expect(csv[0]).toMatch(/^question_id,title,annotator_a,annotator_b,score,/);
    expect(csv[1]!.startsWith(`${worst.questionId},`)).toBe(true);
    expect(csv).toHaveLength(7);
    if (process.env.CCB_SCREENSHOTS) {
      await page.setViewportSize({ width: 1366, height: 900 });
      await page.evaluate(() => window.scrollTo(0, 0));
      await page.screenshot({ path: 'docs/screenshots/agreement.png', fullPage: false });
    }
    // The login page's session probe answers 401 before logging in.
    expect(errors.filter((e) => !e.includes('401'))).toEqual([]);
    await page.close();
  });

  it('is not offered to annotators', async () => {
    const page = await app.browser.newPage();
    await login(page, app.url, 'alice', password('alice'));
    await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Agreement', exact: true }).count()).resolves.toBe(0);
    await page.close();
  });
});
