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
  await login(page, app.url, user.username, user.password);
  await page.goto(`${app.url}${path}`);
  await ready(page);
  const badges = (await page.locator('main .badge, .content .badge').allTextContents()).map((t) => t.trim());
  const text = (await page.locator('body').textContent()) ?? '';
  await page.close();
  return { badges, text };
}

describe('one name per state on every page', () => {
  it('calls a begun, unfinished annotation or adjudication "in progress" everywhere, never "draft" or "open"', async () => {
    const pages = [
      await visit(w.users.owner, '/queue', (p) => p.getByText('Draft problem').first().waitFor()),
      await visit(w.users.maintainer, '/problems', (p) => p.getByText('Draft problem').first().waitFor()),
      await visit(w.users.maintainer, '/assignments', (p) => p.getByText('Draft problem').first().waitFor()),
      await visit(w.users.adjudicator, '/adjudicate', (p) => p.getByText('Shared problem').first().waitFor()),
      await visit(w.users.adjudicator, `/adjudicate/${w.problems.shared.questionId}`, (p) => p.getByRole('complementary', { name: 'Resolution' }).waitFor()),
      await visit(w.users.maintainer, '/agreement', (p) => p.getByText('Shared problem').first().waitFor()),
    ];
    for (const { badges } of pages) expect(badges.filter((b) => /^(draft|open|in draft|not started)$/i.test(b) || /: draft$/.test(b))).toEqual([]);
    const [queue, problems, assignments, adjudication, crossCheck, agreement] = pages;
    expect(queue!.badges).toContain('in progress');
    expect(problems!.badges).toEqual(expect.arrayContaining(['in progress', 'adjudication in progress']));
    expect(assignments!.badges).toContain('anna: in progress');
    expect(adjudication!.badges).toContain('in progress');
    expect(adjudication!.text).toMatch(/\d+ in progress/);
    expect(crossCheck!.badges).toContain('in progress');
    expect(agreement!.badges).toContain('not resolved');
  });
});
