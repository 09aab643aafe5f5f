import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLI_ACTOR } from '../../db/events';
import { serializeRelease, type ReleaseRecord } from '../../shared/release/format';
import type { StoredReleaseDiff } from '../../shared/release/diff';
import { importLegacyRelease } from '../../server/services/releases/legacyImport';
import { buildUser, type BuiltUser } from '../support/builders';
import { tempDb } from '../support/db';
import { loginAs, testApp } from '../support/http';

const ctx = tempDb();
const app = testApp(ctx.db);
let maintainer: BuiltUser;
let adjudicator: BuiltUser;

const task = (n: number, text: string, answer = 'Positive integers.'): ReleaseRecord => ({
  task_id: `task_${n}`,
  question_id: 'abc390_b',
  keywords: ['Terminology'],
  modified_content: text,
  qa_pairs: [{ question: 'Which integers?', answer }],
});

beforeAll(async () => {
  maintainer = await buildUser(ctx.db, { role: 'maintainer' });
  adjudicator = await buildUser(ctx.db, { role: 'adjudicator' });
  const v1 = [task(1, 'Print the answer.'), task(2, 'Print the sum.'), task(3, 'Print the product.')];
  const v2 = [task(1, 'Print the result.', 'Integers of any sign.'), task(3, 'Print the product.'), task(4, 'Print the maximum.')];
  // Releases without their problems in the app: only the release files are stored.
  importLegacyRelease(ctx.db, Buffer.from(serializeRelease(v1)), CLI_ACTOR, { name: 'v1' });
  importLegacyRelease(ctx.db, Buffer.from(serializeRelease(v2)), CLI_ACTOR, { name: 'v2' });
});
afterAll(() => ctx.cleanup());

describe('GET /api/release-diff', () => {
  it('gives a maintainer the added, removed and changed tasks between two stored releases', async () => {
    const agent = await loginAs(app, maintainer);
    const res = await agent.get('/api/release-diff?old=v1&new=v2');
    expect(res.status).toBe(200);
    const diff = res.body as StoredReleaseDiff;
    expect(diff.old).toEqual({ name: 'v1', tasks: 3 });
    expect(diff.new).toEqual({ name: 'v2', tasks: 3 });
    expect(diff.added.map((r) => r.task_id)).toEqual(['task_4']);
    expect(diff.removed.map((r) => r.task_id)).toEqual(['task_2']);
    expect(diff.unchanged).toBe(1);
    expect(diff.changed).toHaveLength(1);
    expect(diff.changed[0]!.fields).toEqual(['modified_content', 'qa_pairs[0].answer']);
    const text = diff.changed[0]!.diffs[0]!;
    expect(text.parts.filter((p) => p.op !== 'equal').map((p) => [p.op, p.value])).toEqual([
      ['removed', 'answer'],
      ['added', 'result'],
    ]);
  });

  it('is for maintainers only', async () => {
    expect((await (await loginAs(app, adjudicator)).get('/api/release-diff?old=v1&new=v2')).status).toBe(403);
  });

  it('answers 404 for a release that does not exist and 400 for a bad or missing name', async () => {
    const agent = await loginAs(app, maintainer);
    const missing = await agent.get('/api/release-diff?old=v1&new=nope');
    expect(missing.status).toBe(404);
    expect(missing.body.error).toMatchObject({ code: 'not_found', message: 'No release named "nope".' });
    const bad = await agent.get('/api/release-diff?old=v1');
    expect(bad.status).toBe(400);
    expect(bad.body.error.message).toMatch(/^query\.new: /);
  });
});
