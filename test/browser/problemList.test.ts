import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { buildAnnotation } from '../support/annotationBuilders';
import { assign, buildProblem, buildUser } from '../support/builders';
import { login, watchErrors, openFromNav } from '../support/browser';
import { browserHarness } from '../support/browserHarness';

let page: Page;
let errors: string[];
const id = (i: number) => `p${String(i).padStart(2, '0')}_x`;

const app = browserHarness(async (db) => {
  await buildUser(db, { username: 'mara', role: 'maintainer', password: 'mara-pass-123' });
  const amy = await buildUser(db, { username: 'amy', role: 'annotator' });
  const ben = await buildUser(db, { username: 'ben', role: 'annotator' });
  for (let i = 0; i < 60; i++) {
    const p = buildProblem(db, { questionId: id(i), title: `Task ${id(i)}`, difficulty: i % 2 ? 'hard' : 'easy' });
    if (i < 30) {
      // Independent work on 30 problems for the agreement table and the adjudication queue.
      assign(db, p.id, amy.id, 1);
      assign(db, p.id, ben.id, 2);
      buildAnnotation(db, p.id, amy.id, [{ deletions: [[0, 5 + (i % 7)]] }]);
      buildAnnotation(db, p.id, ben.id, [{ deletions: [[0, 5]] }]);
    }
  }
});

beforeAll(async () => {
  page = await app.browser.newPage();
  errors = watchErrors(page);
  await login(page, app.url, 'mara', 'mara-pass-123');
  await openFromNav(page, 'Problems');
});

const table = (name: string) => page.getByRole('table', { name });
const firstIds = async (name: string, n: number) => (await table(name).locator('tbody tr code').allTextContents()).slice(0, n);
const pagerText = (name: string) => page.getByRole('navigation', { name }).locator('span').first();
const search = () => new URL(page.url()).searchParams;

describe('Problems page, server-paged', () => {
  it('pages with Previous/Next and keeps the page in the URL across a reload', async () => {
    await page.getByRole('heading', { name: 'Problems', exact: true }).waitFor();
    await pagerText('Problem pages').filter({ hasText: 'Page 1 of 2 · 60 problems' }).waitFor();
    expect(await table('Problems').locator('tbody tr').count()).toBe(50);
    const next = page.getByRole('navigation', { name: 'Problem pages' }).getByRole('button', { name: 'Next' });
    await next.focus();
    await page.keyboard.press('Enter');
    await pagerText('Problem pages').filter({ hasText: 'Page 2 of 2' }).waitFor();
    expect(search().get('page')).toBe('2');
    expect(await firstIds('Problems', 2)).toEqual([id(50), id(51)]);
    await page.reload();
    await pagerText('Problem pages').filter({ hasText: 'Page 2 of 2' }).waitFor();
    expect(await table('Problems').locator('tbody tr').count()).toBe(10);
  });

  it('turns a link past the last page into the last page', async () => {
    await page.goto(`${app.url}/problems?page=9`);
    await page.waitForURL(/page=2/);
    await pagerText('Problem pages').filter({ hasText: 'Page 2 of 2' }).waitFor();
    await table('Problems').locator('tbody tr code').first().filter({ hasText: id(50) }).waitFor();
  });

  it('filters as one types (debounced), back to page 1, and restores the filter from the URL', async () => {
    await page.getByLabel('Filter').fill('p05');
    await pagerText('Problem pages').filter({ hasText: /· 1 problem$/ }).waitFor();
    // The rows narrow at once; the address follows the debounced request.
    await expect.poll(() => search().get('q')).toBe('p05');
    expect(search().get('page')).toBeNull();
    expect(await firstIds('Problems', 5)).toEqual([id(5)]);
    await page.getByLabel('Filter').fill('amy');
    await pagerText('Problem pages').filter({ hasText: '30 problems' }).waitFor();
    await expect.poll(() => search().get('q')).toBe('amy');
    await page.reload();
    await pagerText('Problem pages').filter({ hasText: '30 problems' }).waitFor();
    expect(await page.getByLabel('Filter').inputValue()).toBe('amy');
    await page.getByLabel('Filter').fill('');
    await pagerText('Problem pages').filter({ hasText: '60 problems' }).waitFor();
  });

  it('narrows the rows on screen at once while the filter request is under way', async () => {
    await page.goto(`${app.url}/problems`);
    await pagerText('Problem pages').filter({ hasText: '60 problems' }).waitFor();
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/api\/problems\?.*q=p05/, async (route) => {
      await held;
      await route.continue();
    });
    await page.getByLabel('Filter').fill('p05');
    // The server has not answered (its request is held): the page's own rows are narrowed already.
    await page.getByText('1 on this page matches; searching all problems…').waitFor();
    expect(await table('Problems').locator('tbody tr code').allTextContents()).toEqual(['p05_x']);
    release();
    await page.getByText('1 matching problem', { exact: true }).waitFor();
    expect(await table('Problems').locator('tbody tr code').allTextContents()).toEqual(['p05_x']);
    await page.unroute(/\/api\/problems\?.*q=p05/);
    await page.getByLabel('Filter').fill('');
    await pagerText('Problem pages').filter({ hasText: '60 problems' }).waitFor();
  });

  it('asks the server once for a burst of keystrokes, not once per keystroke', async () => {
    const asked: string[] = [];
    const onRequest = (r: { url: () => string }) => {
      if (r.url().includes('/api/problems?')) asked.push(new URL(r.url()).searchParams.get('q') ?? '');
    };
    page.on('request', onRequest);
    // When each key reached the page: a loaded machine may hold a key back past the pause.
    await page.getByLabel('Filter').evaluate((input) => {
      const keys: number[] = [];
      (window as unknown as { __keys: number[] }).__keys = keys;
      input.addEventListener('input', () => keys.push(performance.now()));
    });
    try {
      // The rows on screen narrow at once (before the request), so wait for the server's answer
      // to the whole text, which the debounce sends after the last key.
      const answered = page.waitForResponse((r) => r.url().includes('/api/problems?') && new URL(r.url()).searchParams.get('q') === 'p05_x');
      await page.getByLabel('Filter').pressSequentially('p05_x', { delay: 20 });
      await answered;
      await pagerText('Problem pages').filter({ hasText: /· 1 problem$/ }).waitFor();
      page.off('request', onRequest);
      const keys = await page.evaluate(() => (window as unknown as { __keys: number[] }).__keys);
      // Five keys 20 ms apart are one burst and ask once, for the whole text. A request before
      // the last key needs a pause near FILTER_DEBOUNCE_MS (250 ms) after it: never one per key.
      const pauses = keys.slice(1).filter((t, i) => t - keys[i]! >= 200).length;
      expect(keys).toHaveLength(5);
      expect(asked.at(-1)).toBe('p05_x');
      expect(asked.length, `requests ${JSON.stringify(asked)}, keys at ${keys.map((t) => Math.round(t - keys[0]!)).join(', ')} ms`).toBeLessThanOrEqual(1 + pauses);
      for (const q of asked) expect('p05_x'.startsWith(q)).toBe(true);
    } finally {
      page.off('request', onRequest);
      await page.getByLabel('Filter').fill('');
      await pagerText('Problem pages').filter({ hasText: '60 problems' }).waitFor();
    }
  });

  it('filters by difficulty and sorts by a column header, both ways, shareable by URL', async () => {
    await page.getByLabel('Difficulty').selectOption('hard');
    await pagerText('Problem pages').filter({ hasText: '30 problems' }).waitFor();
    await page.getByRole('button', { name: 'ID' }).click();
    await page.waitForURL(/sort=id/);
    await page.getByRole('button', { name: 'ID' }).click();
    await page.waitForURL(/dir=desc/);
    expect(await page.getByRole('columnheader', { name: 'ID' }).getAttribute('aria-sort')).toBe('descending');
    await table('Problems').locator('tbody tr code').first().filter({ hasText: id(59) }).waitFor();

    const shared = await app.browser.newPage();
    await shared.context().addCookies(await page.context().cookies());
    await shared.goto(`${app.url}/problems?sort=id&dir=desc&size=25&page=2`);
    await shared.getByRole('navigation', { name: 'Problem pages' }).getByText('Page 2 of 3 · 60 problems').waitFor();
    expect(await shared.getByRole('table', { name: 'Problems' }).locator('tbody tr code').first().textContent()).toBe(id(34));
    expect(await shared.getByLabel('Rows per page').inputValue()).toBe('25');
    await shared.close();
  });
});

