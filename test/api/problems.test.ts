import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import request from 'supertest';
import { markSubmitted } from '../../db/annotationDrafts';
import { assign, buildUser, type BuiltUser } from '../support/builders';
import { tempDb } from '../support/db';
import { loginAs, testApp, type Agent } from '../support/http';
import { buildAnnotation } from '../support/annotationBuilders';
import { lastEventOf, problemIdOf, rowCount } from '../support/state';
import { lcbRecord, writeJsonl } from '../support/lcb';

const ctx = tempDb();
const app = testApp(ctx.db);
let mara: BuiltUser;
let ada: BuiltUser;
let alice: BuiltUser;
let bob: BuiltUser;
let maintainer: Agent;

beforeAll(async () => {
  mara = await buildUser(ctx.db, { username: 'mara', role: 'maintainer' });
  ada = await buildUser(ctx.db, { username: 'ada', role: 'adjudicator' });
  alice = await buildUser(ctx.db, { username: 'alice', role: 'annotator' });
  bob = await buildUser(ctx.db, { username: 'bob', role: 'annotator' });
  maintainer = await loginAs(app, mara);
});
afterAll(() => ctx.cleanup());

const upload = (agent: Agent, file: string) =>
  agent.post('/api/problems/import?name=mine.jsonl').set('Content-Type', 'application/octet-stream').send(fs.readFileSync(file));
const problemCount = () => rowCount(ctx.db, 'problems');

describe('POST /api/problems/import', () => {
  const records = [lcbRecord({ question_id: 'up_1', difficulty: 'hard' }), lcbRecord({ question_id: 'up_2' })];

  it('imports an uploaded file and reports unchanged on a second upload', async () => {
    const file = writeJsonl(records);
    const first = await upload(maintainer, file);
    expect(first.status).toBe(200);
    expect(first.body).toEqual({ total: 2, inserted: 2, updated: 0, unchanged: 0 });
    const second = await upload(maintainer, file);
    expect(second.body).toEqual({ total: 2, inserted: 0, updated: 0, unchanged: 2 });
    expect(lastEventOf(ctx.db, 'problem.import')!.details).toMatchObject({ file: 'mine.jsonl' });
  });

  it('imports nothing from a file with one broken line and names the line', async () => {
    const before = problemCount();
    const res = await upload(maintainer, writeJsonl([lcbRecord(), lcbRecord(), lcbRecord({ contest_date: 'yesterday' })]));
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('validation_failed');
    expect(res.body.error.message).toContain('line 3: contest_date:');
    expect(res.body.error.details.issues).toEqual([expect.objectContaining({ line: 3, field: 'contest_date', path: 'line 3: contest_date' })]);
    expect(problemCount()).toBe(before);
  });

  it('refuses an empty upload with a clear message', async () => {
    const res = await maintainer.post('/api/problems/import').set('Content-Type', 'application/octet-stream').send(Buffer.alloc(0));
    expect(res.status).toBe(400);
    expect(res.body.error.message).toMatch(/holds no problems/);
  });

  it('is for maintainers only', async () => {
    const file = writeJsonl([lcbRecord()]);
    expect((await request(app).post('/api/problems/import').send(fs.readFileSync(file))).status).toBe(401);
    const annotator = await loginAs(app, alice);
    const res = await upload(annotator, file);
    expect(res.status).toBe(403);
    expect(res.body.error.code).toBe('forbidden');
  });
});

describe('GET /api/problems', () => {
  it('lists problems with their annotators, annotation and adjudication status', async () => {
    const problem = { id: problemIdOf(ctx.db, 'up_1') };
    assign(ctx.db, problem.id, alice.id, 1);
    assign(ctx.db, problem.id, bob.id, 2);
    buildAnnotation(ctx.db, problem.id, alice.id, [], 'submitted', 3);
    const bobs = buildAnnotation(ctx.db, problem.id, bob.id, [], 'draft');
    const res = await maintainer.get('/api/problems');
    expect(res.status).toBe(200);
    const item = res.body.items.find((p: { questionId: string }) => p.questionId === 'up_1');
    expect(item).toMatchObject({
      title: expect.any(String),
      difficulty: 'hard',
      contestDate: '2025-02-01T00:00:00',
      annotators: [
        { username: 'alice', status: 'submitted' },
        { username: 'bob', status: 'in-progress' },
      ],
      adjudication: 'waiting',
    });
    markSubmitted(ctx.db, bobs);
    const ready = (await maintainer.get('/api/problems')).body.items.find((p: { questionId: string }) => p.questionId === 'up_1');
    expect(ready.adjudication).toBe('ready');
    expect((await (await loginAs(app, ada)).get('/api/problems')).status).toBe(403);
  });
});

describe('GET /api/problems/:questionId', () => {
  it('gives maintainers and adjudicators the full record, annotators 403, unknown ids 404', async () => {
    const res = await (await loginAs(app, ada)).get('/api/problems/up_2');
    expect(res.status).toBe(200);
    expect(res.body.statement).toContain('Sample Input 1');
    expect(res.body.baseText).not.toContain('Sample Input 1');
    expect(res.body).not.toHaveProperty('private_test_cases');
    expect((await maintainer.get('/api/problems/nope_9')).status).toBe(404);
    expect((await (await loginAs(app, alice)).get('/api/problems/up_2')).status).toBe(403);
  });

  it('says where the work stands: annotators named for maintainers, A and B for adjudicators (blind), and the adjudication', async () => {
    // up_1 has alice and bob assigned (the list test above); the detail says what the list says
    const listed = (await maintainer.get('/api/problems')).body.items.find((p: { questionId: string }) => p.questionId === 'up_1');
    expect(listed.annotators.map((a: { username: string }) => a.username)).toEqual(['alice', 'bob']);
    const named = await maintainer.get('/api/problems/up_1');
    expect(named.body.annotators).toEqual(listed.annotators);
    expect(named.body.adjudication).toBe(listed.adjudication);
    const blind = await (await loginAs(app, ada)).get('/api/problems/up_1');
    expect(blind.body.annotators).toEqual(listed.annotators.map((a: { status: string }, i: number) => ({ username: `Annotator ${'AB'[i]}`, status: a.status })));
    expect(JSON.stringify(blind.body)).not.toContain('alice');
    expect((await maintainer.get('/api/problems/up_2')).body.annotators).toEqual([]);
  });
});
