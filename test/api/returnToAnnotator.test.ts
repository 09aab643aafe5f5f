import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { QueueView } from '../../shared/adjudicationView';
import type { AnnotationView } from '../../shared/schemas/annotation';
import { buildAnnotation, spanOf } from '../support/annotationBuilders';
import { hashOf } from '../support/baseText';
import { tempDb } from '../support/db';
import { assign, buildProblem, buildUser, type BuiltProblem } from '../support/builders';
import { loginAs, testApp, type Agent } from '../support/http';
import { eventsOf } from '../support/state';

const ctx = tempDb();
const app = testApp(ctx.db);
let annA: Agent;
let annB: Agent;
let adjudicator: Agent;
let problem: BuiltProblem;
const A_SECRET = 'Is A_1 the first element, asks only A?';
const NOTE = 'Point 1: the answer should come from the deleted words.';

beforeAll(async () => {
  const [a, b] = [await buildUser(ctx.db, { role: 'annotator' }), await buildUser(ctx.db, { role: 'annotator' })];
  problem = buildProblem(ctx.db);
  assign(ctx.db, problem.id, a.id, 1);
  assign(ctx.db, problem.id, b.id, 2);
  const cut = spanOf(problem.baseText, ' of positive integers');
  buildAnnotation(ctx.db, problem.id, a.id, [{ deletions: [cut], question: A_SECRET, answer: 'positive integers' }]);
  buildAnnotation(ctx.db, problem.id, b.id, [{ deletions: [cut], question: 'What values?', answer: 'positive integers' }]);
  [annA, annB] = [await loginAs(app, a), await loginAs(app, b)];
  adjudicator = await loginAs(app, await buildUser(ctx.db, { role: 'adjudicator' }));
});
afterAll(() => ctx.cleanup());

const queued = async () => ((await adjudicator.get('/api/adjudications')).body as QueueView).items.map((i) => i.questionId);
const url = () => `/api/adjudications/${problem.questionId}/return`;

describe('returning an annotation to its annotator', () => {
  it('refuses a body without a note or with another side than A or B, naming the field', async () => {
    const res = await adjudicator.post(url()).send({ annotator: 'C', note: ' ' });
    expect(res.status).toBe(400);
    expect(res.body.error.message).toMatch(/annotator/);
  });

  it('makes that side a draft with the note on top, keeps the other side submitted, and takes the case off the queue', async () => {
    expect(await queued()).toContain(problem.questionId);
    const res = await adjudicator.post(url()).send({ annotator: 'B', note: NOTE });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ questionId: problem.questionId, annotator: 'B', status: 'draft' });

    const returned = await annB.get(`/api/annotations/${problem.questionId}`);
    expect((returned.body as AnnotationView).status).toBe('draft');
    expect((returned.body as AnnotationView).returnNote).toBe(NOTE);
    // Blind as before: the returned annotator's view holds their own work and the note, nothing of A's.
    expect(returned.text).not.toContain(A_SECRET);
    const other = (await annA.get(`/api/annotations/${problem.questionId}`)).body as AnnotationView;
    expect(other).toMatchObject({ status: 'submitted', returnNote: null });
    expect(await queued()).not.toContain(problem.questionId);
    const events = eventsOf(ctx.db, 'annotation.return');
    expect(events).toHaveLength(1);
    expect(events[0]!.details).toMatchObject({ questionId: problem.questionId, annotator: 'B', note: NOTE });
  });

  it('refuses to return a side that is not submitted', async () => {
    expect((await adjudicator.post(url()).send({ annotator: 'B', note: NOTE })).status).toBe(409);
  });

  it('puts the case back on the queue once the annotator submits again, the note gone', async () => {
    const view = (await annB.get(`/api/annotations/${problem.questionId}`)).body as AnnotationView;
    const res = await annB.post(`/api/annotations/${problem.questionId}/submit`).send({ version: view.version, baseTextHash: hashOf(problem) });
    expect(res.status).toBe(200);
    expect((res.body as AnnotationView).returnNote).toBeNull();
    expect(await queued()).toContain(problem.questionId);
  });
});
