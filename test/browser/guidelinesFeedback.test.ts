import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { BrowserContext } from 'playwright-core';
import { createSession, SESSION_COOKIE } from '../../server/auth/sessions';
import { saveDraft } from '../../server/services/annotations';
import { saveGuidelines } from '../../server/services/guidelines';
import { TYPE_DEFINITIONS } from '../../shared/taxonomy';
import { watchErrors } from '../support/browser';
import { browserHarness } from '../support/browserHarness';
import { assign, buildProblem, buildUser } from '../support/builders';
import { hashOf } from '../support/baseText';
import { actorOf, buildFeedbackCase, pointOn, sessionOf, THEIR_SECRET, type FeedbackCase } from '../support/feedbackCase';

const HOSTILE = '<img src=x onerror="window.__pwned=1">';
let c: FeedbackCase;
const EDITING = 'abc902_a';

const app = browserHarness(async (db) => {
  c = await buildFeedbackCase(db);
  c.resolve();
  const mara = await buildUser(db, { username: 'mara', role: 'maintainer' });
  saveGuidelines(db, actorOf(mara), { version: 1, markdown: `## Our conventions\n\nDelete **whole clauses**. ${HOSTILE}` });
  const problem = buildProblem(db, { questionId: EDITING, title: 'Draft problem' });
  assign(db, problem.id, c.anna.id, 1);
  const point = pointOn(problem.baseText, 'positive integers', 'Which values may A hold?', 'Positive integers.', 'Edge Cases');
  saveDraft(db, sessionOf(c.anna), actorOf(c.anna), EDITING, { baseTextHash: hashOf(problem), version: 0, points: [point] });
});

async function annaContext(): Promise<BrowserContext> {
  const context = await app.browser.newContext({ viewport: { width: 1280, height: 900 } });
  await context.addCookies([{ name: SESSION_COOKIE, value: createSession(app.db, c.anna.id).token, url: app.url }]);
  return context;
}

const shoot = async (page: import('playwright-core').Page, name: string) => {
  if (!process.env.CCB_SCREENSHOTS) return;
  fs.mkdirSync('docs/screenshots', { recursive: true });
  await page.screenshot({ path: `docs/screenshots/${name}.png`, fullPage: false });
};

describe('guidelines from the editor, and feedback after resolution', () => {
  it('the type picker is described by its type’s definition, and ? opens the guidelines at that type in a new tab', async () => {
    const context = await annaContext();
    const editor = await context.newPage();
    const errors = watchErrors(editor);
    await editor.goto(`${app.url}/annotate/${EDITING}`);
    const picker = editor.getByRole('group', { name: 'Point 1' }).getByLabel('Ambiguity type');
    await picker.focus();
    const describedBy = (await picker.getAttribute('aria-describedby'))!;
    await expect(editor.locator(`[id="${describedBy}"]`).textContent()).resolves.toContain(TYPE_DEFINITIONS['Edge Cases']);

    const opened = context.waitForEvent('page');
    await editor.keyboard.press('Shift+Slash');
    const guide = await opened;
    await guide.getByRole('heading', { name: 'Guidelines', level: 1 }).waitFor();
    expect(new URL(guide.url()).pathname + new URL(guide.url()).hash).toBe('/guidelines#type-edge-cases');
    await expect.poll(() => guide.evaluate(() => document.activeElement?.id)).toBe('type-edge-cases');
    const section = guide.getByRole('region', { name: 'Edge Cases' });
    await expect(section.textContent()).resolves.toContain('If the string is empty, print 0.');
    // The team's Markdown is rendered as text: its HTML shows as typed, nothing runs.
    const team = guide.getByRole('region', { name: 'Team guidelines' });
    await expect(team.getByRole('heading', { name: 'Our conventions' }).count()).resolves.toBe(1);
    await expect(team.textContent()).resolves.toContain(HOSTILE);
    expect(await guide.evaluate(() => (window as unknown as { __pwned?: number }).__pwned)).toBeUndefined();
    await guide.evaluate(() => window.scrollTo(0, 0));
    await guide.locator('#type-edge-cases').scrollIntoViewIfNeeded();
    await shoot(guide, 'guidelines');

    // The editor tab is untouched: the same draft, still editable.
    await expect(editor.getByRole('group', { name: 'Point 1' }).getByLabel('Key question').inputValue()).resolves.toBe('Which values may A hold?');
    // "?" typed into a text box is text, not a shortcut.
    await editor.getByRole('group', { name: 'Point 1' }).getByLabel('Key question').press('Shift+Slash');
    expect(context.pages()).toHaveLength(2);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('after resolution the annotator opens their own submission beside the gold from My agreement, without the other annotator', async () => {
    const context = await annaContext();
    const page = await context.newPage();
    const errors = watchErrors(page);
    await page.goto(`${app.url}/my-agreement`);
    await page.getByRole('heading', { name: 'My agreement', level: 1 }).waitFor();
    await expect(page.locator('main, body').first().textContent()).resolves.toContain('deletion agreement 100%, type agreement 0%');
    await shoot(page, 'my-agreement');
    await page.getByRole('link', { name: 'Open feedback on Geometric check' }).click();
    await page.getByRole('heading', { name: 'Feedback: Geometric check', level: 1 }).waitFor();
    const pair = page.getByRole('region', { name: 'Your point 1 and gold point 1' });
    await expect(pair.textContent()).resolves.toContain('type differs');
    await expect(pair.textContent()).resolves.toContain('Terminology, not Behavior.');
    await expect(page.getByTestId('feedback-text').locator('.fb-both').textContent()).resolves.toContain('geometric progression');
    const text = (await page.textContent('body'))!;
    expect(text).toContain('the other annotator deleted the value range');
    expect(text).not.toContain('bert');
    expect(text).not.toContain(THEIR_SECRET);
    await shoot(page, 'feedback');
    expect(errors).toEqual([]);
    await context.close();
  });
});
