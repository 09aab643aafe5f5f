import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { get } from '../../db/database';
import { CLI_ACTOR } from '../../db/events';
import type { CaseView } from '../../shared/adjudicationView';
import { importLegacyRelease } from '../../server/services/releases/legacyImport';
import { buildUser } from '../support/builders';
import { tempDb } from '../support/db';
import { loginAs, testApp } from '../support/http';
import { buildLegacyFixture, edit } from '../support/legacyFixture';
import { lastEventOf } from '../support/state';

const ctx = tempDb();
const app = testApp(ctx.db);
let adj: Awaited<ReturnType<typeof loginAs>>;
let base: string;

beforeAll(async () => {
  const fixture = buildLegacyFixture(ctx.db);
  base = fixture.problems.a.baseText;
  importLegacyRelease(ctx.db, Buffer.from(fixture.jsonl, 'utf8'), CLI_ACTOR, { name: 'legacy-v1' });
  adj = await loginAs(app, await buildUser(ctx.db, { role: 'adjudicator' }));
  const maint = await loginAs(app, await buildUser(ctx.db, { role: 'maintainer' }));
  expect((await maint.post('/api/adjudications/leg100_a/reopen').send({ reason: 'continue curating' })).status).toBe(200);
});
afterAll(() => ctx.cleanup());

const goldVersion = async () => ((await adj.get('/api/adjudications/leg100_a')).body as CaseView).gold.version;

const storedRow = (subset: string) =>
  get<{ text: string | null; questions: string | null; answers: string | null; keywords: string | null; qa_order: string | null; kind: string; repairs: string }>(
    ctx.db,
    `SELECT text, questions, answers, keywords, qa_order, kind, repairs FROM task_overrides WHERE subset = ? AND problem_id = (SELECT id FROM problems WHERE question_id = 'leg100_a')`,
    [subset],
  );

describe('replacing a legacy rewrite override', () => {
  it('makes a deletion-only text an edit with flagged repairs; keywords and qa order of the rewrite become NULL', async () => {
    // Task 0,2 was a rewrite ("a nice sequence") with its keywords and its qa pairs out of point order.
    expect(storedRow('0,2')).toMatchObject({ kind: 'rewrite', keywords: JSON.stringify(['Terminology', 'Collection Semantics']), qa_order: '[1,0]' });
    const text = edit(base, [' of positive integers', ''], [' geometric progression, print Yes; otherwise, print No.', ' geometric progression. Print Yes.']);
    const res = await adj.put('/api/adjudications/leg100_a/overrides/0,2').send({ version: await goldVersion(), text, questions: null });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(storedRow('0,2')).toMatchObject({ text, questions: null, answers: null, keywords: null, qa_order: null, kind: 'edit' });
    const view = res.body as CaseView;
    const override = view.gold.overrides.find((o) => o.subset === '0,2')!;
    expect(override.kind).toBe('edit');
    expect(override.repairs.map((r) => r.text)).toEqual(['.', 'P']);
    // The task now takes its answers and keywords from the gold points, in point order.
    const task = view.tasks.find((t) => t.key === '0,2')!;
    expect(task.keywords).toEqual([view.gold.points[0]!.type, view.gold.points[2]!.type]);
    expect(task.qa.map((q) => q.answer)).toEqual([view.gold.points[0]!.answer, view.gold.points[2]!.answer]);
    const event = lastEventOf(ctx.db, 'adjudication.override');
    expect(event!.before).toMatchObject({ kind: 'rewrite' });
    expect(event!.after).toMatchObject({ kind: 'edit', answers: null, keywords: null });
  });

  it('resets a rewrite to an edit when only the questions are replaced, keeping no stale answers', async () => {
    const text = storedRow('2')!.text;
    const res = await adj.put('/api/adjudications/leg100_a/overrides/2').send({ version: await goldVersion(), text: null, questions: ['Which sequences are meant?'] });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(text).not.toBeNull();
    expect(storedRow('2')).toMatchObject({ text: null, questions: JSON.stringify(['Which sequences are meant?']), answers: null, keywords: null, kind: 'edit', repairs: '[]' });
  });
});
