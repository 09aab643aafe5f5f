/** Pilot studies over HTTP: the live answer rules, code saves, submit, review, κ and the pilot runs. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessionRow, setOpenedAt, snapshotsOfSession, studyByName, turnsOfSession } from '../../db/pilots';
import { readReleaseRow } from '../../db/releases';
import { recordsOfRun, releaseTask, releaseTasks, runRow } from '../../db/runs';
import { matchQuestion } from '../../shared/pilots/protocol';
import { scoreTask } from '../../shared/runs/metrics';
import { pilots } from '../../shared/api/pilots';
import { ALREADY_ANSWERED, NOT_RELEVANT, type PilotSessionView, type ReviewQuestion } from '../../shared/schemas/pilots';
import { pilotRoutes } from '../../server/routes/pilots/pilots';
import { tempDb } from '../support/db';
import { loginAs, testApp, type Agent } from '../support/http';
import { buildPilotWorld, KQ, PILOT_RELEASE, sessionTaskId, type PilotWorld } from '../support/pilotWorld';
import { eventsOf, lastEventOf, releaseRecords } from '../support/state';

const ctx = tempDb();
const app = testApp(ctx.db);
let w: PilotWorld;
let mara: Agent;
let ada: Agent;
let pia: Agent;
let pete: Agent;
let session: PilotSessionView;
/** The release task of pia's session (never in what she is sent). */
let taskId: string;
/** The release's task of a problem with K key questions (the release file's records). */
function taskOf(questionId: string, k: number): string {
  const records = releaseRecords<{ task_id: string; question_id: string; qa_pairs: unknown[] }>(ctx.db, PILOT_RELEASE);
  return records.find((r) => r.question_id === questionId && r.qa_pairs.length === k)!.task_id;
}

beforeAll(async () => {
  w = await buildPilotWorld(ctx.db);
  [mara, ada, pia, pete] = await Promise.all([loginAs(app, w.users.mara), loginAs(app, w.users.ada), loginAs(app, w.users.pia), loginAs(app, w.users.pete)]);
});
afterAll(() => ctx.cleanup());

const ask = (agent: Agent, question: unknown, id = session.id) => agent.post(`/api/pilot/sessions/${id}/questions`).send({ question });

describe('the contract', () => {
  it('lists exactly the routes the server mounts, with their roles', () => {
    const mounted = pilotRoutes.map((r) => `${r.method} ${r.path} ${JSON.stringify(r.access)}`).sort();
    expect(Object.values(pilots).map((e) => `${e.method} ${e.path} ${JSON.stringify(e.access)}`).sort()).toEqual(mounted);
  });
});

describe('a study', () => {
  it('is created on a release with named tasks, aliases and one task per pilot per problem', async () => {
    const bad = await mara.post('/api/pilot-studies').send({ name: 's1', release: PILOT_RELEASE, pilots: ['pia', 'anna'] });
    expect(bad.status).toBe(400);
    expect(bad.body.error.message).toBe('pilots.1: "anna" is not an active pilot account');
    const unknownTask = await mara.post('/api/pilot-studies').send({ name: 's1', release: PILOT_RELEASE, pilots: ['pia'], tasks: { mode: 'tasks', taskIds: ['task_99'] } });
    expect(unknownTask.body.error.message).toBe('tasks.taskIds.0: "task_99" is not a task of the release');

    const combined = taskOf(w.problems.two.questionId, 2);
    const res = await mara.post('/api/pilot-studies').send({
      name: 's1',
      release: PILOT_RELEASE,
      pilots: ['pia', 'pete'],
      tasks: { mode: 'tasks', taskIds: [combined, taskOf(w.problems.one.questionId, 1)] },
      maxRounds: 4,
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ name: 's1', tasks: 2, pilots: 2, maxRounds: 4, threshold: 0.4, timeLimitMinutes: null, progress: { sessions: 2 } });
    expect(res.body.pilotList.map((p: { alias: string; model: string }) => [p.alias, p.model])).toEqual([
      ['P01', 'human:P01'],
      ['P02', 'human:P02'],
    ]);
    expect((await mara.post('/api/pilot-studies').send({ name: 's1', release: PILOT_RELEASE, pilots: ['pia'] })).status).toBe(409);
    // Adjudicators see aliases, never usernames.
    const seen = await ada.get('/api/pilot-studies/s1');
    expect(seen.body.pilotList.map((p: { username: string | null }) => p.username)).toEqual([null, null]);

    const tasks = (await pia.get('/api/pilot/tasks')).body.tasks;
    expect(tasks).toHaveLength(1);
    expect(tasks[0]).toMatchObject({ study: 's1', number: 1, status: 'new', roundsUsed: 0, maxRounds: 4 });
    expect(tasks[0]).not.toHaveProperty('taskId');
    expect(sessionTaskId(ctx.db, tasks[0].id)).toBe(combined);
    // Reading the task before Ready is refused and starts no clock; only Ready opens it.
    const early = await pia.get(`/api/pilot/sessions/${tasks[0].id}`);
    expect(early.status).toBe(409);
    expect(early.body.error).toMatchObject({ code: 'not_ready', message: "This task's clock has not started: press Ready to open it." });
    expect(early.text).not.toContain('geometric');
    expect((await pia.get('/api/pilot/tasks')).body.tasks[0]).toMatchObject({ status: 'new', openedAt: null });
    session = (await pia.post(`/api/pilot/sessions/${tasks[0].id}/ready`).send({})).body;
    expect(session.openedAt).not.toBeNull();
    expect(eventsOf(ctx.db, 'pilot_session.open').map((e) => ({ action: e.action, actor: e.actor }))).toEqual([{ action: 'pilot_session.open', actor: 'pia' }]);
    // Ready again, or a later read, leaves the clock where it started.
    expect((await pia.post(`/api/pilot/sessions/${tasks[0].id}/ready`).send({})).body.openedAt).toBe(session.openedAt);
    expect((await pia.get(`/api/pilot/sessions/${tasks[0].id}`)).body.openedAt).toBe(session.openedAt);
    taskId = combined;
  });
});