describe('Assignments page, server-paged', () => {
  it('shows how many problems need annotators, filters to them and pages', async () => {
    await page.goto(`${app.url}/assignments`);
    await page.getByText('30 problems need annotators.').waitFor();
    await pagerText('Assignment pages').filter({ hasText: 'Page 1 of 2 · 60 problems' }).waitFor();
    await page.getByLabel('Show').selectOption('full');
    await pagerText('Assignment pages').filter({ hasText: 'Page 1 of 1 · 30 problems' }).waitFor();
    expect(search().get('assigned')).toBe('full');
    await page.getByLabel('Annotator A for p01_x').waitFor();
    expect(await table('Assignments by problem').locator('tbody tr').count()).toBe(30);
    await page.getByLabel('Show').selectOption('open');
    await page.getByLabel('Annotator A for p30_x').waitFor();
    expect(await table('Assignments by problem').locator('tbody tr').count()).toBe(30);
    expect(errors.filter((e) => !/status of 401/.test(e))).toEqual([]);
  });
});

describe('Agreement page, per-problem table paged', () => {
  it('shows one page of the per-problem table and keeps the page in the URL', async () => {
    await page.goto(`${app.url}/agreement?size=25&page=2`);
    await pagerText('Per-problem pages').filter({ hasText: 'Page 2 of 2 · 30 problems' }).waitFor();
    const rows = page.getByRole('table', { name: 'Agreement per problem, worst first' }).locator('tbody tr');
    expect(await rows.count()).toBe(5);
    await page.getByRole('navigation', { name: 'Per-problem pages' }).getByRole('button', { name: 'Previous' }).click();
    await pagerText('Per-problem pages').filter({ hasText: 'Page 1 of 2' }).waitFor();
    expect(await rows.count()).toBe(25);
    expect(search().get('page')).toBeNull();
    expect(search().get('size')).toBe('25');
  });
});

describe('Adjudication queue, paged', () => {
  it('pages the queue with the filters and page in the URL', async () => {
    await page.goto(`${app.url}/adjudicate?size=25`);
    await pagerText('Queue pages').filter({ hasText: 'Page 1 of 2 · 30 problems' }).waitFor();
    const rows = page.locator('.adjudication-queue tbody tr');
    expect(await rows.count()).toBe(25);
    await page.getByRole('navigation', { name: 'Queue pages' }).getByRole('button', { name: 'Next' }).click();
    await pagerText('Queue pages').filter({ hasText: 'Page 2 of 2' }).waitFor();
    expect(await rows.count()).toBe(5);
    expect(search().get('page')).toBe('2');
    await page.getByLabel('Status').selectOption('resolved');
    await page.getByText('No problem matches these filters.').waitFor();
    expect(search().get('page')).toBeNull();
    expect(search().get('status')).toBe('resolved');
  });
});
