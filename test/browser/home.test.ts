import { describe, expect, it } from 'vitest';
import { insertComment } from '../../db/comments';
import { findProblemDetail } from '../../db/problems';
import { finishJob, insertJob } from '../../db/suggestionJobs';
import { findUser } from '../../db/users';
import { CLI_ACTOR } from '../../db/events';
import { createBatch } from '../../server/services/batches';
import { createBatchBody } from '../../shared/schemas/batches';
import { DEMO_ACCOUNTS, seedDemo } from '../../server/seed';
import { login, settled, watchErrors } from '../support/browser';
import { browserHarness } from '../support/browserHarness';
import { buildProblem, FIXTURE_SCRYPT } from '../support/builders';

const password = (name: string) => DEMO_ACCOUNTS.find((a) => a.username === name)!.password;

// The demo plus one of each thing a maintainer must attend to: an open flag, an overdue batch and
// a failed suggestion job (the demo already has cases waiting and problems without annotators).
const app = browserHarness(async (db) => {
  await seedDemo(db, { scrypt: FIXTURE_SCRYPT });
  buildProblem(db, { questionId: 'new_1' });
  const problem = findProblemDetail(db, 'demo_001')!;
  const alice = findUser(db, 'alice')!;
  insertComment(db, { problemId: problem.id, authorId: alice.id, threadUserId: null, replyTo: null, kind: 'flag', reason: 'unclear', body: 'Which index is first?', createdAt: new Date().toISOString() });
  createBatch(db, CLI_ACTOR, createBatchBody.parse({ name: 'late', due: '2020-01-06', problems: ['demo_005'] }));
  const job = insertJob(db, { agent: 'model-x', promptVersion: 'v1', startedBy: 'mara', createdAt: new Date().toISOString(), runnerPid: process.pid }, [problem.id]);
  finishJob(db, job, 'failed', new Date().toISOString(), 'The endpoint refused the key.');
});

describe('the maintainer\'s home and the navigation', () => {
  it('lists each attention item with a link that opens its filtered page', async () => {
    const page = await app.browser.newPage({ viewport: { width: 1366, height: 768 } });
    const errors = watchErrors(page);
    await login(page, app.url, 'mara', password('mara'));
    const list = page.getByRole('list', { name: 'Needs attention' });
    await list.waitFor();
    const links = await list.getByRole('link').evaluateAll((as) => as.map((a) => ({ text: a.textContent ?? '', href: a.getAttribute('href') ?? '' })));
    expect(links.map((l) => l.href)).toEqual(['/problems?flags=open', '/batches', '/adjudicate', '/assignments?assigned=open', '/suggestions']);
    expect(links[0]!.text).toBe('1 open flag');
    const lands: Record<string, string> = { '/problems?flags=open': 'Problems', '/batches': 'Batches', '/adjudicate': 'Adjudication queue', '/assignments?assigned=open': 'Assignments', '/suggestions': 'Suggestions' };
    if (process.env.CCB_SCREENSHOTS) await page.screenshot({ path: 'docs/screenshots/home.png' });
    for (const { href, text } of links) {
      await list.getByRole('link', { name: text }).click();
      await page.waitForURL(`${app.url}${href}`);
      await page.getByRole('heading', { level: 1, name: lands[href]!, exact: true }).waitFor();
      await page.goBack();
      await list.waitFor();
    }
    expect(errors.filter((e) => !e.includes('401'))).toEqual([]);
    await page.close();
  });

  it('has at most eight top-level entries, menus that work by keyboard and the current page marked', async () => {
    const page = await app.browser.newPage({ viewport: { width: 1366, height: 768 } });
    await login(page, app.url, 'mara', password('mara'));
    const nav = page.getByRole('navigation', { name: 'Main' });
    const top = await nav.evaluate((n) => [...n.children].map((c) => (c.tagName === 'A' ? c : c.querySelector('button'))?.textContent?.replace('▾', '').trim()));
    expect(top).toEqual(['Home', 'Work', 'Adjudication', 'Quality', 'Evaluation', 'Releases', 'Admin']);
    const work = nav.getByRole('button', { name: 'Work' });
    await work.focus();
    await page.keyboard.press('ArrowDown');
    await expect(work.getAttribute('aria-expanded')).resolves.toBe('true');
    const focused = () => page.evaluate(() => document.activeElement?.textContent);
    await expect.poll(focused).toBe('Problems');
    await page.keyboard.press('ArrowDown');
    await expect.poll(focused).toBe('Assignments');
    await page.keyboard.press('ArrowUp');
    await page.keyboard.press('ArrowUp');
    await expect.poll(focused).toBe('Suggestions'); // wraps round
    await page.keyboard.press('Escape');
    await expect.poll(focused).toBe('Work ▾');
    await expect(work.getAttribute('aria-expanded')).resolves.toBe('false');
    await page.keyboard.press('Enter');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    await expect.poll(focused).toBe('Assignments');
    await page.keyboard.press('Enter');
    await page.waitForURL(`${app.url}/assignments`);
    await settled(page);
    await expect(work.getAttribute('aria-current')).resolves.toBe('true');
    await expect(work.getAttribute('aria-expanded')).resolves.toBe('false');
    await work.click();
    await expect(nav.getByRole('link', { name: 'Assignments' }).getAttribute('aria-current')).resolves.toBe('page');
    await page.mouse.click(600, 500); // a click elsewhere closes the menu
    await expect(work.getAttribute('aria-expanded')).resolves.toBe('false');
    await page.close();
  });

  it('sends annotators and adjudicators from the root to their queue, with no Home entry', async () => {
    const page = await app.browser.newPage();
    await login(page, app.url, 'ada', password('ada'));
    await page.goto(`${app.url}/`);
    await page.waitForURL(`${app.url}/adjudicate`);
    const nav = page.getByRole('navigation', { name: 'Main' });
    await expect(nav.getByRole('link', { name: 'Home' }).count()).resolves.toBe(0);
    await expect(nav.evaluate((n) => n.children.length)).resolves.toBeLessThanOrEqual(8);
    await page.close();
  });
});
