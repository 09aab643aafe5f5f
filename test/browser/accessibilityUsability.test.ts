import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import type { Role } from '../../shared/roles';
import { browserHarness } from '../support/browserHarness';
import { contextAs, seedA11yWorld, type A11yWorld } from '../support/a11yPages';
import { settled } from '../support/browser';

// Beyond axe: keyboard reach with a visible focus ring, cues besides colour, reduced motion.
// (Reflow at 200% zoom is checked on every page visit of accessibility*.test.ts.)
let world: A11yWorld;
const app = browserHarness(async (db) => {
  world = await seedA11yWorld(db);
});

const contexts: BrowserContext[] = [];
async function open(role: Role, path: string, options: { reducedMotion?: 'reduce' | 'no-preference' } = {}): Promise<Page> {
  const context = await contextAs(app.browser as Browser, app.db, app.url, world, role);
  contexts.push(context);
  const page = await context.newPage();
  if (options.reducedMotion) await page.emulateMedia({ reducedMotion: options.reducedMotion });
  await page.goto(`${app.url}${path}`);
  await settled(page);
  return page;
}
afterAll(async () => {
  for (const c of contexts) await c.close();
});

interface FocusStop {
  id: string;
  outline: string;
  width: number;
  /** Contrast of the focus ring against what surrounds the element. */
  contrast: number;
}

/**
 * Tabs through the whole page. Returns every visible focusable control (by a temporary id) and,
 * for each Tab stop, its focus ring: outline style, width and contrast against the background.
 */
async function tabThrough(page: Page): Promise<{ controls: string[]; stops: FocusStop[] }> {
  const controls = await page.evaluate(() => {
    const selector = 'a[href], button:not(:disabled), input:not(:disabled), select:not(:disabled), textarea:not(:disabled), summary, [tabindex]:not([tabindex="-1"])';
    return [...document.querySelectorAll<HTMLElement>(selector)]
      .filter((el) => el.checkVisibility() && el.getClientRects().length > 0)
      // A radio group is one Tab stop (its checked radio); arrow keys move within it.
      .filter((el) => !(el instanceof HTMLInputElement && el.type === 'radio' && !el.checked && el.form?.querySelector(`input[type="radio"][name="${el.name}"]:checked`)))
      .map((el, i) => {
        el.dataset.a11yId = `c${i}`;
        return `c${i}`;
      });
  });
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
  const stops: FocusStop[] = [];
  for (let i = 0; i < controls.length + 3; i++) {
    await page.keyboard.press('Tab');
    const stop = await page.evaluate(() => {
      const el = document.activeElement as HTMLElement | null;
      if (!el || el === document.body || !el.dataset.a11yId) return null;
      const rgb = (c: string) => (c.match(/[\d.]+/g) ?? []).map(Number);
      const lum = (c: string) => {
        const [r, g, b] = rgb(c).map((v) => {
          const s = v / 255;
          return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
        });
        return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
      };
      // The ring is drawn around the element (offset 2px): it is seen against the parent's background.
      let bgEl: HTMLElement | null = el.parentElement;
      let bg = 'rgb(255, 255, 255)';
      while (bgEl) {
        const c = getComputedStyle(bgEl).backgroundColor;
        const alpha = rgb(c)[3];
        if (c !== 'transparent' && alpha !== 0) {
          bg = c;
          break;
        }
        bgEl = bgEl.parentElement;
      }
      const style = getComputedStyle(el);
      const [a, b] = [lum(style.outlineColor), lum(bg)];
      return { id: el.dataset.a11yId, outline: style.outlineStyle, width: parseFloat(style.outlineWidth), contrast: (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05) };
    });
    if (stop) stops.push(stop);
  }
  return { controls, stops };
}

