import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLI_ACTOR } from '../../db/events';
import type { CaseView, QueueView } from '../../shared/adjudicationView';
import type { GoldPoint } from '../../shared/schemas/adjudication';
import { importLegacyRelease } from '../../server/services/releases/legacyImport';
import { buildAnnotation, spanOf } from '../support/annotationBuilders';
import { assign, buildProblem, buildUser, type BuiltProblem } from '../support/builders';
import { tempDb } from '../support/db';
import { loginAs, testApp, type Agent } from '../support/http';
import { buildLegacyFixture, type LegacyFixture } from '../support/legacyFixture';

const ctx = tempDb();
const app = testApp(ctx.db);
let fixture: LegacyFixture;
let fresh: BuiltProblem;
let ready: BuiltProblem;
let adj: Agent;
let maint: Agent;
let annotator: Agent;

beforeAll(async () => {
  fixture = buildLegacyFixture(ctx.db);
  importLegacyRelease(ctx.db, Buffer.from(fixture.jsonl, 'utf8'), CLI_ACTOR, { name: 'legacy-v1' });
  fresh = buildProblem(ctx.db, { questionId: 'new100_a', title: 'Not adjudicated' });
  ready = buildProblem(ctx.db, { questionId: 'new100_b', title: 'Annotated twice' });
  const [ann1, ann2] = [await buildUser(ctx.db, { role: 'annotator' }), await buildUser(ctx.db, { role: 'annotator' })];
  assign(ctx.db, ready.id, ann1.id, 1);
  assign(ctx.db, ready.id, ann2.id, 2);
  buildAnnotation(ctx.db, ready.id, ann1.id, [{ deletions: [spanOf(ready.baseText, 'geometric ')] }]);
  buildAnnotation(ctx.db, ready.id, ann2.id, [{ deletions: [spanOf(ready.baseText, ' of positive integers')] }]);
  adj = await loginAs(app, await buildUser(ctx.db, { role: 'adjudicator' }));
  maint = await loginAs(app, await buildUser(ctx.db, { role: 'maintainer' }));
  annotator = await loginAs(app, ann1);
});
afterAll(() => ctx.cleanup());

const url = (questionId: string, suffix = '') => `/api/adjudications/${questionId}${suffix}`;
const recordsOf = (questionId: string) => fixture.records.filter((r) => r.question_id === questionId);
const content = (p: GoldPoint) => ({ deletions: p.deletions, repairs: p.repairs, question: p.question, answer: p.answer, type: p.type });

async function getCase(questionId: string): Promise<CaseView> {
  const res = await adj.get(url(questionId));
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body as CaseView;
}

describe('the cross-check of a legacy problem', () => {
  it('shows the recovered gold points (provenance legacy), the overrides and the task preview, with no annotations', async () => {
    const view = await getCase('leg100_a');
    expect(view.annotations).toEqual({ A: null, B: null });
    expect(view.alignment).toBeNull();
    expect(view.crossCheck).toBeNull();
    expect(view.gold).toMatchObject({ status: 'resolved', source: 'legacy', version: 1 });
    const singles = recordsOf('leg100_a').filter((r) => r.qa_pairs.length === 1);
    expect(view.gold.points.map((p) => [p.provenance, p.question, p.type])).toEqual(singles.map((r) => ['legacy', r.qa_pairs[0]!.question, r.keywords[0]]));
    // ", print Yes; otherwise, print No." → ". Print Yes.": the reconstructed repairs are kept on the point.
    expect(view.gold.points[1]!.repairs.map((r) => view.baseText.slice(r.start, r.end) + '→' + r.text)).toEqual([',→.', 'p→P']);
    // Point 3 is a rewrite, so is every task holding it; task 1 + 2 lists its keywords out of point order.
    expect(view.gold.overrides.map((o) => `${o.subset}:${o.kind}`)).toEqual(['0,1:edit', '0,1,2:rewrite', '0,2:rewrite', '2:rewrite']);
    expect(view.gold.excluded).toEqual(['1,2']);
    // Every kept task of the release, as the preview generates it.
    const keyOf: Record<string, string> = { task_10: '0', task_11: '1', task_12: '2', task_13: '0,1', task_14: '0,2', task_15: '0,1,2' };
    for (const record of recordsOf('leg100_a')) {
      const task = view.tasks.find((t) => t.key === keyOf[record.task_id])!;
      expect(task.text, record.task_id).toBe(record.modified_content);
      expect(task.qa.map((q) => q.question), record.task_id).toEqual(record.qa_pairs.map((q) => q.question));
    }
    // Its repairs sit away from its deletion, which breaks an editor rule: inherited, shown, not blocking.
    expect(view.gold.inheritedIssues.map((f) => f.path)).toEqual(['points[1].repairs[0]', 'points[1].repairs[1]']);
    expect(view.gold.resolveIssues.map((f) => f.path)).toEqual([0, 1, 2].flatMap((i) => Array<string>(3).fill(`points[${i}].checklist`)));
  });

  it('keeps 404 for unknown problems and 409 for a problem with neither an adjudication nor two submitted annotations', async () => {
    expect((await adj.get(url('nope_z'))).status).toBe(404);
    const early = await adj.get(url(fresh.questionId));
    expect(early.status).toBe(409);
    expect(early.body.error.message).toContain('both annotators must submit');
  });

  it('gives annotators 403', async () => {
    expect((await annotator.get(url('leg100_a'))).status).toBe(403);
    expect((await annotator.put(url('leg100_a')).send({ version: 1, points: [] })).status).toBe(403);
    expect((await annotator.post(url('leg100_a', '/reopen')).send({})).status).toBe(403);
    expect((await annotator.get('/api/adjudications?status=resolved')).status).toBe(403);
  });
});

