import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { run } from '../../db/database';
import type { QueueItem, QueueView } from '../../shared/adjudicationView';
import { buildProblem, buildUser, type BuiltProblem } from '../support/builders';
import { tempDb } from '../support/db';
import { loginAs, testApp, type Agent } from '../support/http';

const ctx = tempDb();
const app = testApp(ctx.db);
let maintainer: Agent;
let adjudicator: Agent;
let changed: BuiltProblem;
let untouched: BuiltProblem;

// Offsets into the sample base text: [60,77) "positive integers", [104,125) "geometric progression".
const POSITIVE: [number, number] = [60, 77];
const GEOMETRIC: [number, number] = [104, 125];

const line = (questionId: string, annotator: string, deletions: [number, number], type: string) =>
  JSON.stringify({ question_id: questionId, annotator, points: [{ deletions: [deletions], question: 'Which one?', answer: 'This one.', type }] });

async function upload(lines: string[]): Promise<void> {
  const res = await maintainer.post('/api/annotations/import?name=cache.jsonl').set('Content-Type', 'application/octet-stream').send(Buffer.from(lines.join('\n')));
  expect(res.status).toBe(200);
}

async function queueItem(questionId: string): Promise<QueueItem> {
  const res = await adjudicator.get('/api/adjudications?limit=10');
  expect(res.status).toBe(200);
  const item = (res.body as QueueView).items.find((i) => i.questionId === questionId);
  expect(item).toBeDefined();
  return item!;
}

beforeAll(async () => {
  maintainer = await loginAs(app, await buildUser(ctx.db, { role: 'maintainer' }));
  adjudicator = await loginAs(app, await buildUser(ctx.db, { role: 'adjudicator' }));
  changed = buildProblem(ctx.db, { questionId: 'cache1_a' });
  untouched = buildProblem(ctx.db, { questionId: 'cache2_a' });
  await upload([
    line(changed.questionId, 'ines', POSITIVE, 'Terminology'),
    line(changed.questionId, 'joel', POSITIVE, 'Terminology'),
    line(untouched.questionId, 'ines', POSITIVE, 'Terminology'),
    line(untouched.questionId, 'joel', GEOMETRIC, 'Behavior'),
  ]);
});
afterAll(() => ctx.cleanup());

describe("the adjudication queue's cached cross-checks", () => {
  it('shows the new disagreement after an annotation is resubmitted, and keeps the others', async () => {
    const before = await queueItem(changed.questionId);
    expect(before).toMatchObject({ exactAgreement: true, disagreement: 0, types: ['Terminology'] });
    const other = await queueItem(untouched.questionId);
    expect(other.exactAgreement).toBe(false);
    expect(await queueItem(changed.questionId)).toEqual(before); // served again from the cache

    // joel's work comes back changed (re-imported and submitted again): the queue must not show the cached cross-check.
    await upload([line(changed.questionId, 'joel', GEOMETRIC, 'Behavior')]);
    const after = await queueItem(changed.questionId);
    expect(after.exactAgreement).toBe(false);
    expect(after.disagreement).toBeGreaterThan(0);
    expect(after.types).toEqual(['Terminology', 'Behavior']);
    expect(await queueItem(untouched.questionId)).toEqual(other);
  });

  it('sees a change written by another process (a direct write bumping the annotation version)', async () => {
    const before = await queueItem(untouched.questionId);
    expect(before.exactAgreement).toBe(false);
    // What the CLI in another process does in one transaction: new points and a new version.
    run(
      ctx.db,
      `UPDATE annotation_points SET deletions = '[[60,77]]', type = 'Terminology'
        WHERE annotation_id = (SELECT a.id FROM annotations a JOIN users u ON u.id = a.user_id JOIN problems p ON p.id = a.problem_id WHERE u.username = 'joel' AND p.question_id = ?)`,
      [untouched.questionId],
    );
    run(ctx.db, `UPDATE annotations SET version = version + 1 WHERE user_id = (SELECT id FROM users WHERE username = 'joel') AND problem_id = ?`, [untouched.id]);
    expect(await queueItem(untouched.questionId)).toMatchObject({ exactAgreement: true, disagreement: 0, types: ['Terminology'] });
  });
});
