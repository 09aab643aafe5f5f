import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allRoutes } from '../../server/routes';
import type { CaseView, QueueView } from '../../shared/adjudicationView';
import { assign, buildProblem, buildUser, type BuiltProblem, type BuiltUser } from '../support/builders';
import { buildAnnotation, spanOf } from '../support/annotationBuilders';
import { tempDb } from '../support/db';
import { loginAs, testApp, type Agent } from '../support/http';
import { eventsOf } from '../support/state';

const ctx = tempDb();
const app = testApp(ctx.db);
let maintainer: BuiltUser;
let adjudicator: BuiltUser;
let ann1: BuiltUser;
let ann2: BuiltUser;
let disputed: BuiltProblem;
let agreed: BuiltProblem;
let waiting: BuiltProblem;
let adj: Agent;
let maint: Agent;

beforeAll(async () => {
  maintainer = await buildUser(ctx.db, { role: 'maintainer' });
  adjudicator = await buildUser(ctx.db, { role: 'adjudicator' });
  ann1 = await buildUser(ctx.db, { role: 'annotator' });
  ann2 = await buildUser(ctx.db, { role: 'annotator' });
  disputed = buildProblem(ctx.db, { title: 'Disputed' });
  agreed = buildProblem(ctx.db, { title: 'Agreed' });
  waiting = buildProblem(ctx.db, { title: 'Waiting' });
  for (const p of [disputed, agreed, waiting]) {
    assign(ctx.db, p.id, ann1.id, 1);
    assign(ctx.db, p.id, ann2.id, 2);
  }
  const t = disputed.baseText;
  buildAnnotation(ctx.db, disputed.id, ann1.id, [
    { deletions: [spanOf(t, ' of positive integers')], question: 'What are the elements of A?', answer: 'Positive integers.', type: 'Collection Semantics' },
    { deletions: [spanOf(t, 'geometric ')], question: 'Which kind of progression?', answer: 'Geometric.', type: 'Terminology' },
  ]);
  buildAnnotation(ctx.db, disputed.id, ann2.id, [
    { deletions: [spanOf(t, 'positive integers')], question: 'What values can the elements take?', answer: 'Positive integers.', type: 'Numerical Precision' },
    { deletions: [spanOf(t, '- 2 \\leq N \\leq 100\n')], question: 'How long is A?', answer: 'Between 2 and 100.', type: 'Edge Cases' },
  ]);
  const same = [{ deletions: [spanOf(agreed.baseText, 'geometric ')], question: 'Which progression?', answer: 'Geometric.', type: 'Terminology' as const }];
  buildAnnotation(ctx.db, agreed.id, ann1.id, same);
  buildAnnotation(ctx.db, agreed.id, ann2.id, same.map((p) => ({ ...p, question: ' Which   progression? ' })));
  buildAnnotation(ctx.db, waiting.id, ann1.id, same);
  buildAnnotation(ctx.db, waiting.id, ann2.id, same, 'draft');
  adj = await loginAs(app, adjudicator);
  maint = await loginAs(app, maintainer);
});
afterAll(() => ctx.cleanup());

const url = (p: BuiltProblem, suffix = '') => `/api/adjudications/${p.questionId}${suffix}`;

describe('access', () => {
  it('gives annotators 403 on every adjudication route', async () => {
    const agent = await loginAs(app, ann1);
    const routes = allRoutes.filter((r) => r.path.startsWith('/api/adjudications') || r.path === '/api/settings/reveal-names');
    expect(routes.length).toBeGreaterThanOrEqual(10);
    for (const r of routes) {
      const path = r.path.replace(':questionId', disputed.questionId).replace(':subset', '0');
      const res = await agent[r.method](path).send({ version: 0, points: [], text: 'x', revealNames: true });
      expect(res.status, `${r.method} ${r.path}`).toBe(403);
      expect(res.body.error.code).toBe('forbidden');
    }
  });

  it('answers 401 without a session, 404 for an unknown problem and 409 before both submit', async () => {
    expect((await (await import('supertest')).default(app).get(url(disputed))).status).toBe(401);
    expect((await adj.get('/api/adjudications/nope_z')).status).toBe(404);
    const early = await adj.get(url(waiting));
    expect(early.status).toBe(409);
    expect(early.body.error.message).toContain('both annotators must submit');
  });
});

