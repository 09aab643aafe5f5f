/**
 * Run and Test in the pilot's editor, by keyboard alone: a pilot in a while-coding study writes
 * code, Ctrl+Enter tests it (the failing public test opens), fixes it, tests again, runs it on
 * their own input, submits, and answers the task's questionnaire; the page is axe-clean.
 */
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { setPublicTests } from '../../db/problems';
import { createStudyBody } from '../../shared/schemas/pilots';
import { createStudy } from '../../server/services/pilots/studies';
import { axeViolations } from '../support/axe';
import { login, watchErrors } from '../support/browser';
import { browserHarness } from '../support/browserHarness';
import { buildPilotWorld, PILOT_RELEASE } from '../support/pilotWorld';
import { readySandbox } from '../support/sandbox';

const TESTS = JSON.stringify([
  { input: '3\n1 2 3\n', output: '6\n', testtype: 'stdin' },
  { input: '1\n-4\n', output: '-4\n', testtype: 'stdin' },
]);

const app = browserHarness(
  async (db) => {
    const w = await buildPilotWorld(db);
    setPublicTests(db, { publicTestCases: TESTS });
    createStudy(db, w.mara, createStudyBody.parse({ name: 'tools', release: PILOT_RELEASE, pilots: ['pia'], tests: 'while-coding' }));
  },
  { sandbox: (dbFile) => readySandbox(dbFile) },
);

let pia: Page;
let errors: string[];
beforeAll(async () => {
  pia = await app.browser.newPage({ viewport: { width: 1400, height: 1000 } });
  await login(pia, app.url, 'pia', 'correct-horse-battery');
  // Watched from here on: the login page's probe of the session is a 401 by design.
  errors = watchErrors(pia);
});

const focused = () => pia.evaluate(() => document.activeElement?.textContent ?? document.activeElement?.tagName);
const inEditor = () => pia.evaluate(() => document.querySelector('[data-testid="code-editor"]')?.shadowRoot?.activeElement?.classList.contains('cm-content') ?? false);

async function tabTo(text: string): Promise<void> {
  for (let i = 0; i < 40 && (await focused()) !== text; i++) await pia.keyboard.press('Tab');
  expect(await focused()).toBe(text);
}

describe('Run and Test in the browser', () => {
  // Several sandboxed runs of the pilot's code and an axe check in one flow: up to 50 s seen under CI's load.
  it('runs, tests, fixes and submits with the keyboard; the first failing test is open; axe finds nothing', { timeout: 120_000 }, async () => {
    await pia.goto(`${app.url}/pilot`);
    await pia.getByRole('link', { name: 'Task 1', exact: true }).click();
    await pia.getByRole('button', { name: 'Ready: start the clock' }).waitFor();
    await pia.keyboard.press('Enter');
    await pia.getByTestId('task-text').waitFor();
    await tabTo('Write code');
    await pia.keyboard.press('Enter');
    await pia.getByRole('button', { name: 'Write code now' }).waitFor();
    await pia.keyboard.press('Enter');
    await pia.getByRole('textbox', { name: 'Your code (Python)' }).waitFor();
    await pia.keyboard.press('Tab');
    await expect(inEditor()).resolves.toBe(true);

    // A bug: the sum of absolute values passes the first public test only.
    await pia.keyboard.type('input()\nprint(sum(abs(int(x)) for x in input().split()))');
    await pia.keyboard.press('Control+Enter');
    await expect(pia.getByTestId('test-summary').textContent()).resolves.toBe('1 of 2 public tests passed');
    const results = pia.getByRole('region', { name: 'Public test results' });
    await expect(results.locator('details').nth(0).getAttribute('open')).resolves.toBeNull();
    await expect(results.locator('details').nth(1).getAttribute('open')).resolves.toBe('');
    await expect(results.locator('details').nth(1).textContent()).resolves.toContain('Wrong answer on line 1');

    await expect(inEditor()).resolves.toBe(true);
    await pia.keyboard.press('Control+a');
    await pia.keyboard.type('input()\nprint(sum(int(x) for x in input().split()))');
    await pia.keyboard.press('Control+Enter');
    await pia.getByTestId('test-summary').filter({ hasText: '2 of 2 public tests passed' }).waitFor();

    // Run on the pilot's own input: Esc then Tab leaves the editor for the input box.
    await pia.keyboard.press('Escape');
    await pia.keyboard.press('Tab');
    await pia.keyboard.type('2\n10 20');
    await tabTo('Run');
    await pia.keyboard.press('Enter');
    await expect(pia.getByTestId('run-stdout').textContent()).resolves.toBe('30\n');

    expect(await axeViolations(pia)).toEqual([]);
    await tabTo('Submit code…');
    await pia.keyboard.press('Enter');
    await expect(focused()).resolves.toBe('Confirm submit');
    await pia.keyboard.press('Enter');
    await pia.getByText('This task is finished and read-only.').waitFor();
    await pia.getByRole('heading', { name: 'About this task' }).waitFor();
    expect(await axeViolations(pia)).toEqual([]);
    expect(errors).toEqual([]);
  });
});