describe('the pilot page', () => {
  it('is drawn from a release cut here and never handed out, whose files no pilot can fetch', async () => {
    // The study's release (pv1) exists only in this database: the text a pilot sees leads nowhere outside it.
    const study = (await mara.get('/api/pilot-studies/s1')).body;
    expect(study.release).toBe(PILOT_RELEASE);
    expect(readReleaseRow(ctx.db, PILOT_RELEASE)!.kind).toBe('export');
    for (const url of [`/api/releases/${PILOT_RELEASE}`, `/api/releases/${PILOT_RELEASE}/download`, `/api/releases/${PILOT_RELEASE}/files/ClarifyCodeBench.jsonl`, '/api/releases']) {
      expect((await pia.get(url)).status, url).toBe(403);
    }
  });

  it('shows only the underspecified text: no base text, key questions or answers', () => {
    const text = releaseTask(ctx.db, studyByName(ctx.db, 's1')!.release_sha256, taskId)!.text;
    expect(session.text).toBe(text);
    expect(session).toMatchObject({ status: 'asking', roundsLeft: 4, canAsk: true, turns: [], code: { content: '', version: 0 } });
    const body = JSON.stringify(session);
    for (const secret of [taskId, w.problems.two.baseText, ' of positive integers', 'whether A is a geometric progression', KQ.values.question, KQ.values.answer, KQ.kind.question, KQ.kind.answer]) expect(body).not.toContain(secret);
  });

  it('refuses an empty or a 1,000-character question with the field named, using no round', async () => {
    for (const q of ['', '   \n', 'x'.repeat(1000)]) {
      const res = await ask(pia, q);
      expect(res.status).toBe(400);
      expect(res.body.error.details.issues[0].path).toBe('question');
    }
    expect((await ask(pia, 'Is it [/QUESTION] sorted?')).body.error.message).toMatch(/^question: must not contain the tags/);
    expect((await pia.get(`/api/pilot/sessions/${session.id}`)).body.roundsLeft).toBe(4);
  });

  it('answers a hit with its key answer, a repeat with "already answered", an unrelated question with "not relevant"', async () => {
    const hit = await ask(pia, KQ.kind.question);
    expect(hit.status).toBe(201);
    expect(hit.body).toMatchObject({ turn: { turn: 0, question: KQ.kind.question, answer: KQ.kind.answer }, roundsLeft: 3, canAsk: true });
    expect((await ask(pia, 'Which kind of progression is meant here?')).body.turn.answer).toBe(ALREADY_ANSWERED);
    // The fourth response is the last: code, or a question that ends the task.
    expect((await ask(pia, 'Should the output end with a newline?')).body).toMatchObject({
      turn: { answer: NOT_RELEVANT },
      roundsLeft: 1,
      budget: { responses: 4, asked: 3, questionsLeft: 0, lastResponse: true },
      canAsk: true,
      status: 'asking',
    });
    const turns = turnsOfSession(ctx.db, session.id);
    expect(turns.map((t) => [t.matched, t.live_hit, t.live_key])).toEqual([
      [1, 1, 1],
      [1, 0, null],
      [expect.any(Number), 0, null],
    ]);
    expect(turns[0]!.similarity).toBeCloseTo(1, 6);
    // The documented vocabulary: every key question of the release in release order, the study's earlier questions, this one.
    const release = releaseTasks(ctx.db, studyByName(ctx.db, 's1')!.release_sha256);
    const keys: string[] = [];
    let start = 0;
    for (const t of release) {
      if (t.taskId === taskId) start = keys.length;
      keys.push(...t.keyQuestions.map((k) => k.question));
    }
    const again = matchQuestion('Which kind of progression is meant here?', keys, start, 2, [KQ.kind.question]);
    expect(again.similarity).toBeCloseTo(turns[1]!.similarity, 12);
    expect(matchQuestion('Which kind of progression is meant here?', keys, start, 2, []).similarity).not.toBeCloseTo(turns[1]!.similarity, 12);
    expect(turns[1]!.similarity).toBeGreaterThanOrEqual(0.4);
    expect(turns[2]!.similarity).toBeLessThan(0.4);
  });

  it('once "Write code" is chosen no question is taken', async () => {
    expect((await pia.post(`/api/pilot/sessions/${session.id}/code`).send({})).body.status).toBe('coding');
    const res = await ask(pia, 'Is the input sorted?');
    expect(res.status).toBe(409);
    expect(res.body.error.message).toBe('You chose to write code: no more questions on this task.');
  });

  it("never opens another pilot's session", async () => {
    for (const res of [
      await pete.get(`/api/pilot/sessions/${session.id}`),
      await ask(pete, 'What is meant?'),
      await pete.put(`/api/pilot/sessions/${session.id}/code`).send({ version: 0, code: 'x' }),
      await pete.post(`/api/pilot/sessions/${session.id}/submit`).send({ version: 0, code: 'x' }),
    ]) {
      expect(res.status).toBe(404);
      expect(res.text).not.toContain(KQ.kind.answer);
    }
  });

  it('saves code with versions (a stale one is 409), counts pastes, caps active time and keeps snapshots', async () => {
    const first = await pia.put(`/api/pilot/sessions/${session.id}/code`).send({ version: 0, code: 'print(1)', activeMs: 600_000, pastes: 2 });
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ version: 1, pastes: 2, status: 'coding' });
    expect(first.body.activeMs).toBeLessThan(60_000);
    const stale = await pia.put(`/api/pilot/sessions/${session.id}/code`).send({ version: 0, code: 'print(2)' });
    expect(stale.status).toBe(409);
    expect(stale.body.error.details).toEqual({ version: 1 });
    expect((await pia.put(`/api/pilot/sessions/${session.id}/code`).send({ version: 1, code: 'print(3)', pastes: 1 })).body).toMatchObject({ version: 2, pastes: 3 });
    // At most one snapshot per 15 s: the second save (a second later) is not kept as one.
    expect(snapshotsOfSession(ctx.db, session.id).map(({ version, code }) => ({ version, code }))).toEqual([{ version: 1, code: 'print(1)' }]);
  });

  it('submits once; afterwards nothing changes', async () => {
    const res = await pia.post(`/api/pilot/sessions/${session.id}/submit`).send({ version: 2, code: 'print(int(input()))' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ status: 'submitted', code: { content: 'print(int(input()))', version: 3 } });
    for (const after of [
      await pia.put(`/api/pilot/sessions/${session.id}/code`).send({ version: 3, code: 'changed' }),
      await pia.post(`/api/pilot/sessions/${session.id}/submit`).send({ version: 3, code: 'changed' }),
      await pia.post(`/api/pilot/sessions/${session.id}/code`).send({}),
      await ask(pia, 'One more?'),
    ]) {
      expect(after.status).toBe(409);
    }
    expect(sessionRow(ctx.db, session.id)!.code).toBe('print(int(input()))');
  });
});

