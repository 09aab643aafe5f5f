/**
 * Every checkbox the app draws sits beside its words: the box's line overlaps the first line of
 * its label's text, and the box is left of that text (it was drawn above its label on the Runs
 * import form and on the release forms). Measured on every page a maintainer or adjudicator
 * reaches with a checkbox, in the accessibility world (test/support/a11yPages.ts).
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Role } from '../../shared/roles';
import { openInApp } from '../support/browser';
import { browserHarness } from '../support/browserHarness';
import { A11Y_BATCH, contextAs, seedA11yWorld, type A11yWorld } from '../support/a11yPages';

let world: A11yWorld;
const app = browserHarness(async (db) => {
  world = await seedA11yWorld(db);
});

interface Rect {
  top: number;
  bottom: number;
  left: number;
  right: number;
}

/** One visible checkbox: its label's words, the box, and the first line of those words. */
interface CheckboxLine {
  words: string;
  box: Rect;
  text: Rect | null;
}

/** Every visible checkbox of the page with the rectangle of its label's first line of text. */
function checkboxLines(page: Page): Promise<CheckboxLine[]> {
  return page.evaluate(() => {
    const plain = (r: DOMRect) => ({ top: r.top, bottom: r.bottom, left: r.left, right: r.right });
    return [...document.querySelectorAll<HTMLInputElement>('input[type="checkbox"]')]
      .filter((box) => box.getClientRects().length > 0 && getComputedStyle(box).visibility !== 'hidden')
      .map((box) => {
        const label = box.labels?.[0] ?? null;
        let text: ReturnType<typeof plain> | null = null;
        if (label) {
          const walker = document.createTreeWalker(label, NodeFilter.SHOW_TEXT);
          for (let node = walker.nextNode(); node && !text; node = walker.nextNode()) {
            if (!node.textContent?.trim()) continue;
            const range = document.createRange();
            range.selectNodeContents(node);
            const first = [...range.getClientRects()].find((r) => r.width > 0);
            if (first) text = plain(first);
          }
        }
        return { words: label?.textContent?.trim() ?? '(no label)', box: plain(box.getBoundingClientRect()), text };
      });
  });
}

/** The checkboxes whose box is not on the line of its words, left of them (none, when all is well). */
function misplaced(lines: CheckboxLine[]): string[] {
  return lines
    .filter(({ box, text }) => !text || !(box.top < text.bottom && text.top < box.bottom) || box.right > text.left + 0.5)
    .map(({ words, box, text }) => `${words}: box ${JSON.stringify(box)}, text ${JSON.stringify(text)}`);
}

const contexts: { close: () => Promise<void> }[] = [];
afterAll(async () => {
  for (const c of contexts) await c.close();
});

async function pageAs(role: Role): Promise<Page> {
  const context = await contextAs(app.browser, app.db, app.url, world, role);
  contexts.push(context);
  const page = await context.newPage();
  await page.setViewportSize({ width: 1366, height: 768 });
  return page;
}

/** The pages with checkboxes, each brought to the state that shows them, and the words of the boxes it must show. */
const PAGES: { role: Role; path: string; ready: (page: Page) => Promise<unknown>; expected: string[] }[] = [
  { role: 'maintainer', path: '/runs', ready: (page) => page.getByRole('form', { name: 'Import a run' }).waitFor(), expected: ["Replace this model's run"] },
  { role: 'maintainer', path: '/problems', ready: (page) => page.getByLabel('Open flags only').waitFor(), expected: ['Open flags only', 'Skipped only'] },
  { role: 'maintainer', path: '/assignments', ready: (page) => page.getByRole('table', { name: 'Assignments by problem' }).waitFor(), expected: ['Include problems with resolved gold'] },
  { role: 'maintainer', path: `/batches/${A11Y_BATCH}`, ready: (page) => page.getByRole('table', { name: 'Problems of the batch' }).waitFor(), expected: ['alice', 'Include problems with resolved gold'] },
  { role: 'maintainer', path: '/adjudicate', ready: (page) => page.getByLabel('Reveal annotator names to adjudicators').waitFor(), expected: ['Reveal annotator names to adjudicators'] },
  {
    role: 'maintainer',
    path: '/releases',
    ready: async (page) => {
      await page.getByRole('table', { name: 'Releases' }).waitFor();
      const settings = page.getByRole('form', { name: 'Data card settings' });
      await settings.getByText('Edit the license, uses, risks and contacts').click();
      await settings.getByLabel('License (Hugging Face id)').waitFor();
    },
    expected: ['Extended fields (per-point types and provenance)', 'List the annotators and adjudicators (their accounts) in the card'],
  },
  { role: 'maintainer', path: '/audit', ready: (page) => page.getByLabel('Show logins').waitFor(), expected: ['Show logins'] },
  // The pilots to choose arrive after the form: ready once pia's box is there.
  { role: 'maintainer', path: '/pilot-studies', ready: (page) => page.getByRole('checkbox', { name: 'pia', exact: true }).waitFor(), expected: ['pia'] },
  {
    role: 'adjudicator',
    path: `/adjudicate/demo_001`,
    ready: async (page) => {
      // Take the first row into the gold version: its card shows the checklist.
      await page.locator('section.slot').first().waitFor();
      await page.keyboard.press('a');
      await page.getByRole('region', { name: 'Gold point 1' }).getByLabel('Plausible').waitFor();
    },
    expected: ['Plausible', 'Genuinely ambiguous', 'Answer sufficient'],
  },
];

describe('checkboxes beside their labels (1366×768)', () => {
  const pages = new Map<Role, Page>();
  beforeAll(async () => {
    pages.set('maintainer', await pageAs('maintainer'));
    pages.set('adjudicator', await pageAs('adjudicator'));
  });

  for (const visit of PAGES) {
    it(`${visit.path} (${visit.role}): each box is on the line of its words, left of them`, async () => {
      const page = pages.get(visit.role)!;
      await openInApp(page, app.url, visit.path);
      await visit.ready(page);
      const lines = await checkboxLines(page);
      for (const words of visit.expected) expect(lines.map((l) => l.words), `a checkbox labelled "${words}"`).toContainEqual(expect.stringContaining(words));
      expect(misplaced(lines)).toEqual([]);
    });
  }
});
