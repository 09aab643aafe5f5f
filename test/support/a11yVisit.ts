import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openInApp, settled, watchErrors } from './browser';
import type { BrowserHarness } from './browserHarness';
import { axeViolations } from './axe';
import { contextAs, PAGE_VISITS, type A11yWorld, type PageVisit, type VisitRole } from './a11yPages';

/** The width of a 1280 px window at 200% zoom, in CSS pixels. */
export const ZOOMED_WIDTH = 640;

/** How far the page scrolls sideways (0 when its content reflows into the window). */
export function horizontalOverflow(page: Page): Promise<number> {
  return page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
}

/**
 * One test per visit of the given roles: axe finds no WCAG 2.2 AA violation at 1280 px, and at
 * 640 px (200% zoom) the page does not scroll sideways and its heading and navigation stay in view.
 */
export function describeVisits(app: BrowserHarness, world: () => A11yWorld, roles: readonly VisitRole[]): void {
  for (const role of roles) {
    describe(`as ${role}`, () => {
      let context: BrowserContext;
      // One tab for the role's visits: the first loads the app, each next one opens its page
      // through the app's router (openInApp), as a person following links does.
      let page: Page;
      beforeAll(async () => {
        context = await contextAs(app.browser as Browser, app.db, app.url, world(), role);
        page = await context.newPage();
      });
      afterAll(async () => {
        await context?.close();
      });
      for (const visit of PAGE_VISITS.filter((v) => v.role === role)) {
        it(`${visit.route ?? '/login'}: ${visit.state}`, async () => {
          await checkVisit(page, app.url, world(), visit);
        });
      }
    });
  }
}

async function checkVisit(page: Page, url: string, world: A11yWorld, visit: PageVisit): Promise<void> {
  const errors = watchErrors(page);
  try {
    await page.setViewportSize({ width: 1280, height: 900 });
    // The login page is the only one a tab without a session shows: those visits load it.
    if (visit.role === 'anonymous') {
      await page.goto(`${url}${visit.path(world)}`);
      await settled(page);
    } else await openInApp(page, url, visit.path(world));
    await visit.ready(page, world);
    expect(await axeViolations(page), 'axe violations at 1280 px').toEqual([]);

    await page.setViewportSize({ width: ZOOMED_WIDTH, height: 900 });
    expect(await horizontalOverflow(page), 'horizontal scroll at 640 px (200% zoom)').toBe(0);
    const inView = page.locator(visit.role === 'anonymous' ? 'main h1' : 'main h1, header nav, header button');
    for (const el of await inView.all()) {
      const box = await el.boundingBox();
      expect(box, 'a heading or navigation control is hidden at 640 px').not.toBeNull();
      expect(box!.x).toBeGreaterThanOrEqual(0);
      expect(box!.x + box!.width).toBeLessThanOrEqual(ZOOMED_WIDTH);
    }
    // The app asks /api/me before the login form and a refused login answers 401; some visits
    // provoke 400s on purpose (bad import, incomplete submit).
    expect(errors.filter((e) => !/\b(401|400)\b/.test(e))).toEqual([]);
  } finally {
    page.removeAllListeners('pageerror');
    page.removeAllListeners('console');
  }
}
