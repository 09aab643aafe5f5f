/**
 * The pilot's code editor while writing code: beside the task and the dialogue on a wide screen,
 * under the dialogue on a narrow one; its one save status follows the snapshot cadence.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { CODE_SNAPSHOT_MS, createStudyBody } from '../../shared/schemas/pilots';
import { createStudy } from '../../server/services/pilots/studies';
import { login, settled, watchErrors } from '../support/browser';
import { browserHarness } from '../support/browserHarness';
import { axeViolations } from '../support/axe';
import { buildPilotWorld, PILOT_RELEASE } from '../support/pilotWorld';

const app = browserHarness(async (db) => {
  const w = await buildPilotWorld(db);
  createStudy(db, w.mara, createStudyBody.parse({ name: 'layout', release: PILOT_RELEASE, pilots: ['pia', 'pete'] }));
});

/** Log in, open the first task, start it and choose to write the code at once. */
async function startCoding(page: Page, pilot: string): Promise<void> {
  await login(page, app.url, pilot, 'correct-horse-battery', '/pilot');
  await page.getByRole('link', { name: 'Task 1', exact: true }).click();
  await page.getByRole('button', { name: 'Ready: start the clock' }).click();
  await page.getByRole('button', { name: 'Write code', exact: true }).click();
  await page.getByRole('button', { name: 'Write code now' }).click();
  await page.getByRole('textbox', { name: 'Your code (Python)' }).waitFor();
}

const box = async (page: Page, name: string) => (await page.getByRole('region', { name }).boundingBox())!;

describe('the pilot’s code editor', () => {
  it('sits beside the dialogue at 1366 px, under it at 1000 px', async () => {
    const page = await app.browser.newPage({ viewport: { width: 1366, height: 768 } });
    await startCoding(page, 'pia');
    const [chat, code, task] = [await box(page, 'Questions'), await box(page, 'Your code'), await box(page, 'The task')];
    // Beside: to the right of the task and the dialogue, its top in the first screen with them.
    expect(code.x).toBeGreaterThanOrEqual(chat.x + chat.width);
    expect(code.x).toBeGreaterThanOrEqual(task.x + task.width);
    expect(code.y).toBeLessThan(768);
    expect(chat.y).toBeGreaterThan(task.y);
    // This server has no code sandbox: the notice gives its reason once, as one sentence.
    await expect(page.getByTestId('sandbox-off').textContent()).resolves.toBe('This server was started without a code sandbox: Run and Test are off.');
    expect(await axeViolations(page)).toEqual([]);

    await page.setViewportSize({ width: 1000, height: 768 });
    await page.waitForFunction(() => {
      const code = document.querySelector('.code-panel')!.getBoundingClientRect();
      const chat = document.querySelector('.pilot-chat')!.getBoundingClientRect();
      return code.top >= chat.bottom;
    });
    const [narrowChat, narrowCode] = [await box(page, 'Questions'), await box(page, 'Your code')];
    expect(narrowCode.y).toBeGreaterThanOrEqual(narrowChat.y + narrowChat.height);
    expect(Math.round(narrowCode.x)).toBe(Math.round(narrowChat.x));
  });

  it('has one save status on the snapshot cadence: changes since the last snapshot and when the next is, then the snapshot’s time', async () => {
    const page = await app.browser.newPage({ viewport: { width: 1366, height: 768 } });
    // The page's clock is the test's: the snapshot period passes when the test says so.
    await page.clock.install();
    await startCoding(page, 'pete');
    const errors = watchErrors(page);
    const status = page.getByTestId('save-state');
    await expect(status.textContent()).resolves.toBe('No snapshot yet · no change since');
    await page.getByRole('textbox', { name: 'Your code (Python)' }).click();
    await page.keyboard.type('print(input())');
    await page.getByText(/^No snapshot yet · changes since; next snapshot in \d+ s$/).waitFor();
    // Nothing on the page claims the code is saved as it is typed.
    const panel = (await page.getByRole('region', { name: 'Your code' }).textContent()) ?? '';
    expect(panel).not.toMatch(/saved as you type|Unsaved changes/i);
    await expect(page.locator('#code-editor-description').textContent()).resolves.toContain('A snapshot is saved every 15 seconds while you type');
    // The snapshot comes within its period (15 s) and the status then tells its time.
    await page.clock.runFor(CODE_SNAPSHOT_MS);
    await page.getByText(/^Last snapshot \d\d:\d\d:\d\d · no change since$/).waitFor();
    await expect(page.getByTestId('save-state').count()).resolves.toBe(1);
    expect(errors).toEqual([]);
  });
});

describe('the task page’s own loads', () => {
  // React's development mode (the browser tests' build) loads the task twice as the page opens.
  // The earlier load answering late, after the pilot chose to write code, put the task back as it
  // was before: the editor vanished.
  it('keeps the editor open when a load of the task from before answers after “Write code”', async () => {
    const page = await app.browser.newPage({ viewport: { width: 1366, height: 768 } });
    const errors = watchErrors(page);
    await login(page, app.url, 'pia', 'correct-horse-battery', '/pilot');
    await page.getByRole('link', { name: 'Task 2', exact: true }).click();
    await page.getByRole('button', { name: 'Ready: start the clock' }).click();
    await page.getByTestId('task-text').waitFor();
    const sessionUrl = new URL(page.url()).pathname.replace('/pilot/sessions/', '/api/pilot/sessions/');
    // The load the page started first asks for the list of tasks, then for the task. Its question
    // for the task, asked before the second load's list is answered, is answered only after the
    // pilot chose to write code. (Fixed, the first load asks no more once the second has started.)
    let releaseHeld: () => void = () => undefined;
    const heldMayAnswer = new Promise<void>((resolve) => (releaseHeld = resolve));
    let firstAsked: () => void = () => undefined;
    const firstHasAsked = new Promise<void>((resolve) => (firstAsked = resolve));
    let lists = 0;
    let firstListHandled: Promise<void> = Promise.resolve();
    let secondListSent = false;
    let held = false;
    await page.route(`${app.url}/api/pilot/tasks`, (route) => {
      if (++lists === 1) {
        firstListHandled = (async () => {
          await route.fulfill({ response: await route.fetch() });
          // time for a load that goes on to ask for the task (a few turns of the page's event loop)
          await Promise.race([firstHasAsked, new Promise((resolve) => setTimeout(resolve, 250))]);
        })();
        return firstListHandled;
      }
      return firstListHandled.then(() => {
        secondListSent = true;
        return route.continue();
      });
    });
    await page.route(`${app.url}${sessionUrl}`, async (route) => {
      if (route.request().method() !== 'GET' || secondListSent || held) return route.continue();
      held = true;
      const response = await route.fetch();
      firstAsked();
      await heldMayAnswer;
      await route.fulfill({ response });
    });
    await page.reload();
    await page.getByRole('button', { name: 'Write code', exact: true }).click();
    await page.getByRole('button', { name: 'Write code now' }).click();
    const editor = page.getByRole('textbox', { name: 'Your code (Python)' });
    await editor.waitFor();
    expect(lists).toBe(2);
    const lateAnswer = held ? page.waitForResponse((r) => r.url() === `${app.url}${sessionUrl}` && r.request().method() === 'GET') : Promise.resolve();
    releaseHeld();
    await lateAnswer;
    await settled(page);
    await expect(editor.isVisible()).resolves.toBe(true);
    await expect(page.getByRole('button', { name: 'Write code', exact: true }).count()).resolves.toBe(0);
    expect(errors).toEqual([]);
    await page.close();
  });
});
