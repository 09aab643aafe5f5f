import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import request from 'supertest';
import { pageRoutes } from '../../client/src/routes';
import type { Role } from '../../shared/roles';
import { createApp } from '../../server/app';
import { login, openInApp, settled, trackRequests } from '../support/browser';
import { browserHarness } from '../support/browserHarness';
import { cookieFor } from '../support/world';
import { buildHostileWorld, HOSTILE_USERNAME, PAYLOADS, type HostileWorld } from '../support/hostile';

// Every page of the app, for every role, over data whose every user-written field carries
// HTML and script payloads: nothing may run, nothing may be injected, the text stays text.
let w: HostileWorld;

const app = browserHarness(async (db) => {
  w = await buildHostileWorld(db);
});

/** Markup the payloads would create if rendered as HTML (the app itself renders none of it). */
const INJECTED = ['img[src="x"]', '[onerror]', '[onload]', 'script:not([src])', 'svg[onload]', 'a[href^="javascript:"]', 'iframe', 'object', 'embed'];

/** Text that must be visible on a page (as text): which payload shows where. */
const VISIBLE: Record<string, (role: Role) => string[]> = {
  '/queue': () => [PAYLOADS.img],
  '/annotate/:questionId': () => [PAYLOADS.script, PAYLOADS.link],
  '/problems': () => [PAYLOADS.img],
  '/problems/:questionId': () => [PAYLOADS.svg],
  '/users': () => [HOSTILE_USERNAME],
  '/adjudicate': () => [PAYLOADS.img],
  '/adjudicate/:questionId': () => [PAYLOADS.svg, HOSTILE_USERNAME],
  '/releases': () => [PAYLOADS.markdown],
  '/audit': () => [HOSTILE_USERNAME, PAYLOADS.script],
  '/runs': () => [PAYLOADS.img],
  '/runs/tasks/:taskId': () => [PAYLOADS.script, PAYLOADS.img],
};

/** The view of a tabbed page where user text shows (the Runs page: key questions in curation feedback). */
const VIEW: Record<string, string> = { '/runs': '?view=curation' };

function pathFor(pattern: string): string {
  return pattern
    .replace(':questionId', w.problem.questionId)
    .replace(':name', w.release)
    .replace(':taskId', 'task_1')
    .replace(/:(\w+)/g, (_m, p: string) => `unknown-${p}`);
}

async function expectInert(page: Page, where: string, dialogs: string[], consoleErrors: string[]): Promise<void> {
  const state = await page.evaluate((selectors) => {
    const found = selectors.filter((s) => document.querySelector(s) !== null);
    return { xss: (window as unknown as { __xss?: unknown }).__xss ?? null, found, text: document.body.innerText };
  }, INJECTED);
  expect(state.xss, `${where}: a payload ran`).toBeNull();
  expect(state.found, `${where}: injected elements`).toEqual([]);
  expect(dialogs, `${where}: dialogs`).toEqual([]);
  // a CSP report would mean markup got as far as the browser trying to run it
  expect(consoleErrors.filter((e) => /Content Security Policy|Refused to/i.test(e)), where).toEqual([]);
}

async function visitAll(user: { username: string; password: string }, role: Role): Promise<string[]> {
  const page = await app.browser.newPage();
  const dialogs: string[] = [];
  const consoleErrors: string[] = [];
  page.on('dialog', (d) => {
    dialogs.push(d.message());
    void d.dismiss();
  });
  page.on('console', (m) => {
    if (m.type() === 'error') consoleErrors.push(m.text());
  });
  page.on('pageerror', (e) => consoleErrors.push(e.message));
  const requests = trackRequests(page);
  await login(page, app.url, user.username, user.password);
  const visited: string[] = [];
  for (const route of pageRoutes.filter((r) => r.roles.includes(role))) {
    const where = `${role} ${route.path}`;
    await openInApp(page, app.url, `${pathFor(route.path)}${VIEW[route.path] ?? ''}`);
    await page.locator('.content').waitFor();
    // every request the page makes has been answered and rendered (50 ms without one in flight)
    await requests.quiet();
    await settled(page);
    await expectInert(page, where, dialogs, consoleErrors);
    // open every disclosure (e.g. an event's before/after) so its text is checked too
    await page.evaluate(() => document.querySelectorAll('details').forEach((d) => (d.open = true)));
    await expectInert(page, `${where} (expanded)`, dialogs, consoleErrors);
    const text = await page.locator('body').innerText();
    for (const expected of VISIBLE[route.path]?.(role) ?? []) expect(text, `${where}: "${expected}" shown as text`).toContain(expected);
    visited.push(route.path);
  }
  await page.close();
  return visited;
}

describe('hostile text is shown as text on every page', () => {
  it('usernames are restricted: an account named like markup cannot be created', async () => {
    const api = createApp({ db: app.db, log: () => {} });
    const res = await request(api).post('/api/users').set('Cookie', cookieFor(app.db, w.maintainer)).send({ username: '<b>x</b>', role: 'annotator', password: 'long-enough-pass' });
    expect(res.status).toBe(400);
    expect(res.body.error.message).toMatch(/^username: /);
  });

  it('maintainer: every page', async () => {
    const visited = await visitAll(w.maintainer, 'maintainer');
    expect(visited).toEqual(expect.arrayContaining(['/problems', '/users', '/audit', '/releases', '/problems/:questionId']));
    // The maintainer has the most pages (over twenty), each loaded and read in turn.
  }, 180_000);

  it('adjudicator: every page', async () => {
    const visited = await visitAll(w.adjudicator, 'adjudicator');
    expect(visited).toEqual(expect.arrayContaining(['/adjudicate', '/adjudicate/:questionId']));
  });

  it('annotator: every page', async () => {
    const visited = await visitAll(w.annotator, 'annotator');
    expect(visited).toEqual(expect.arrayContaining(['/queue', '/annotate/:questionId']));
  });

  it('an annotator whose name is markup (written past the regex, straight into the database): every page', async () => {
    await visitAll(w.hostile, 'annotator');
  });
});