describe('keyboard', () => {
  const pages: [Role | 'anonymous', string, string, (page: Page) => Promise<void>][] = [
    ['annotator', 'queue', '/queue', (p) => p.getByRole('heading', { name: 'Your queue' }).waitFor()],
    ['annotator', 'editor with three points and a repair', '/annotate/abc390_b', (p) => p.getByRole('group', { name: 'Point 3' }).waitFor()],
    ['adjudicator', 'cross-check', '/adjudicate/demo_001', (p) => p.getByRole('button', { name: 'Take A' }).first().waitFor()],
    ['maintainer', 'releases', '/releases', (p) => p.getByRole('table', { name: 'Releases' }).waitFor()],
    ['maintainer', 'users', '/users', (p) => p.getByRole('table', { name: 'Accounts' }).waitFor()],
  ];
  for (const [role, name, path, ready] of pages) {
    it(`reaches every control of the ${name} page with Tab, each with a focus ring of at least 3:1`, async () => {
      const page = await open(role as Role, path);
      await ready(page);
      const { controls, stops } = await tabThrough(page);
      expect(controls.length).toBeGreaterThan(3);
      expect(controls.filter((id) => !stops.some((s) => s.id === id)), 'controls Tab never reaches').toEqual([]);
      for (const stop of stops) {
        expect(stop.outline, `focus ring of ${stop.id}`).not.toBe('none');
        expect(stop.width, `focus ring width of ${stop.id}`).toBeGreaterThanOrEqual(2);
        expect(stop.contrast, `focus ring contrast of ${stop.id}`).toBeGreaterThanOrEqual(3);
      }
    });
  }

  it('selects statement text with Shift+arrows and deletes it with a number key, without a mouse', async () => {
    const page = await open('annotator', `/annotate/${world.spare}`);
    await page.getByRole('group', { name: 'Point 3' }).waitFor();
    const statement = page.getByTestId('base-text');
    await expect(statement.locator('del.deleted.p1').count()).resolves.toBe(1);
    await statement.focus();
    for (let i = 0; i < 3; i++) await page.keyboard.press('Control+Shift+ArrowRight');
    await expect(page.evaluate(() => window.getSelection()!.toString())).resolves.toBe('You are given');
    await page.keyboard.press('1');
    await expect(statement.locator('del.deleted.p1').first().textContent()).resolves.toBe('You are given');
    await expect(statement.locator('del.deleted.p1').count()).resolves.toBe(2);
  });

  it('builds and restores a gold deletion in the cross-check from the keyboard alone', async () => {
    const page = await open('adjudicator', '/adjudicate/demo_003');
    const take = page.getByRole('button', { name: 'Take A' }).first();
    await take.focus();
    await page.keyboard.press('Enter');
    const gold = page.locator('.gold-base');
    await gold.locator('del.deleted').first().waitFor();
    const before = await gold.locator('del.deleted.p1').count();
    const firstWords = await gold.evaluate((el) => el.textContent!.split(' ').slice(0, 2).join(' '));
    await gold.focus();
    for (let i = 0; i < 2; i++) await page.keyboard.press('Control+Shift+ArrowRight');
    await expect(page.evaluate(() => window.getSelection()!.toString())).resolves.toBe(firstWords);
    await page.keyboard.press('1');
    await expect(gold.locator('del.deleted.p1').first().textContent()).resolves.toBe(firstWords);
    await expect(gold.locator('del.deleted.p1').count()).resolves.toBe(before + 1);
    // The caret starts at the text's beginning, inside the new deletion: Enter restores it.
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('Enter');
    await expect(gold.locator('del.deleted.p1').count()).resolves.toBe(before);
  });

  it('offers a keyboard path for every click-only mark: restore per deletion, remove per repair, a link per queue row', async () => {
    const page = await open('annotator', `/annotate/${world.spare}`);
    await page.getByRole('group', { name: 'Point 3' }).waitFor();
    const statement = page.getByTestId('base-text');
    const struck = await statement.locator('del.deleted').count();
    await expect(page.getByRole('button', { name: /^Restore / }).count()).resolves.toBe(struck);
    await expect(statement.locator('ins.repair-mark').count()).resolves.toBe(1);
    await page.getByRole('button', { name: 'Remove repair 1 of point 3' }).focus();
    await page.keyboard.press('Enter');
    await expect(statement.locator('ins.repair-mark').count()).resolves.toBe(0);
    await page.getByRole('button', { name: /^Restore / }).first().focus();
    await page.keyboard.press('Enter');
    await expect(statement.locator('del.deleted').count()).resolves.toBe(struck - 1);

    await page.goto(`${app.url}/queue`);
    const rows = page.locator('.queue-table tbody tr');
    await rows.first().waitFor();
    // The row's click opens the editor; its keyboard path is the title's link (a resolved row also links its feedback).
    for (const row of await rows.all()) await expect(row.locator('a.open[href^="/annotate/"]').count()).resolves.toBe(1);
  });
});