const figuresOf = async (model: string) =>
  ((await mara.get('/api/runs')).body.runs as { model: string; tkqr: number; ora: number; avg_turns: number; kind: string; imported_by: string | null }[]).find((r) => r.model === model);

describe('the pilot run, review and agreement', () => {
  it('the submitted session is a run human:P01 beside the models, scored with the live labels', async () => {
    const run = await figuresOf('human:P01');
    const expected = scoreTask(2, 4, { '0': 1, '1': 0, '2': 0 });
    expect(run).toMatchObject({ kind: 'human', tasks: 1, avg_turns: 3, human: { study: 's1' }, imported_by: 'mara', source_file: 'pilot study s1' });
    expect(run!.tkqr).toBeCloseTo(expected.tkqr, 12);
    expect(run!.ora).toBeCloseTo(expected.ora, 12);
    expect(await figuresOf('human:P02')).toBeUndefined();
    const curation = (await mara.get('/api/runs/curation')).body;
    const values = curation.keyQuestions.find((k: { question: string }) => k.question === KQ.values.question);
    expect(values).toMatchObject({ humans: { runs: 1, hitBy: [] }, models: { runs: 0, hitBy: [] } });
    expect(curation.neverAskedByHumans.map((k: { question: string }) => k.question)).toEqual([KQ.values.question]);
  });

  it('a reviewer sees each question with its matched key question and similarity, and corrects one', async () => {
    const list = (await ada.get('/api/pilot-studies/s1/questions?state=pending')).body;
    expect(list.questions).toHaveLength(3);
    const [first, second, third] = list.questions as ReviewQuestion[];
    expect(first).toMatchObject({ alias: 'P01', turn: 0, matched: 1, liveHit: true, liveKeyQuestion: 1, reviewed: null });
    expect(first!.keyQuestions.map((k) => k.question)).toEqual([KQ.values.question, KQ.kind.question]);
    const outOfRange = await ada.put(`/api/pilot-studies/s1/questions/${third!.id}/review`).send({ version: 0, hit: true, keyQuestion: 2 });
    expect(outOfRange.body.error.message).toBe('keyQuestion: the task has 2 key questions (0 to 1)');
    // The "not relevant" turn really asked about the values: reviewed as a hit on key question 0.
    const corrected = await ada.put(`/api/pilot-studies/s1/questions/${third!.id}/review`).send({ version: 0, hit: true, keyQuestion: 0, note: 'asks about the values' });
    expect(corrected.status).toBe(200);
    expect(corrected.body).toMatchObject({ liveHit: false, reviewed: { hit: true, keyQuestion: 0, by: 'ada', note: 'asks about the values' } });
    await ada.put(`/api/pilot-studies/s1/questions/${first!.id}/review`).send({ version: 0, hit: true, keyQuestion: 1 });
    await ada.put(`/api/pilot-studies/s1/questions/${second!.id}/review`).send({ version: 0, hit: false });
    expect((await ada.get('/api/pilot-studies/s1/questions?state=pending')).body.questions).toHaveLength(0);
    // A second reviewer who loaded the list before ada's review: 409, ada's review stays.
    const late = await mara.put(`/api/pilot-studies/s1/questions/${third!.id}/review`).send({ version: 0, hit: false });
    expect(late.status).toBe(409);
    expect(late.body.error).toMatchObject({ code: 'stale_version', details: { currentVersion: 1 } });
    expect(late.body.error.message).toContain('(by ada)');
    const kept = (await ada.get('/api/pilot-studies/s1/questions')).body.questions.find((q: ReviewQuestion) => q.id === third!.id) as ReviewQuestion;
    expect(kept).toMatchObject({ version: 1, reviewed: { hit: true, keyQuestion: 0, by: 'ada' } });
    expect((await ada.put(`/api/pilot-studies/s1/questions/${third!.id}/review`).send({ hit: true, keyQuestion: 0 })).body.error.message).toMatch(/^version: /);
    const events = eventsOf(ctx.db, 'pilot_question.review');
    expect(events).toHaveLength(3);
  });

  it('the run is rescored with the reviewed labels; the study shows live vs reviewed agreement (accuracy, κ)', async () => {
    const run = await figuresOf('human:P01');
    const expected = scoreTask(2, 4, { '0': 1, '1': 0, '2': 1 });
    expect(run!.tkqr).toBeCloseTo(expected.tkqr, 12);
    const hits = recordsOfRun(ctx.db, runRow(ctx.db, 'human:P01')!.id);
    expect(hits).toHaveLength(1);
    expect(hits[0]!.hitDict).toEqual({ '0': 1, '1': 0, '2': 1 });
    // Sorted, as run_task writes them, not in the order they were hit.
    expect(hits[0]!.hitQuestions).toEqual([KQ.values.question, KQ.kind.question]);
    // Reviewed (truth) vs live: turn 0 hit/hit, turn 1 miss/miss, turn 2 hit/miss → accuracy 2/3;
    // κ = 1 − 1 / ((1·1 + 2·2) / 3) = 0.4.
    const study = (await mara.get('/api/pilot-studies/s1')).body;
    expect(study.agreement.n).toBe(3);
    expect(study.agreement.accuracy).toBeCloseTo(2 / 3, 12);
    expect(study.agreement.kappa).toBeCloseTo(0.4, 12);
    expect(study.agreement.confusion).toEqual({ tp: 1, tn: 1, fp: 0, fn: 1 });
    expect(study.pilotList[0]).toMatchObject({
      alias: 'P01',
      username: 'pia',
      submitted: 1,
      avgSecondsPerTask: expect.any(Number),
      avgSecondsToFirstQuestion: expect.any(Number),
      avgSecondsToCode: expect.any(Number),
      pastes: 3,
    });
    const times = sessionRow(ctx.db, session.id) as { opened_at: string; first_question_at: string; code_started_at: string; submitted_at: string };
    expect(study.pilotList[0].avgSecondsPerTask).toBeCloseTo((Date.parse(times.submitted_at) - Date.parse(times.opened_at)) / 1000, 6);
    expect(times.opened_at <= times.first_question_at && times.first_question_at <= times.code_started_at && times.code_started_at <= times.submitted_at).toBe(true);
    const curation = (await mara.get('/api/runs/curation')).body;
    expect(curation.neverAskedByHumans).toEqual([]);
  });

  it('a model run cannot take or replace a pilot run name', async () => {
    const res = await mara
      .post(`/api/runs/import?model=${encodeURIComponent('human:P01')}&release=${PILOT_RELEASE}&replace=1`)
      .set('Content-Type', 'application/octet-stream')
      .send(Buffer.from('{}\n'));
    expect(res.status).toBe(409);
    expect((await figuresOf('human:P01'))!.kind).toBe('human');
  });
});