describe('queue', () => {
  it('lists problems with two submitted annotations, most disagreeing first, with progress', async () => {
    const res = await adj.get('/api/adjudications');
    expect(res.status).toBe(200);
    const queue = res.body as QueueView;
    expect(queue.items.map((i) => i.questionId)).toEqual([disputed.questionId, agreed.questionId]);
    expect(queue.items[0]!.disagreement).toBeGreaterThan(0);
    expect(queue.items[1]).toMatchObject({ disagreement: 0, exactAgreement: true, status: 'todo' });
    expect(queue.progress).toEqual({ ready: 2, todo: 2, draft: 0, resolved: 0, waiting: 1 });
    expect(queue.items[0]!.pair!.label).toBe('Pair 1');
    expect(JSON.stringify(queue)).not.toContain(ann1.username);
  });

  it('filters by type, pair and status', async () => {
    const byType = (await adj.get('/api/adjudications?type=Edge%20Cases')).body as QueueView;
    expect(byType.items.map((i) => i.questionId)).toEqual([disputed.questionId]);
    const pair = encodeURIComponent(((await adj.get('/api/adjudications')).body as QueueView).pairs[0]!.key); // this session's opaque key
    expect(((await adj.get(`/api/adjudications?pair=${pair}`)).body as QueueView).items).toHaveLength(2);
    expect(((await adj.get('/api/adjudications?pair=998-999')).body as QueueView).items).toHaveLength(0);
    expect(((await adj.get('/api/adjudications?status=resolved')).body as QueueView).items).toHaveLength(0);
    const bad = await adj.get('/api/adjudications?type=Colour');
    expect(bad.status).toBe(400);
    expect(bad.body.error.message).toMatch(/^query\.type: /);
  });
});

describe('the cross-check of a problem', () => {
  it('shows both annotations as A and B, the alignment and an empty gold draft', async () => {
    const res = await adj.get(url(disputed));
    expect(res.status).toBe(200);
    const view = res.body as CaseView;
    expect(view.annotations.A).toMatchObject({ label: 'Annotator A', name: null, status: 'submitted' });
    expect(view.annotations.B!.label).toBe('Annotator B');
    expect(view.alignment!.pairs).toEqual([{ a: 0, b: 0, iou: 17 / 21 }]);
    expect(view.alignment!.unmatchedA).toEqual([1]);
    expect(view.alignment!.unmatchedB).toEqual([1]);
    expect(new Set(view.crossCheck!.marks.map((m) => m.kind))).toEqual(new Set(['kept', 'both', 'onlyA', 'onlyB']));
    expect(view.gold).toMatchObject({ status: 'todo', version: 0, points: [], overrides: [] });
    expect(view.tasks).toEqual([]);
  });
});

