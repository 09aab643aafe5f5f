import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import request from 'supertest';
import { setAssignedAt } from '../../db/assignments';
import { SAMPLE_HASH } from '../support/baseText';
import { tempDb } from '../support/db';
import { assign, buildProblem, buildUser, type BuiltProblem, type BuiltUser } from '../support/builders';
import { loginAs, testApp, type Agent } from '../support/http';
import { eventsOf } from '../support/state';
import { annotationStates } from '../../db/annotations';

const ctx = tempDb();
const app = testApp(ctx.db);
let ann1: BuiltUser;
let ann2: BuiltUser;
let outsider: BuiltUser;
let shared: BuiltProblem;
let other: BuiltProblem;


/** [start, end) of the first occurrence of `word` in the base text. */
function span(problem: BuiltProblem, word: string): [number, number] {
  const start = problem.baseText.indexOf(word);
  if (start < 0) throw new Error(`"${word}" not in base text`);
  return [start, start + word.length];
}

function completePoint(problem: BuiltProblem) {
  return {
    deletions: [span(problem, ' of positive integers')],
    repairs: [],
    question: 'What values can the elements take?',
    answer: 'Positive integers.',
    type: 'Collection Semantics',
  };
}

beforeAll(async () => {
  ann1 = await buildUser(ctx.db, { role: 'annotator' });
  ann2 = await buildUser(ctx.db, { role: 'annotator' });
  outsider = await buildUser(ctx.db, { role: 'annotator' });
  shared = buildProblem(ctx.db, { title: 'Geometric Sequence' });
  other = buildProblem(ctx.db, { title: 'Only for outsider' });
  assign(ctx.db, shared.id, ann1.id, 1);
  assign(ctx.db, shared.id, ann2.id, 2);
  assign(ctx.db, other.id, outsider.id, 1);
  // Assigned an hour ago: the saves below report less active time than has passed, so what they
  // credit is what they report (the cap by wall time has tests of its own, on an injected clock).
  setAssignedAt(ctx.db, new Date(Date.now() - 3_600_000).toISOString());
});
afterAll(() => ctx.cleanup());

describe('annotation access', () => {
  it('answers 401 to anonymous calls on every annotation route', async () => {
    const url = `/api/annotations/${shared.questionId}`;
    expect((await request(app).get('/api/assignments')).status).toBe(401);
    expect((await request(app).get(url)).status).toBe(401);
    expect((await request(app).put(url).send({ baseTextHash: SAMPLE_HASH, version: 0, points: [] })).status).toBe(401);
    const res = await request(app).post(`${url}/submit`).send({ baseTextHash: SAMPLE_HASH, version: 0 });
    expect(res.status).toBe(401);
    expect(res.body.error.code).toBe('unauthenticated');
  });

  it('answers 403 to adjudicators and maintainers', async () => {
    for (const role of ['adjudicator', 'maintainer'] as const) {
      const agent = await loginAs(app, await buildUser(ctx.db, { role }));
      const url = `/api/annotations/${shared.questionId}`;
      expect((await agent.get('/api/assignments')).status).toBe(403);
      expect((await agent.get(url)).status).toBe(403);
      expect((await agent.put(url).send({ baseTextHash: SAMPLE_HASH, version: 0, points: [] })).status).toBe(403);
      const res = await agent.post(`${url}/submit`).send({ baseTextHash: SAMPLE_HASH, version: 0 });
      expect(res.status).toBe(403);
      expect(res.body.error.code).toBe('forbidden');
    }
  });

  it('answers 404 for a problem assigned to someone else or not existing, on every route', async () => {
    const agent = await loginAs(app, ann1);
    for (const qid of [other.questionId, 'no_such_problem']) {
      const url = `/api/annotations/${qid}`;
      const got = await agent.get(url);
      expect(got.status).toBe(404);
      expect(got.body.error.code).toBe('not_found');
      expect((await agent.put(url).send({ baseTextHash: SAMPLE_HASH, version: 0, points: [] })).status).toBe(404);
      expect((await agent.post(`${url}/submit`).send({ baseTextHash: SAMPLE_HASH, version: 0 })).status).toBe(404);
    }
  });

  it('lists only the caller’s own queue', async () => {
    const agent = await loginAs(app, outsider);
    const res = await agent.get('/api/assignments');
    expect(res.status).toBe(200);
    expect(res.body).toEqual([{ questionId: other.questionId, title: 'Only for outsider', difficulty: 'easy', status: 'todo' }]);
  });
});

