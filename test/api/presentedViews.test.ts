import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../support/cli';
import { copyOfDb, tempDb } from '../support/db';
import { testApp } from '../support/http';
import { storedJob } from '../support/suggestionJobs';
import { buildWorld, RELEASE, type World } from '../support/world';

/**
 * What the presenters of server/presenters/ answer: exactly the fields of the API's view, in
 * camelCase, never a stored column (a row id, a runner's pid, snake_case names).
 */
const ctx = tempDb();
const app = testApp(ctx.db);
let w: World;
beforeAll(async () => {
  w = await buildWorld(ctx.db);
});
afterAll(() => ctx.cleanup());

const as = (cookie: string | null) => ({
  get: (path: string) => request(app).get(path).set('Cookie', cookie ?? ''),
  post: (path: string) => request(app).post(path).set('Cookie', cookie ?? ''),
  put: (path: string) => request(app).put(path).set('Cookie', cookie ?? ''),
});
const keys = (o: object) => Object.keys(o);
const RELEASE_FIELDS = ['name', 'kind', 'notes', 'policy', 'createdBy', 'createdAt', 'manifest', 'settings', 'publishedAt', 'publishedBy'];
const JOB_FIELDS = ['id', 'agent', 'promptVersion', 'status', 'structured', 'startedBy', 'createdAt', 'finishedAt', 'error', 'counts'];

describe('presented views', () => {
  it('a release published at the command line (releases publish --json) prints the same fields as the API', async () => {
    const copy = copyOfDb(ctx.db);
    try {
      const cli = await runCli(['releases', 'publish', RELEASE, '--json', '--db', copy.file]);
      expect(cli.status).toBe(0);
      const printed = JSON.parse(cli.stdout) as object;
      expect(keys(printed)).toEqual(RELEASE_FIELDS);
      expect(printed).toMatchObject({ name: RELEASE, kind: 'export', publishedAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/) as unknown });
    } finally {
      copy.cleanup();
    }
  });

  it('a release: listed, opened with its files and published, with the release fields only', async () => {
    const maintainer = as(w.cookies.maintainer);
    const listed = await maintainer.get('/api/releases');
    expect(listed.status).toBe(200);
    expect(keys(listed.body.releases[0])).toEqual(RELEASE_FIELDS);
    expect(listed.body.releases[0]).toMatchObject({ name: RELEASE, kind: 'export', notes: 'first cut', createdBy: w.users.maintainer.username, publishedAt: null, publishedBy: null });

    const opened = await maintainer.get(`/api/releases/${RELEASE}`);
    expect(keys(opened.body.release)).toEqual([...RELEASE_FIELDS, 'files']);
    expect(opened.body.release.files.map((f: object) => keys(f))).toContainEqual(['path', 'bytes', 'sha256']);

    const published = await maintainer.post(`/api/releases/${RELEASE}/publish`);
    expect(published.status).toBe(200);
    expect(keys(published.body.release)).toEqual(RELEASE_FIELDS);
    expect(published.body.release).toMatchObject({ name: RELEASE, publishedBy: w.users.maintainer.username });
    expect(published.body.release.publishedAt).toMatch(/^\d{4}-\d\d-\d\dT/);
  });

  it('a suggestion job: listed and opened with its counts and problems, never its runner', async () => {
    const id = storedJob(ctx.db, w.problems.shared.id);
    const maintainer = as(w.cookies.maintainer);
    const listed = await maintainer.get('/api/suggestion-jobs');
    expect(keys(listed.body)).toEqual(['agent', 'jobs']);
    const job = listed.body.jobs.find((j: { id: number }) => j.id === id);
    expect(keys(job)).toEqual(JOB_FIELDS);
    expect(job).toMatchObject({ agent: 'fake-model', promptVersion: 'ccb-suggest-1', status: 'done', structured: true, startedBy: 'cli', finishedAt: '2026-12-01T10:01:00.000Z', error: null });

    const opened = await maintainer.get(`/api/suggestion-jobs/${id}`);
    expect(keys(opened.body)).toEqual([...JOB_FIELDS, 'problems']);
    expect(opened.body.problems).toEqual([
      { questionId: w.problems.shared.questionId, outcome: null, attempts: 0, tokensIn: null, tokensOut: null, droppedSpans: 0, droppedPoints: 0, detail: null },
    ]);
  });

  it("a pilot's question under review: listed and reviewed, with the task's key questions beside it", async () => {
    const adjudicator = as(w.cookies.adjudicator);
    const listed = await adjudicator.get(`/api/pilot-studies/${w.pilot.study}/questions`);
    expect(listed.status).toBe(200);
    expect(keys(listed.body)).toEqual(['study', 'threshold', 'questions']);
    const fields = ['id', 'version', 'alias', 'sessionId', 'taskId', 'questionId', 'turn', 'question', 'askedAt', 'answer', 'similarity', 'matched', 'liveHit', 'liveKeyQuestion', 'reviewed', 'keyQuestions'];
    const question = listed.body.questions.find((q: { id: number }) => q.id === w.pilot.question);
    expect(keys(question)).toEqual(fields);
    expect(question).toMatchObject({ sessionId: w.pilot.session, version: 0, reviewed: null });
    expect(question.keyQuestions.length).toBeGreaterThan(0);
    expect(keys(question.keyQuestions[0])).toEqual(['question', 'answer', 'type']);

    const reviewed = await adjudicator.put(`/api/pilot-studies/${w.pilot.study}/questions/${w.pilot.question}/review`).send({ version: 0, hit: true, keyQuestion: 0, note: 'a hit' });
    expect(reviewed.status).toBe(200);
    expect(keys(reviewed.body)).toEqual(fields);
    expect(reviewed.body).toMatchObject({ version: 1, reviewed: { hit: true, keyQuestion: 0, note: 'a hit', by: w.users.adjudicator.username } });
    expect(keys(reviewed.body.reviewed)).toEqual(['hit', 'keyQuestion', 'note', 'by', 'at']);
  });

  it("an annotator's feedback: their submission beside the gold, with the cross-check of the two", async () => {
    const res = await as(w.cookies.owner).get(`/api/annotations/${w.problems.resolved.questionId}/feedback`);
    expect(res.status).toBe(200);
    expect(keys(res.body)).toEqual(['questionId', 'title', 'baseText', 'submittedAt', 'guidelinesVersion', 'resolvedAt', 'mine', 'gold', 'notes', 'crossCheck', 'reopened']);
    expect(res.body).toMatchObject({ questionId: w.problems.resolved.questionId, baseText: w.problems.resolved.baseText, reopened: null });
    expect(res.body.gold.length).toBeGreaterThan(0);
    expect(keys(res.body.gold[0]).sort()).toEqual(['answer', 'deletions', 'note', 'question', 'repairs', 'type']);
    expect(res.body.crossCheck).toBeTypeOf('object');
  });
});
