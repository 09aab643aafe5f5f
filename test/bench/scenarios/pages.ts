import fs from 'node:fs';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import type { DB } from '../../../db/database';
import { createApp } from '../../../server/app';
import { launchChromium } from '../../support/browser';
import { buildPagesDb, MAINTAINER_USER } from '../data/pagesDb';
import { scratchDir } from '../lib/config';
import { median } from '../lib/stats';
import { row, type BenchContext, type BenchRow, type Scenario } from '../lib/types';
import { buildClient } from './client';

const LARGE = 8000;
const SMALL = 80;
/** The Problems filter's debounce (FILTER_DEBOUNCE_MS in client/src/paging/listState.ts, which needs a window to load). */
const FILTER_DEBOUNCE_MS = 250;

/** The maintainer pages, each ready when its main table has a row. */
const PAGES: { name: string; path: string; table: string }[] = [
  { name: 'Problems', path: '/problems', table: 'Problems' },
  { name: 'Assignments', path: '/assignments', table: 'Assignments by problem' },
  { name: 'Agreement', path: '/agreement', table: 'Agreement per problem, worst first' },
  { name: 'Adjudication queue', path: '/adjudicate', table: '' },
  { name: 'Audit log', path: '/audit', table: '' },
];

interface Site {
  url: string;
  server: Server;
  db: DB;
}

async function serve(db: DB, clientDir: string): Promise<Site> {
  const server = createApp({ db, clientDir, log: () => {} }).listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, server, db };
}

/** A fresh browser context (cold HTTP cache) with the maintainer's session cookie. */
async function maintainerContext(browser: Browser, url: string): Promise<BrowserContext> {
  const context = await browser.newContext();
  const res = await context.request.post(`${url}/api/auth/login`, { data: MAINTAINER_USER });
  if (!res.ok()) throw new Error(`login failed: ${res.status()} ${await res.text()}`);
  return context;
}

const firstRow = (page: Page, table: string) => (table ? page.getByRole('table', { name: table }) : page.locator('main table').first()).locator('tbody tr').first();

/**
 * Navigate and time until the network went idle: the later of the table showing its first row
 * and the last response finishing (Playwright's network idle waits 500 ms of quiet on top,
 * which is not counted).
 */
async function timeToNetworkIdle(browser: Browser, site: Site, target: (typeof PAGES)[number]): Promise<number> {
  const context = await maintainerContext(browser, site.url);
  try {
    const page = await context.newPage();
    let lastFinished = 0;
    page.on('requestfinished', () => (lastFinished = performance.now()));
    page.on('requestfailed', () => (lastFinished = performance.now()));
    const start = performance.now();
    await page.goto(`${site.url}${target.path}`, { waitUntil: 'commit' });
    await firstRow(page, target.table).waitFor({ timeout: 120_000 });
    const shown = performance.now();
    await page.waitForLoadState('networkidle', { timeout: 120_000 });
    return Math.max(shown, lastFinished) - start;
  } finally {
    await context.close();
  }
}

interface Keystroke {
  /** Key press → the next frame after the input shows the character. */
  inputToPaint: number;
  /** Key press → the next frame after the table shows only matching rows (the rows on screen, narrowed at once). */
  keyToRows: number;
  /** The filter request sent (after the debounce) → the next frame after the server's page is shown. */
  requestToServed: number;
  /** Key press → the server's page shown, debounce included. */
  keyToServed: number;
}

/**
 * Marks inside the page: the key press, the frame after the input handled it, the filter
 * request's fetch call, and the frame after the table shows the filtered rows. A string, so the bundler's
 * helpers never reach the page.
 */
const KEYSTROKE_PROBE = `(() => {
  const marks = (window.benchKey = {});
  const afterNextFrame = (name) => requestAnimationFrame(() => setTimeout(() => { if (marks[name] === undefined) marks[name] = performance.now(); }, 0));
  document.addEventListener('keydown', (e) => { if (marks.key === undefined) marks.key = e.timeStamp; }, { capture: true, once: true });
  document.addEventListener('input', () => afterNextFrame('input'), { capture: true, once: true });
  const fetchOriginal = window.fetch;
  window.fetch = (input, init) => {
    if (marks.request === undefined && String(input).includes('/api/problems?') && String(input).includes('q=')) marks.request = performance.now();
    return fetchOriginal(input, init);
  };
  // Filtered rows are shown when the table's rows changed and every row matches the typed "7";
  // the server's page is shown when the count says "matching problem(s)" (no longer "searching").
  const body = () => document.querySelector('table[aria-label="Problems"] tbody');
  const count = () => document.querySelector('.list-filters [aria-live]');
  const before = body().textContent;
  const observer = new MutationObserver(() => {
    const rows = [...body().querySelectorAll('tr')];
    if (marks.rowsSeen === undefined && body().textContent !== before && rows.length > 0 && rows.every((r) => r.textContent.includes('7'))) {
      marks.rowsSeen = true;
      afterNextFrame('rows');
    }
    if (marks.request !== undefined && /matching problem/.test(count()?.textContent ?? '')) {
      observer.disconnect();
      afterNextFrame('served');
    }
  });
  observer.observe(document.body, { subtree: true, childList: true, characterData: true });
})()`;