describe('a time limit per task', () => {
  it('sets a deadline when the task is opened; past it only "Write code" remains', async () => {
    const res = await mara.post('/api/pilot-studies').send({ name: 's2', release: PILOT_RELEASE, pilots: ['pete'], timeLimitMinutes: 1 });
    expect(res.status).toBe(201);
    const task = (await pete.get('/api/pilot/tasks')).body.tasks.find((t: { study: string }) => t.study === 's2');
    const opened = (await pete.post(`/api/pilot/sessions/${task.id}/ready`).send({})).body as PilotSessionView;
    expect(Date.parse(opened.deadline!) - Date.parse(opened.openedAt!)).toBe(60_000);
    expect(opened.canAsk).toBe(true);
    setOpenedAt(ctx.db, task.id, new Date(Date.now() - 61_000).toISOString());
    const late = await ask(pete, 'Is the input sorted?', task.id);
    expect(late.status).toBe(409);
    expect(late.body.error.message).toBe('The time limit of this task has passed: only "Write code" remains.');
    expect((await pete.get(`/api/pilot/sessions/${task.id}`)).body.canAsk).toBe(false);
    expect((await pete.post(`/api/pilot/sessions/${task.id}/submit`).send({ version: 0, code: 'print(0)' })).body.status).toBe('submitted');
  });
});

describe('curation', () => {
  it('a key question pilots were given is flagged back to adjudication through the runs flag', async () => {
    const curation = (await mara.get('/api/runs/curation')).body;
    const single = curation.keyQuestions.find((k: { question: string }) => k.question === KQ.single.question);
    // pete's s2 task was submitted without a question; his s1 task (the one-point problem) was never submitted.
    expect(single === undefined || single.humans.hitBy.length === 0).toBe(true);
    const res = await mara.post(`/api/runs/tasks/${taskId}/flag`).send({ reason: 'no pilot asks about the values', model: 'human:P01' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ questionId: w.problems.two.questionId });
    const event = lastEventOf(ctx.db, 'adjudication.reopen')!;
    expect(event.details).toMatchObject({ source: 'runs', model: 'human:P01', taskId });
  });
});
