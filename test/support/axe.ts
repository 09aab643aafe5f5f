import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';
import type { AxeResults, Result } from 'axe-core';

/** The WCAG 2.2 AA rule sets every page is checked against. */
export const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'] as const;

let source: string | null = null;
/** axe-core's own browser build, read from the installed package. */
function axeSource(): string {
  if (source === null) {
    const entry = createRequire(import.meta.url).resolve('axe-core');
    source = fs.readFileSync(path.join(path.dirname(entry), 'axe.min.js'), 'utf8');
  }
  return source;
}

/** One violation, compact enough to read in a failed assertion. */
export interface AxeViolation {
  rule: string;
  impact: string | null;
  help: string;
  nodes: { target: string; summary: string }[];
}

function compact(v: Result): AxeViolation {
  return {
    rule: v.id,
    impact: v.impact ?? null,
    help: v.help,
    nodes: v.nodes.map((n) => ({ target: n.target.map(String).join(' '), summary: (n.failureSummary ?? '').replace(/\s+/g, ' ').trim() })),
  };
}

/** Run axe-core in the page (injected once per document) with the AXE_TAGS rule sets; returns the violations. */
export async function axeViolations(page: Page): Promise<AxeViolation[]> {
  const present = await page.evaluate(() => 'axe' in window);
  // Evaluated through the debugging protocol: the app's Content-Security-Policy rightly refuses inline script tags.
  if (!present) await page.evaluate(axeSource());
  const results = await page.evaluate(
    (tags) => (window as unknown as { axe: { run: (ctx: Document, o: object) => Promise<AxeResults> } }).axe.run(document, { runOnly: { type: 'tag', values: tags }, resultTypes: ['violations'] }),
    [...AXE_TAGS],
  );
  return results.violations.map(compact);
}