describe('the queue', () => {
  it('lists legacy problems as resolved with a source marker, after the ready problems, only when imported gold is asked for', async () => {
    const waiting = (await adj.get('/api/adjudications')).body as QueueView;
    expect(waiting.items.map((i) => i.questionId)).toEqual([ready.questionId]);
    expect(waiting.legacy).toBe(2);
    const queue = (await adj.get('/api/adjudications?imported=shown')).body as QueueView;
    expect(queue.items.map((i) => [i.questionId, i.source])).toEqual([
      [ready.questionId, 'adjudication'],
      ['leg100_a', 'legacy'],
      ['leg100_b', 'legacy'],
    ]);
    expect(queue.items[1]).toMatchObject({ status: 'resolved', disagreement: null, pointsA: null, pair: null, types: ['Terminology', 'Output Format', 'Collection Semantics'] });
    expect(queue.progress).toEqual({ ready: 1, todo: 1, draft: 0, resolved: 0, waiting: 0 });
    expect(queue.legacy).toBe(2);
    const resolved = (await adj.get('/api/adjudications?status=resolved')).body as QueueView;
    expect(resolved.items.map((i) => i.questionId)).toEqual(['leg100_a', 'leg100_b']);
    const todo = (await adj.get('/api/adjudications?status=todo')).body as QueueView;
    expect(todo.items.map((i) => i.questionId)).toEqual([ready.questionId]);
    const byType = (await adj.get('/api/adjudications?type=Edge%20Cases&imported=shown')).body as QueueView;
    expect(byType.items.map((i) => i.questionId)).toEqual(['leg100_b']);
  });
});

describe('editing a legacy problem after a maintainer reopens it', () => {
  it('is read-only until reopened; saving the gold unchanged passes and keeps provenance legacy and the overrides', async () => {
    const view = await getCase('leg100_a');
    expect((await adj.put(url('leg100_a')).send({ version: 1, points: view.gold.points, notes: view.gold.notes })).status).toBe(409);
    const reopened = await maint.post(url('leg100_a', '/reopen')).send({ reason: 'continue curating' });
    expect(reopened.status, JSON.stringify(reopened.body)).toBe(200);
    const draft = reopened.body as CaseView;
    expect(draft.gold).toMatchObject({ status: 'draft', source: 'legacy', version: 2 });
    // Labels from the client are not trusted: provenance is derived from the content.
    const sent = draft.gold.points.map((p) => ({ ...p, provenance: 'new', checklist: { plausible: true, ambiguous: true, sufficient: true } }));
    const saved = await adj.put(url('leg100_a')).send({ version: 2, points: sent, notes: draft.gold.notes });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const after = saved.body as CaseView;
    expect(after.gold.points.map((p) => p.provenance)).toEqual(['legacy', 'legacy', 'legacy']);
    expect(after.gold.points.map(content)).toEqual(view.gold.points.map(content));
    expect(after.gold.overrides.map((o) => o.subset)).toEqual(view.gold.overrides.map((o) => o.subset));
    expect(after.tasks.map((t) => t.text)).toEqual(view.tasks.map((t) => t.text));
    expect(after.gold.resolveIssues).toEqual([]);
    const resolved = await adj.post(url('leg100_a', '/resolve')).send({ version: after.gold.version });
    expect(resolved.status, JSON.stringify(resolved.body)).toBe(200);
    expect((resolved.body as CaseView).gold).toMatchObject({ status: 'resolved', source: 'legacy' });
  });

  it('makes a changed point new (dropping the overrides of its tasks) while the unchanged ones stay legacy', async () => {
    const draft = (await maint.post(url('leg100_a', '/reopen')).send({ reason: 'continue curating' })).body as CaseView;
    const points = draft.gold.points.map((p, i) => (i === 0 ? { ...p, question: 'Which values may the elements of A take?' } : p));
    const res = await adj.put(url('leg100_a')).send({ version: draft.gold.version, points, notes: '' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const view = res.body as CaseView;
    expect(view.gold.points.map((p) => p.provenance)).toEqual(['new', 'legacy', 'legacy']);
    expect(view.gold.overrides.map((o) => o.subset)).not.toContain('0,2');
    expect(view.gold.resolveIssues.map((f) => f.message)).toContain('a note is required when overriding both annotators (it is a new point)');
  });

  it('holds a changed point to the editor rules its legacy version was exempt from', async () => {
    const draft = (await maint.post(url('leg100_b', '/reopen')).send({ reason: 'continue curating' })).body as CaseView;
    expect(draft.gold.inheritedIssues.map((f) => f.path)).toEqual(['points[1].deletions[0]']);
    const unchanged = await adj.put(url('leg100_b')).send({ version: draft.gold.version, points: draft.gold.points, notes: '' });
    expect(unchanged.status, JSON.stringify(unchanged.body)).toBe(200);
    const version = (unchanged.body as CaseView).gold.version;
    const points = draft.gold.points.map((p, i) => (i === 1 ? { ...p, question: 'Are the values whole numbers?' } : p));
    const changed = await adj.put(url('leg100_b')).send({ version, points, notes: '' });
    expect(changed.status).toBe(400);
    expect(changed.body.error.message).toContain('points[1].deletions[0]');
  });
});