describe('saving and resolving the gold version', () => {
  const checklist = { plausible: true, ambiguous: true, sufficient: true };
  let points: Record<string, unknown>[];

  it('saves a draft, deriving provenance from the content, and rejects a stale version with 409', async () => {
    const view = (await adj.get(url(disputed))).body as CaseView;
    const [a0, a1] = view.annotations.A!.points;
    const [b0] = view.annotations.B!.points;
    points = [
      { ...a0, question: b0!.question, provenance: 'A', sources: { from: { a: 0, b: 0 } }, checklist: { plausible: true } },
      { ...a1, provenance: 'A', sources: { from: { a: 1, b: null } } },
    ];
    const res = await adj.put(url(disputed)).send({ version: 0, points, notes: 'Took A’s span with B’s question.' });
    expect(res.status).toBe(200);
    const saved = res.body as CaseView;
    expect(saved.gold.version).toBe(1);
    expect(saved.gold.status).toBe('draft');
    expect(saved.gold.points[0]).toMatchObject({ provenance: 'merged', sources: { span: 'A', question: 'B', answer: 'both', type: 'A' } });
    expect(saved.gold.points[1]!.provenance).toBe('A');
    expect(saved.tasks.map((t) => t.key)).toEqual(['0', '1', '0,1']);
    const stale = await adj.put(url(disputed)).send({ version: 0, points, notes: '' });
    expect(stale.status).toBe(409);
    expect(stale.body.error.code).toBe('stale_version');
    expect(stale.body.error.message).toContain('now version 1, you sent 0');
  });

  it('rejects a gold draft whose deletions overlap, naming the field', async () => {
    const overlapping = [points[0], { ...points[0], sources: { from: { a: null, b: null } } }];
    const res = await adj.put(url(disputed)).send({ version: 1, points: overlapping, notes: '' });
    expect(res.status).toBe(400);
    expect(res.body.error.message).toContain('points[1].deletions[0]: overlaps points[0].deletions[0]');
  });

  it('refuses to resolve with an incomplete checklist and says what is missing', async () => {
    const res = await adj.post(url(disputed, '/resolve')).send({ version: 1 });
    expect(res.status).toBe(400);
    expect(res.body.error.message).toContain('points[0].checklist: genuinely ambiguous not checked');
    expect(res.body.error.message).toContain('points[0].checklist: answer sufficient not checked');
    expect(res.body.error.message).toContain('points[1].checklist: plausible not checked');
    expect(res.body.error.details.issues.length).toBe(5);
  });

  it('requires a note on a point that overrides both annotators', async () => {
    const edited = [{ ...points[0], answer: 'Integers of at least 1.', checklist }, { ...points[1], checklist }];
    const saved = await adj.put(url(disputed)).send({ version: 1, points: edited, notes: '' });
    expect(saved.status).toBe(200);
    const res = await adj.post(url(disputed, '/resolve')).send({ version: 2 });
    expect(res.status).toBe(400);
    expect(res.body.error.message).toBe('points[0].note: a note is required when overriding both annotators (answer edited)');
  });

  it('resolves a complete gold version; it is then read-only', async () => {
    const complete = [{ ...points[0], checklist }, { ...points[1], checklist }];
    expect((await adj.put(url(disputed)).send({ version: 2, points: complete, notes: 'ok' })).status).toBe(200);
    const res = await adj.post(url(disputed, '/resolve')).send({ version: 3 });
    expect(res.status).toBe(200);
    expect((res.body as CaseView).gold).toMatchObject({ status: 'resolved', version: 4, resolvedBy: adjudicator.username, resolveIssues: [] });
    const edit = await adj.put(url(disputed)).send({ version: 4, points: complete, notes: 'later' });
    expect(edit.status).toBe(409);
    expect(edit.body.error.message).toContain('read-only');
    const rows = eventsOf(ctx.db).filter((e) => e.entityType === 'adjudication' && e.entityId === disputed.questionId).map((e) => ({ action: e.action, actor: e.actor }));
    expect(rows.map((r) => r.action)).toEqual(['adjudication.save', 'adjudication.save', 'adjudication.save', 'adjudication.resolve']);
    expect(rows.every((r) => r.actor === adjudicator.username)).toBe(true);
  });

  it('lets only a maintainer reopen, and logs who reopened what', async () => {
    const denied = await adj.post(url(disputed, '/reopen')).send({});
    expect(denied.status).toBe(403);
    const res = await maint.post(url(disputed, '/reopen')).send({ reason: 'Answer of point 1 is too vague.' });
    expect(res.status).toBe(200);
    expect((res.body as CaseView).gold).toMatchObject({ status: 'draft', version: 5, resolvedBy: null });
    const [event] = eventsOf(ctx.db, 'adjudication.reopen').filter((e) => e.entityId === disputed.questionId);
    expect(event!.actor).toBe(maintainer.username);
    expect(event!.before).toMatchObject({ status: 'resolved', version: 4, resolvedBy: adjudicator.username });
    expect(event!.after).toEqual({ status: 'draft', version: 5 });
    expect(event!.details).toEqual({ reason: 'Answer of point 1 is too vague.' });
    expect((await maint.post(url(disputed, '/reopen')).send({ reason: 'again' })).status).toBe(409);
  });

  it('refuses a reopen without a reason, naming the field', async () => {
    for (const body of [{}, { reason: '' }, { reason: '   ' }]) {
      const res = await maint.post(url(disputed, '/reopen')).send(body);
      expect(res.status).toBe(400);
      expect((res.body as { error: { message: string } }).error.message).toMatch(/^reason: /);
    }
  });
});

