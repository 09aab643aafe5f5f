import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createBatch } from '../../server/services/batches';
import { importSuggestionsFile } from '../../server/services/suggestions/import';
import { suggestionPolicyFor } from '../../server/services/suggestions/policy';
import { createBatchBody } from '../../shared/schemas/batches';
import { login, openFromNav, watchErrors } from '../support/browser';
import { browserHarness } from '../support/browserHarness';
import { buildProblem, buildUser, type BuiltProblem, type BuiltUser } from '../support/builders';
import { tempDir } from '../support/db';

let mara: BuiltUser;
let loose: BuiltProblem;
let batched: BuiltProblem;
const dir = tempDir('ccb-policy-browser-');

const app = browserHarness(async (db) => {
  mara = await buildUser(db, { username: 'mara', role: 'maintainer' });
  loose = buildProblem(db);
  batched = buildProblem(db);
  createBatch(db, { id: mara.id, name: 'mara' }, createBatchBody.parse({ name: 'spring', due: '2030-03-31', problems: [batched.questionId] }));
});

describe('the suggestion policy page', () => {
  it('changes the global and a batch’s policy, and warns on both pages when a policy shows suggestions that do not exist', async () => {
    const page = await app.browser.newPage();
    const errors = watchErrors(page);
    await login(page, app.url, mara.username, mara.password);
    await openFromNav(page, 'Suggestions');
    await page.getByTestId('global-policy').filter({ hasText: 'Global policy: off' }).waitFor();
    await page.getByRole('link', { name: 'Change the suggestion policy' }).click();
    await page.getByRole('heading', { name: 'Suggestion policy', level: 1 }).waitFor();
    expect(await page.getByTestId('policy-warnings').count()).toBe(0);

    await page.getByLabel('Global suggestion policy', { exact: true }).selectOption('always');
    await page.getByRole('button', { name: 'Save: Global suggestion policy' }).click();
    await page.getByRole('status').filter({ hasText: 'Saved: the global policy is always.' }).waitFor();
    const warnings = page.getByRole('list', { name: 'Suggestion policy warnings' });
    await warnings.getByText('The global suggestion policy is always, but none of the 2 problems it covers has a suggestion').waitFor();

    await page.getByLabel('Policy of batch spring', { exact: true }).selectOption('after-draft');
    await page.getByRole('button', { name: 'Save: Policy of batch spring' }).click();
    await page.getByRole('status').filter({ hasText: "Saved: batch spring's policy is after-draft." }).waitFor();
    await warnings.getByText('The suggestion policy of batch spring is after-draft, but none of the 1 problem it covers has a suggestion').waitFor();
    await expect(page.getByRole('row', { name: /spring/ }).getByRole('cell').nth(2).textContent()).resolves.toBe('after-draft');
    expect(suggestionPolicyFor(app.db, batched.questionId)).toBe('after-draft');
    if (process.env.CCB_SCREENSHOTS) {
      // the policy page with both policies saved and their warnings, for docs/suggestions.md
      fs.mkdirSync('docs/screenshots', { recursive: true });
      await page.screenshot({ path: 'docs/screenshots/suggestion-policy.png', fullPage: true });
    }
    expect(suggestionPolicyFor(app.db, loose.questionId)).toBe('always');

    // The Suggestions page says the same, with the policy in force.
    await page.getByRole('link', { name: 'Suggestions', exact: true }).first().click();
    await page.getByTestId('global-policy').filter({ hasText: 'Global policy: always' }).waitFor();
    await page.getByRole('list', { name: 'Batches with their own policy' }).getByText('Batch spring: after-draft; 0 of 1 problems have suggestions.').waitFor();
    await page.getByRole('list', { name: 'Suggestion policy warnings' }).getByText(/global suggestion policy is always/).waitFor();
    expect(errors.filter((e) => !/\b401\b/.test(e))).toEqual([]);
    await page.close();
  });

  it('lists the imported suggestions: when, by whom, the file, how many, per agent and source; a warning goes once suggestions exist', async () => {
    const at = loose.baseText.indexOf('of positive integers');
    const file = path.join(dir, 'model-a.jsonl');
    fs.writeFileSync(
      file,
      JSON.stringify({ question_id: loose.questionId, agent: 'model-a', points: [{ deletions: [[at, at + 20]], question: 'Which values?', answer: 'Positive integers.', type: 'Collection Semantics' }] }) + '\n',
    );
    await importSuggestionsFile(app.db, { id: mara.id, name: 'mara' }, file, 'model-a.jsonl');
    const page = await app.browser.newPage();
    await login(page, app.url, mara.username, mara.password);
    await openFromNav(page, 'Suggestions');
    const imports = page.getByRole('table', { name: 'Suggestion imports' });
    const row = imports.getByRole('row', { name: /model-a\.jsonl/ });
    await row.waitFor();
    await expect(row.getByRole('cell').allTextContents()).resolves.toEqual([expect.stringMatching(/^\d{4}-\d\d-\d\d \d\d:\d\d$/), 'mara', 'model-a.jsonl', '1', '1', '0', 'model-a']);
    const source = page.getByRole('table', { name: 'Stored suggestions by agent and source' }).getByRole('row', { name: /model-a/ });
    await expect(source.getByRole('cell').allTextContents()).resolves.toEqual(['model-a', 'imported', '1', '1', expect.stringMatching(/^\d{4}-/)]);
    // The global policy now covers a problem with a suggestion: its warning is gone, the batch's stays.
    await page.getByTestId('global-policy').filter({ hasText: '1 of 1 problems have suggestions' }).waitFor();
    const warnings = page.getByRole('list', { name: 'Suggestion policy warnings' });
    await expect(warnings.getByRole('listitem').allTextContents()).resolves.toEqual([expect.stringMatching(/^The suggestion policy of batch spring/)]);
    await page.close();
  });
});
