import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLI_ACTOR } from '../../db/events';
import type { TaskScoreListPage } from '../../shared/runs/taskTable';
import { tempDb, tempDir } from '../support/db';
import { loginAs, testApp, type Agent } from '../support/http';
import { runLine, storeRun } from '../support/runFixture';
import { buildWorld, RUN_MODEL } from '../support/world';

const ctx = tempDb();
const app = testApp(ctx.db);
const dir = tempDir('ccb-task-list-');
let ada: Agent;

const A = 'What is a frob?';
const B = 'In which unit is the time?';
const C = 'Which way round?';

/** Problem p1: two single-point tasks and their pair; problem p2: one task. Ids out of natural order on purpose. */
const TASKS = [
  { task_id: 'task_9', question_id: 'p1', keywords: ['Terminology'], qa: [A] },
  { task_id: 'task_10', question_id: 'p1', keywords: ['Units'], qa: [B] },
  { task_id: 'task_11', question_id: 'p1', keywords: ['Terminology', 'Units'], qa: [A, B] },
  { task_id: 'task_2', question_id: 'p2', keywords: ['Behavior'], qa: [C] },
];

beforeAll(async () => {
  const w = await buildWorld(ctx.db);
  ada = await loginAs(app, w.users.adjudicator);
  const releaseFile = path.join(dir, 'release.jsonl');
  fs.writeFileSync(
    releaseFile,
    TASKS.map((t) => JSON.stringify({ task_id: t.task_id, question_id: t.question_id, keywords: t.keywords, modified_content: `text of ${t.task_id}`, qa_pairs: t.qa.map((q) => ({ question: q, answer: 'a' })) })).join('\n') + '\n',
  );
  // alpha hits task_9 and the second key question of task_11; beta asks nothing useful.
  await storeRun(ctx.db, CLI_ACTOR, 'alpha', { releaseFile }, [
    runLine('task_9', 'p1', 1, [A], [1]),
    runLine('task_10', 'p1', 1, ['Anything else?'], [0]),
    runLine('task_11', 'p1', 2, [B], [1]),
    runLine('task_2', 'p2', 1),
  ]);
  await storeRun(ctx.db, CLI_ACTOR, 'beta', { releaseFile }, TASKS.map((t) => runLine(t.task_id, t.question_id, t.qa.length)));
});
afterAll(() => {
  ctx.cleanup();
  fs.rmSync(dir, { recursive: true, force: true });
});

async function list(query: string): Promise<TaskScoreListPage> {
  const res = await ada.get(`/api/runs/task-scores?${query}`);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body as TaskScoreListPage;
}
const ids = (page: TaskScoreListPage) => page.items.map((r) => `${r.model}/${r.task_id}`);

describe('GET /api/runs/task-scores: every run’s tasks in one table', () => {
  it('lists runs by model name, each in file order, 25 rows a page by default, with the K, types and hits of each task', async () => {
    const page = await list('');
    expect(page).toMatchObject({ total: 9, limit: 25, offset: 0 });
    expect(ids(page)).toEqual(['alpha/task_9', 'alpha/task_10', 'alpha/task_11', 'alpha/task_2', 'beta/task_9', 'beta/task_10', 'beta/task_11', 'beta/task_2', `${RUN_MODEL}/task_1`]);
    expect(page.items[2]).toMatchObject({ model: 'alpha', task_id: 'task_11', k: 2, types: ['Terminology', 'Units'], key_questions: 2, hits: 1 });
    expect(page.items[0]).toMatchObject({ tkqr: 1, turns: 1 });
  });

  it('filters by model, K, type and hit/miss, and they combine', async () => {
    expect(ids(await list('model=beta'))).toEqual(['beta/task_9', 'beta/task_10', 'beta/task_11', 'beta/task_2']);
    expect(ids(await list('k=2'))).toEqual(['alpha/task_11', 'beta/task_11']);
    expect(ids(await list('type=Units'))).toEqual(['alpha/task_10', 'alpha/task_11', 'beta/task_10', 'beta/task_11']);
    expect(ids(await list('hit=hit&model=alpha'))).toEqual(['alpha/task_9', 'alpha/task_11']);
    expect((await list('hit=miss')).total).toBe(6);
    expect(ids(await list('model=alpha&type=Terminology&hit=miss'))).toEqual([]);
  });

  it('sorts by a column either way, ties in stored order; task ids in natural order', async () => {
    expect(ids(await list('model=alpha&sort=task'))).toEqual(['alpha/task_2', 'alpha/task_9', 'alpha/task_10', 'alpha/task_11']);
    expect(ids(await list('sort=tkqr&dir=desc&limit=2'))).toEqual(['alpha/task_9', `${RUN_MODEL}/task_1`]);
    expect(ids(await list('sort=hits&dir=desc&limit=3'))).toEqual(['alpha/task_9', 'alpha/task_11', `${RUN_MODEL}/task_1`]);
  });

  it('pages: the total counts every match, the page holds limit rows from offset', async () => {
    const page = await list('limit=3&offset=3');
    expect(page).toMatchObject({ total: 9, limit: 3, offset: 3 });
    expect(ids(page)).toEqual(['alpha/task_2', 'beta/task_9', 'beta/task_10']);
    expect((await list('offset=100')).items).toEqual([]);
  });

  it('refuses a bad query with the field named', async () => {
    for (const [query, message] of [
      ['k=0', /^query.k: must be ≥ 1/],
      ['type=Frobs', /^query.type: must be one of the 11 types or unattributed/],
      ['hit=maybe', /^query.hit: must be hit or miss/],
      ['sort=colour', /^query.sort: must be one of model, task/],
      ['limit=500', /^query.limit: must be ≤ 200/],
    ] as const) {
      const res = await ada.get(`/api/runs/task-scores?${query}`);
      expect(res.status, query).toBe(400);
      expect(res.body.error.message, query).toMatch(message);
    }
  });
});