describe('per-task overrides', () => {
  it('stores a deletion-only text with its tiny repairs flagged, and shows it in the task preview', async () => {
    const view = (await adj.get(url(disputed))).body as CaseView;
    const task = view.tasks.find((t) => t.key === '0,1')!;
    const text = task.text.replace('Determine whether A is a progression.', 'Determine whether A is a progression;');
    expect(text).not.toBe(task.text);
    const res = await adj.put(url(disputed, '/overrides/0,1')).send({ version: view.gold.version, text });
    expect(res.status).toBe(200);
    const after = res.body as CaseView;
    expect(after.gold.version).toBe(6);
    expect(after.gold.overrides).toHaveLength(1);
    expect(after.gold.overrides[0]).toMatchObject({ subset: '0,1', text, questions: null, createdBy: adjudicator.username });
    expect(after.gold.overrides[0]!.repairs).toEqual([{ start: expect.any(Number), end: expect.any(Number), text: ';' }]);
    expect(after.tasks.find((t) => t.key === '0,1')).toMatchObject({ text, override: { subset: '0,1' } });
  });

  it('rejects an inserted word with its span, and a wrong number of questions', async () => {
    const view = (await adj.get(url(disputed))).body as CaseView;
    const res = await adj.put(url(disputed, '/overrides/0')).send({ version: view.gold.version, text: view.baseText.replace('positive integers', 'positive even integers') });
    expect(res.status).toBe(400);
    expect(res.body.error.message).toMatch(/^text: inserting "even " at offset \d+ is not deletion-only/);
    expect(res.body.error.details.issues[0].span).toHaveLength(2);
    const q = await adj.put(url(disputed, '/overrides/0,1')).send({ version: view.gold.version, questions: ['Only one?'] });
    expect(q.status).toBe(400);
    expect(q.body.error.message).toContain('questions: give one question per point of the task (2, got 1)');
    expect((await adj.put(url(disputed, '/overrides/0,2')).send({ version: view.gold.version, questions: ['x'] })).status).toBe(404);
  });

  it('updates question wording and removes overrides', async () => {
    const current = (await adj.get(url(disputed))).body as CaseView;
    const res = await adj.put(url(disputed, '/overrides/0,1')).send({ version: current.gold.version, questions: ['What values may A hold?', 'Which progression?'] });
    expect(res.status).toBe(200);
    const task = (res.body as CaseView).tasks.find((t) => t.key === '0,1')!;
    expect(task.qa.map((q) => q.question)).toEqual(['What values may A hold?', 'Which progression?']);
    expect(task.override?.text).not.toBeNull();
    const removed = await adj.delete(url(disputed, `/overrides/0,1?version=${(res.body as CaseView).gold.version}`));
    expect(removed.status).toBe(200);
    expect((removed.body as CaseView).gold.overrides).toEqual([]);
    expect((await adj.delete(url(disputed, `/overrides/0,1?version=${(removed.body as CaseView).gold.version}`))).status).toBe(404);
  });

  it('drops overrides of tasks whose points changed when the gold is saved', async () => {
    const current = (await adj.get(url(disputed))).body as CaseView;
    const view = (await adj.put(url(disputed, '/overrides/1')).send({ version: current.gold.version, questions: ['Which sequence kind?'] })).body as CaseView;
    expect(view.gold.overrides.map((o) => o.subset)).toEqual(['1']);
    const kept = (await adj.put(url(disputed)).send({ version: view.gold.version, points: view.gold.points, notes: view.gold.notes })).body as CaseView;
    expect(kept.gold.overrides.map((o) => o.subset)).toEqual(['1']);
    const dropped = (await adj.put(url(disputed)).send({ version: kept.gold.version, points: [kept.gold.points[0]], notes: '' })).body as CaseView;
    expect(dropped.gold.overrides).toEqual([]);
  });
});

describe('auto-accept', () => {
  it('refuses when A and B differ', async () => {
    const view = (await adj.get(url(disputed))).body as CaseView;
    const res = await adj.post(url(disputed, '/accept')).send({ version: view.gold.version });
    expect(res.status).toBe(409);
    expect(res.body.error.message).toContain('do not agree exactly');
  });

  it('resolves an exact agreement in one action with the checklist confirmed', async () => {
    const res = await adj.post(url(agreed, '/accept')).send({ version: 0 });
    expect(res.status).toBe(200);
    const view = res.body as CaseView;
    expect(view.gold.status).toBe('resolved');
    expect(view.gold.points).toHaveLength(1);
    expect(view.gold.points[0]).toMatchObject({
      question: 'Which progression?',
      provenance: 'A',
      checklist: { plausible: true, ambiguous: true, sufficient: true },
      sources: { from: { a: 0, b: 0 }, span: 'both', question: 'both', answer: 'both', type: 'both' },
    });
    const queue = (await adj.get('/api/adjudications?status=resolved')).body as QueueView;
    expect(queue.items.map((i) => i.questionId)).toEqual([agreed.questionId]);
    expect(queue.progress.resolved).toBe(1);
  });
});

describe('revealing annotator names', () => {
  it('is a maintainer setting that adjudicators can read', async () => {
    expect((await adj.get('/api/settings/reveal-names')).body).toEqual({ revealNames: false });
    expect((await adj.put('/api/settings/reveal-names').send({ revealNames: true })).status).toBe(403);
    expect((await maint.put('/api/settings/reveal-names').send({ revealNames: true })).body).toEqual({ revealNames: true });
    const view = (await adj.get(url(disputed))).body as CaseView;
    expect(view.annotations.A).toMatchObject({ label: 'Annotator A', name: ann1.username });
    expect(view.annotations.B!.name).toBe(ann2.username);
    const queue = (await adj.get('/api/adjudications')).body as QueueView;
    expect(queue.pairs[0]!.label).toContain(ann1.username);
    await maint.put('/api/settings/reveal-names').send({ revealNames: false });
    expect(((await adj.get(url(disputed))).body as CaseView).annotations.A!.name).toBeNull();
  });
});
