import { describe, expect, it } from 'vitest';
import { DEMO_ACCOUNTS, seedDemo } from '../../server/seed';
import { agreementReport } from '../../server/services/agreement';
import { login, watchErrors } from '../support/browser';
import { browserHarness } from '../support/browserHarness';

const password = (name: string) => DEMO_ACCOUNTS.find((a) => a.username === name)!.password;

const app = browserHarness(async (db) => {
  await seedDemo(db);
});

describe('agreement dashboard', () => {
  it('shows the demo figures, the pair table, the confusion heat map and problems worst first', async () => {
    const report = agreementReport(app.db);
    const page = await app.browser.newPage();
    const errors = watchErrors(page);
    await login(page, app.url, 'mara', password('mara'));
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Agreement' }).click();
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
    // The login page's session probe answers 401 before logging in.
    expect(errors.filter((e) => !e.includes('401'))).toEqual([]);
    await page.close();
  });

  it('is not offered to annotators', async () => {
    const page = await app.browser.newPage();
    await login(page, app.url, 'alice', password('alice'));
    await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Agreement' }).count()).resolves.toBe(0);
    await page.close();
  });
});
