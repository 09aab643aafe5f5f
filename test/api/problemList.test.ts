import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertAdjudication } from '../../db/adjudications';
import { insertAnnotation } from '../../db/annotations';
import { assign, buildProblem, buildUser, type BuiltProblem, type BuiltUser } from '../support/builders';
import { tempDb } from '../support/db';
import { loginAs, testApp, type Agent } from '../support/http';

const ctx = tempDb();
const app = testApp(ctx.db);
let alice: BuiltUser;
let bob: BuiltUser;
let maintainer: Agent;
const problems: BuiltProblem[] = [];
const DIFFICULTY = ['easy', 'medium', 'hard'];

beforeAll(async () => {
  const mara = await buildUser(ctx.db, { username: 'mara', role: 'maintainer' });
  alice = await buildUser(ctx.db, { username: 'alice', role: 'annotator' });
  bob = await buildUser(ctx.db, { username: 'bob', role: 'annotator' });
  maintainer = await loginAs(app, mara);
  // 12 problems in import order p00..p11; titles run backwards so title order differs from import order.
  for (let i = 0; i < 12; i++) {
    const id = `p${String(i).padStart(2, '0')}_x`;
    problems.push(buildProblem(ctx.db, { questionId: id, title: `Title ${String.fromCharCode(90 - i)}`, difficulty: DIFFICULTY[i % 3] }));
  }
  // p00 and p01 have two annotators; p00 both submitted (ready); p02 only alice; p03 resolved.
  for (const p of problems.slice(0, 2)) {
    assign(ctx.db, p.id, alice.id, 1);
    assign(ctx.db, p.id, bob.id, 2);
  }
  for (const u of [alice, bob]) insertAnnotation(ctx.db, problems[0]!.id, u.id, { status: 'submitted', version: 2 });
  assign(ctx.db, problems[2]!.id, alice.id, 1);
  insertAdjudication(ctx.db, problems[3]!.id, { status: 'resolved' });
});
afterAll(() => ctx.cleanup());

const ids = (body: { items: { questionId: string }[] }) => body.items.map((p) => p.questionId);

describe('GET /api/problems (paged)', () => {
  it('returns one page in import order with the total and how many problems need annotators', async () => {
    const res = await maintainer.get('/api/problems?limit=5&offset=5');
    expect(res.status).toBe(200);
    expect(ids(res.body)).toEqual(['p05_x', 'p06_x', 'p07_x', 'p08_x', 'p09_x']);
    // p03's gold is resolved: it needs no annotators (nor do p00 and p01, which have two).
    expect(res.body).toMatchObject({ total: 12, limit: 5, offset: 5, needAnnotators: 9 });
    const last = await maintainer.get('/api/problems?limit=5&offset=10');
    expect(ids(last.body)).toEqual(['p10_x', 'p11_x']);
  });

  it('defaults to 50 rows from the start', async () => {
    const res = await maintainer.get('/api/problems');
    expect(res.body).toMatchObject({ total: 12, limit: 50, offset: 0 });
    expect(res.body.items).toHaveLength(12);
  });

  it('sorts by title, id, difficulty and contest date, either way', async () => {
    expect(ids((await maintainer.get('/api/problems?sort=title&limit=3')).body)).toEqual(['p11_x', 'p10_x', 'p09_x']);
    expect(ids((await maintainer.get('/api/problems?sort=id&dir=desc&limit=2')).body)).toEqual(['p11_x', 'p10_x']);
    const byDifficulty = (await maintainer.get('/api/problems?sort=difficulty&dir=desc&limit=4')).body.items.map((p: { difficulty: string }) => p.difficulty);
    expect(byDifficulty).toEqual(['hard', 'hard', 'hard', 'hard']);
    expect(ids((await maintainer.get('/api/problems?sort=contestDate&limit=2')).body)).toEqual(['p00_x', 'p01_x']);
  });

  it('filters by text on id, title and annotator, and by difficulty, adjudication and assignment', async () => {
    const text = await maintainer.get('/api/problems?q=P0');
    expect(text.body.total).toBe(10);
    expect(ids((await maintainer.get('/api/problems?q=title%20z')).body)).toEqual(['p00_x']);
    expect(ids((await maintainer.get('/api/problems?q=ALICE')).body)).toEqual(['p00_x', 'p01_x', 'p02_x']);
    const hard = await maintainer.get('/api/problems?difficulty=hard');
    expect(hard.body.total).toBe(4);
    expect(ids((await maintainer.get('/api/problems?adjudication=ready')).body)).toEqual(['p00_x']);
    expect(ids((await maintainer.get('/api/problems?adjudication=resolved')).body)).toEqual(['p03_x']);
    expect((await maintainer.get('/api/problems?adjudication=waiting')).body.total).toBe(10);
    expect(ids((await maintainer.get('/api/problems?assigned=full')).body)).toEqual(['p00_x', 'p01_x']);
    const open = await maintainer.get('/api/problems?assigned=open&difficulty=easy&limit=2');
    expect(open.body).toMatchObject({ total: 2, needAnnotators: 9 });
    expect(ids(open.body)).toEqual(['p06_x', 'p09_x']);
  });

  it('treats LIKE wildcards in the text filter literally', async () => {
    expect((await maintainer.get('/api/problems?q=%25')).body.total).toBe(0);
    expect((await maintainer.get('/api/problems?q=_')).body.total).toBe(12);
    expect((await maintainer.get('/api/problems?q=p_0')).body.total).toBe(0);
  });

  it('rejects bad paging, sort and filter values naming the field', async () => {
    for (const [query, field] of [
      ['limit=0', 'limit'],
      ['limit=500', 'limit'],
      ['offset=-1', 'offset'],
      ['sort=rating', 'sort'],
      ['difficulty=trivial', 'difficulty'],
      ['adjudication=done', 'adjudication'],
      ['assigned=some', 'assigned'],
    ]) {
      const res = await maintainer.get(`/api/problems?${query}`);
      expect(res.status, query).toBe(400);
      expect(res.body.error.code).toBe('validation_failed');
      expect(res.body.error.message, query).toContain(field);
    }
  });
});