describe('colour is not the only signal', () => {
  const after = (page: Page, selector: string) =>
    page.locator(selector).evaluateAll((els) => els.map((el) => ({ cls: el.className, content: getComputedStyle(el, '::after').content })));

  it('every struck span in the editor shows its point number', async () => {
    const page = await open('annotator', `/annotate/${world.editing}`);
    await page.getByRole('group', { name: 'Point 3' }).waitFor();
    const marks = await after(page, '[data-testid="base-text"] del.deleted');
    expect(marks.map((m) => m.cls).sort()).toEqual(['deleted p1', 'deleted p2', 'deleted p3']);
    for (const m of marks) expect(m.content.startsWith(`"${m.cls.slice(-1)}"`), `${m.cls}: ${m.content}`).toBe(true);
  });

  it('the cross-check marks say A, B or AB, and the gold text shows gold point numbers', async () => {
    const page = await open('adjudicator', `/adjudicate/${world.disagreeing}`);
    await page.locator('[data-testid="marked-text"] mark').first().waitFor();
    // The text of demo_001 has both and only-A marks; the legend shows all three kinds.
    const marks = await after(page, '[data-testid="marked-text"] mark, .mark-legend .mark');
    const expected: Record<string, string> = { 'mark mark-both': '"AB"', 'mark mark-onlyA': '"A"', 'mark mark-onlyB': '"B"' };
    expect(new Set(marks.map((m) => m.cls))).toEqual(new Set(Object.keys(expected)));
    for (const m of marks) expect(m.content.startsWith(expected[m.cls]!), `${m.cls}: ${m.content}`).toBe(true);

    await page.getByRole('button', { name: 'Take A' }).first().click();
    const gold = await after(page, '.gold-base del.deleted');
    expect(gold.length).toBeGreaterThan(0);
    for (const m of gold) expect(m.content.startsWith(`"${m.cls.slice(-1)}"`), `${m.cls}: ${m.content}`).toBe(true);
  });
});

describe('prefers-reduced-motion', () => {
  // The release check's indeterminate bar: a progress fill (a width transition) that also slides (an animation).
  const motion = (page: Page) =>
    page.evaluate(() => {
      const probe = document.createElement('div');
      probe.className = 'cut-release';
      probe.innerHTML = '<span class="progress"><span class="indeterminate"></span></span>';
      document.querySelector('main')!.append(probe);
      const bar = getComputedStyle(probe.querySelector('.indeterminate')!);
      const result = {
        animation: bar.animationName,
        duration: parseFloat(bar.animationDuration),
        iterations: bar.animationIterationCount,
        transition: parseFloat(bar.transitionDuration),
        scroll: getComputedStyle(document.documentElement).scrollBehavior,
      };
      probe.remove();
      return result;
    });

  it('keeps transitions and animations when motion is welcome and stops them when the system asks for less', async () => {
    const moving = await open('maintainer', '/releases', { reducedMotion: 'no-preference' });
    await moving.getByRole('table', { name: 'Releases' }).waitFor();
    const still = await open('maintainer', '/releases', { reducedMotion: 'reduce' });
    await still.getByRole('table', { name: 'Releases' }).waitFor();

    const a = await motion(moving);
    expect(a).toEqual({ animation: 'release-progress', duration: 1.1, iterations: 'infinite', transition: 0.2, scroll: 'auto' });
    const b = await motion(still);
    expect(b.duration).toBeLessThan(0.001);
    expect(b.iterations).toBe('1');
    expect(b.transition).toBeLessThan(0.001);
    expect(b.scroll).toBe('auto');
  });
});
