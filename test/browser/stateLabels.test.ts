import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { login } from '../support/browser';
import { browserHarness } from '../support/browserHarness';
import type { BuiltUser } from '../support/builders';
import { buildWorld, type World } from '../support/world';

let w: World;
const app = browserHarness(async (db) => {
  w = await buildWorld(db);
});

/** Every status badge and the page's own words for progress. */
async function visit(user: BuiltUser, path: string, ready: (page: Page) => Promise<unknown>): Promise<{ badges: string[]; text: string }> {
  const page = await app.browser.newPage({ viewport: { width: 1280, height: 900 } });
  await login(page, app.url, user.username, user.password, path);
  await ready(page);
  const badges = (await page.locator('main .badge, .content .badge').allTextContents()).map((t) => t.trim());
  const text = (await page.locator('body').textContent()) ?? '';
  await page.close();
  return { badges, text };
}

/** No page calls a begun, unfinished annotation or adjudication "draft" or "open". */
const OTHER_NAMES = (badges: string[]) => badges.filter((b) => /^(draft|open|in draft|not started)$/i.test(b) || /: draft$/.test(b));

// One test per page: each logs in and loads a page of its own, and a slow page times out alone.
describe('one name per state on every page: a begun, unfinished annotation or adjudication is "in progress", never "draft" or "open"', () => {
  it('the annotator\'s queue', async () => {
    const { badges } = await visit(w.users.owner, '/queue', (p) => p.getByText('Draft problem').first().waitFor());
    expect(OTHER_NAMES(badges)).toEqual([]);
    expect(badges).toContain('in progress');
  });

  it('the problems list', async () => {
    const { badges } = await visit(w.users.maintainer, '/problems', (p) => p.getByText('Draft problem').first().waitFor());
    expect(OTHER_NAMES(badges)).toEqual([]);
    expect(badges).toEqual(expect.arrayContaining(['in progress', 'adjudication in progress']));
  });

  it('the assignments', async () => {
    const { badges } = await visit(w.users.maintainer, '/assignments', (p) => p.getByText('Draft problem').first().waitFor());
    expect(OTHER_NAMES(badges)).toEqual([]);
    expect(badges).toContain('anna: in progress');
  });

  it('the adjudication queue', async () => {
    const { badges, text } = await visit(w.users.adjudicator, '/adjudicate', (p) => p.getByText('Shared problem').first().waitFor());
    expect(OTHER_NAMES(badges)).toEqual([]);
    expect(badges).toContain('in progress');
    expect(text).toMatch(/\d+ in progress/);
  });

  it('the cross-check', async () => {
    const { badges } = await visit(w.users.adjudicator, `/adjudicate/${w.problems.shared.questionId}`, (p) => p.getByRole('complementary', { name: 'Resolution' }).waitFor());
    expect(OTHER_NAMES(badges)).toEqual([]);
    expect(badges).toContain('in progress');
  });

  it('the agreement page', async () => {
    const { badges } = await visit(w.users.maintainer, '/agreement', (p) => p.getByText('Shared problem').first().waitFor());
    expect(OTHER_NAMES(badges)).toEqual([]);
    expect(badges).toContain('not resolved');
  });
});