describe('drafts and submit', () => {
  let agent: Agent;
  const url = () => `/api/annotations/${shared.questionId}`;

  beforeAll(async () => {
    agent = await loginAs(app, ann1);
  });

  it('shows an unstarted annotation as an empty draft at version 0', async () => {
    const res = await agent.get(url());
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ questionId: shared.questionId, title: 'Geometric Sequence', status: 'draft', version: 0, points: [], activeMs: 0, submittedAt: null });
    expect(res.body.baseText).toBe(shared.baseText);
  });

  it('saves a draft, bumps the version, adds active time and writes an event', async () => {
    const draft = { deletions: [span(shared, 'geometric progression')], question: '', answer: '', type: null };
    const res = await agent.put(url()).send({ baseTextHash: SAMPLE_HASH, version: 0, points: [draft], activeMs: 4000 });
    expect(res.status).toBe(200);
    // the save answers with the new version only; the points are read back with GET
    expect(res.body).toEqual({ questionId: shared.questionId, status: 'draft', version: 1, activeMs: 4000, updatedAt: expect.any(String), findings: [] });
    expect((await agent.get(url())).body.points).toEqual([{ ...draft, repairs: [] }]);
    const again = await agent.put(url()).send({ baseTextHash: SAMPLE_HASH, version: 1, points: [draft], activeMs: 1500 });
    expect(again.body).toMatchObject({ version: 2, activeMs: 5500 });
    const stored = (await agent.get(url())).body;
    expect(stored).toMatchObject({ version: 2, activeMs: 5500, updatedAt: again.body.updatedAt });
    expect(stored.points[0].deletions).toEqual(draft.deletions);
    expect((await agent.get('/api/assignments')).body[0]).toMatchObject({ questionId: shared.questionId, status: 'in-progress' });
    const events = eventsOf(ctx.db, 'annotation.save');
    expect(events.length).toBe(2);
  });

  it('records each save as who, what and the versions with the new points, so every saved draft can be recovered from the log', async () => {
    const rows = eventsOf(ctx.db, 'annotation.save');
    const annotationId = annotationStates(ctx.db).find((a) => a.userId === ann1.id)!.id;
    expect(rows.map((r) => ({ actor: r.actor, entity_id: r.entityId, before: r.before, after: r.after, details: r.details }))).toEqual([
      { actor: ann1.username, entity_id: String(annotationId), before: { version: 0 }, after: { version: 1, points: expect.any(Array) }, details: { questionId: shared.questionId, activeMs: 4000 } },
      { actor: ann1.username, entity_id: String(annotationId), before: { version: 1 }, after: { version: 2, points: expect.any(Array) }, details: { questionId: shared.questionId, activeMs: 1500 } },
    ]);
    // the latest save's event holds exactly the stored points
    expect((rows[1]!.after as { points: unknown }).points).toEqual((await agent.get(url())).body.points);
  });

  it('rejects a stale version with 409 and the current version, overwriting nothing', async () => {
    const before = (await agent.get(url())).body;
    const res = await agent.put(url()).send({ baseTextHash: SAMPLE_HASH, version: 1, points: [] });
    expect(res.status).toBe(409);
    expect(res.body.error.code).toBe('stale_version');
    expect(res.body.error.details).toEqual({ currentVersion: before.version });
    expect(res.body.error.message).toMatch(/out of date/);
    expect((await agent.get(url())).body.points).toEqual(before.points);
  });

  it('rejects a repair that inserts a word, naming the field', async () => {
    const version = (await agent.get(url())).body.version;
    const [s, e] = span(shared, ' of positive integers');
    const point = { deletions: [[s, e]], repairs: [{ start: e, end: e, text: 'big' }], question: '', answer: '', type: null };
    const res = await agent.put(url()).send({ baseTextHash: SAMPLE_HASH, version, points: [point] });
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('validation_failed');
    expect(res.body.error.message).toContain('points[0].repairs[0]: changing "" to "big" is not deletion-only');
    expect(res.body.error.details.issues[0]).toMatchObject({ path: 'points[0].repairs[0]', span: [e, e] });
    expect((await agent.get(url())).body.version).toBe(version);
  });

  it('rejects overlapping deletions and out-of-range offsets with field paths', async () => {
    const version = (await agent.get(url())).body.version;
    const a = { deletions: [[0, 10]], question: '', answer: '', type: null };
    const b = { deletions: [[20, 30], [5, 12]], question: '', answer: '', type: null };
    const res = await agent.put(url()).send({ baseTextHash: SAMPLE_HASH, version, points: [a, b] });
    expect(res.status).toBe(400);
    expect(res.body.error.message).toContain('points[1].deletions[1]: overlaps points[0].deletions[0]');
    const far = await agent.put(url()).send({ baseTextHash: SAMPLE_HASH, version, points: [{ deletions: [[0, shared.baseText.length + 1]] }] });
    expect(far.status).toBe(400);
    expect(far.body.error.message).toContain('points[0].deletions[0]');
    const bad = await agent.put(url()).send({ baseTextHash: SAMPLE_HASH, version, points: [{ deletions: [[3, 3]], type: 'Vibes' }], activeMs: 600_001 });
    expect(bad.status).toBe(400);
    expect(bad.body.error.message).toContain('points[0].deletions[0]');
    expect(bad.body.error.message).toContain('points[0].type');
    expect(bad.body.error.message).toContain('activeMs');
  });

  it('requires complete points to submit', async () => {
    const { version } = (await agent.get(url())).body;
    const res = await agent.post(`${url()}/submit`).send({ baseTextHash: SAMPLE_HASH, version });
    expect(res.status).toBe(400);
    expect(res.body.error.message).toContain('points[0].question: the key question is required');
    expect(res.body.error.message).toContain('points[0].answer');
    expect(res.body.error.message).toContain('points[0].type');
    expect((await agent.get(url())).body.status).toBe('draft');
  });

  it('submits complete points; afterwards the annotation is read-only', async () => {
    const { version } = (await agent.get(url())).body;
    const saved = await agent.put(url()).send({ baseTextHash: SAMPLE_HASH, version, points: [completePoint(shared)] });
    expect(saved.status).toBe(200);
    const stale = await agent.post(`${url()}/submit`).send({ baseTextHash: SAMPLE_HASH, version });
    expect(stale.status).toBe(409);
    expect(stale.body.error.code).toBe('stale_version');
    const res = await agent.post(`${url()}/submit`).send({ baseTextHash: SAMPLE_HASH, version: saved.body.version });
    expect(res.status).toBe(200);
    expect(res.body.status).toBe('submitted');
    expect(res.body.submittedAt).toEqual(expect.any(String));
    const edit = await agent.put(url()).send({ baseTextHash: SAMPLE_HASH, version: res.body.version, points: [] });
    expect(edit.status).toBe(409);
    expect(edit.body.error.code).toBe('read_only');
    expect(edit.body.error.message).toMatch(/read-only/);
    expect((await agent.post(`${url()}/submit`).send({ baseTextHash: SAMPLE_HASH, version: res.body.version })).status).toBe(409);
    expect((await agent.get('/api/assignments')).body[0].status).toBe('submitted');
  });

  it('shows a second annotator of the same problem only their own, empty annotation', async () => {
    const second = await loginAs(app, ann2);
    const res = await second.get(url());
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ status: 'draft', version: 0, points: [], activeMs: 0 });
    expect((await second.get('/api/assignments')).body).toEqual([
      { questionId: shared.questionId, title: 'Geometric Sequence', difficulty: 'easy', status: 'todo' },
    ]);
    const stale = await second.put(url()).send({ baseTextHash: SAMPLE_HASH, version: 3, points: [] });
    expect(stale.status).toBe(409);
    expect(stale.body.error.details).toEqual({ currentVersion: 0 });
  });
});