/** One character typed into the Problems filter, timed inside the page. */
async function timeKeystroke(browser: Browser, site: Site): Promise<Keystroke> {
  const context = await maintainerContext(browser, site.url);
  try {
    const page = await context.newPage();
    await page.goto(`${site.url}/problems`);
    await firstRow(page, 'Problems').waitFor({ timeout: 120_000 });
    await page.waitForLoadState('networkidle', { timeout: 120_000 });
    const filter = page.getByPlaceholder('id, title, difficulty, annotator');
    await filter.focus();
    await page.evaluate(KEYSTROKE_PROBE);
    await page.keyboard.press('7');
    await page.waitForFunction(() => (window as unknown as { benchKey: { served?: number } }).benchKey.served !== undefined, undefined, { timeout: 60_000 });
    const marks = (await page.evaluate('window.benchKey')) as Record<string, number | undefined>;
    const { key, input, rows, request, served } = marks;
    if (![key, input, rows, request, served].every((x) => typeof x === 'number' && Number.isFinite(x))) throw new Error(`keystroke not measured: ${JSON.stringify(marks)}`);
    if (!(key! < input! && key! < rows! && key! < request! && request! < served!)) throw new Error(`keystroke marks out of order: ${JSON.stringify(marks)}`);
    return { inputToPaint: input! - key!, keyToRows: rows! - key!, requestToServed: served! - request!, keyToServed: served! - key! };
  } finally {
    await context.close();
  }
}

async function measure(ctx: BenchContext, browser: Browser, large: Site, small: Site, runs: number): Promise<BenchRow[]> {
  const rows: BenchRow[] = [];
  for (const target of PAGES) {
    // Warm-up of each side: server caches (agreement report, queue summaries), Chromium.
    await timeToNetworkIdle(browser, large, target);
    await timeToNetworkIdle(browser, small, target);
    const big: number[] = [];
    const little: number[] = [];
    for (let i = 0; i < runs; i++) {
      big.push(await timeToNetworkIdle(browser, large, target));
      little.push(await timeToNetworkIdle(browser, small, target));
    }
    ctx.log(`${target.name}: ${median(big).toFixed(0)} ms at ${LARGE}, ${median(little).toFixed(0)} ms at ${SMALL}`);
    rows.push(
      row(`${target.name} page: navigation to network idle at ${LARGE} problems, Chromium, cold cache (baseline: at ${SMALL})`, 'ms', median(big), median(little), { kind: 'ratio-max', limit: 1.5 }, runs),
    );
  }
  await timeKeystroke(browser, large);
  const keys: { big: Keystroke[]; little: Keystroke[] } = { big: [], little: [] };
  for (let i = 0; i < runs; i++) {
    keys.big.push(await timeKeystroke(browser, large));
    keys.little.push(await timeKeystroke(browser, small));
  }
  const med = (side: Keystroke[], f: keyof Keystroke) => median(side.map((k) => k[f]));
  ctx.log(
    `filter keystroke at ${LARGE}: input painted ${med(keys.big, 'inputToPaint').toFixed(0)} ms, rows narrowed ${med(keys.big, 'keyToRows').toFixed(0)} ms, request → server's page ${med(keys.big, 'requestToServed').toFixed(0)} ms, key → server's page ${med(keys.big, 'keyToServed').toFixed(0)} ms (debounce ${FILTER_DEBOUNCE_MS} ms)`,
  );
  const total = `key press → the server's page including the ${FILTER_DEBOUNCE_MS} ms debounce: ${med(keys.big, 'keyToServed').toFixed(0)} ms at ${LARGE}, ${med(keys.little, 'keyToServed').toFixed(0)} ms at ${SMALL}`;
  rows.push(
    row(
      `Problems filter, one keystroke at ${LARGE} problems: key press → the character painted in the input (baseline: at ${SMALL})`,
      'ms',
      med(keys.big, 'inputToPaint'),
      med(keys.little, 'inputToPaint'),
      { kind: 'value-max', limit: 100, unit: 'ms' },
      runs,
    ),
    row(
      `Problems filter, one keystroke at ${LARGE} problems: key press → only matching rows painted (the rows on screen narrowed at once; baseline: at ${SMALL})`,
      'ms',
      med(keys.big, 'keyToRows'),
      med(keys.little, 'keyToRows'),
      { kind: 'value-max', limit: 100, unit: 'ms' },
      runs,
    ),
    row(
      `Problems filter, one keystroke at ${LARGE} problems: filter request sent after the ${FILTER_DEBOUNCE_MS} ms debounce → the server's page painted (baseline: at ${SMALL})`,
      'ms',
      med(keys.big, 'requestToServed'),
      med(keys.little, 'requestToServed'),
      { kind: 'value-max', limit: 100, unit: 'ms' },
      runs,
      total,
    ),
  );
  return rows;
}

export const scenario: Scenario = {
  id: 8,
  name: 'Maintainer pages at scale',
  async run(ctx) {
    const dir = scratchDir('pages');
    let browser: Browser | null = null;
    const sites: Site[] = [];
    try {
      ctx.log('vite build into a temporary folder');
      buildClient(path.join(dir, 'dist'));
      const largeDb = await buildPagesDb(path.join(dir, 'large.sqlite'), LARGE);
      const smallDb = await buildPagesDb(path.join(dir, 'small.sqlite'), SMALL);
      ctx.log(`databases of ${LARGE} and ${SMALL} problems, each with two annotators, submitted annotations, a resolved adjudication and submit events`);
      sites.push(await serve(largeDb, path.join(dir, 'dist')), await serve(smallDb, path.join(dir, 'dist')));
      browser = await launchChromium();
      return await measure(ctx, browser, sites[0]!, sites[1]!, ctx.quick ? 3 : 7);
    } finally {
      await browser?.close();
      for (const s of sites) {
        await new Promise((resolve) => s.server.close(resolve));
        s.db.close();
      }
      fs.rmSync(dir, { recursive: true, force: true });
    }
  },
};