describe('a draft with fewer points than the last save', () => {
  it('keeps exactly the points sent: edited ones replaced, dropped ones gone', async () => {
    const user = await buildUser(ctx.db, { role: 'annotator' });
    const problem = buildProblem(ctx.db, { title: 'Shrinking draft' });
    assign(ctx.db, problem.id, user.id, 1);
    const agent = await loginAs(app, user);
    const url = `/api/annotations/${problem.questionId}`;
    const point = (word: string, question: string) => ({ deletions: [span(problem, word)], repairs: [], question, answer: '', type: null });
    const three = [point('geometric progression', 'q1'), point(' of positive integers', 'q2'), point('- All input values are integers.', 'q3')];
    const first = await agent.put(url).send({ baseTextHash: SAMPLE_HASH, version: 0, points: three });
    expect(first.status).toBe(200);
    expect((await agent.get(url)).body.points).toEqual(three);
    const one = [point(' of positive integers', 'only this one')];
    const second = await agent.put(url).send({ baseTextHash: SAMPLE_HASH, version: first.body.version, points: one });
    expect(second.status).toBe(200);
    expect((await agent.get(url)).body.points).toEqual(one);
    const none = await agent.put(url).send({ baseTextHash: SAMPLE_HASH, version: second.body.version, points: [] });
    expect(none.status).toBe(200);
    expect((await agent.get(url)).body).toMatchObject({ version: 3, points: [] });
  });
});
