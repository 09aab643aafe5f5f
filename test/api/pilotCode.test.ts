/** Run, Test and Skip in the pilot's editor over HTTP: the sandbox, LiveCodeBench's judging, the study's test condition. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Express } from 'express';
import request from 'supertest';
import { codeRunsOfSession } from '../../db/pilotCodeRuns';
import { sessionRow, setOpenedAt } from '../../db/pilots';
import { setPublicTests } from '../../db/problems';
import { createApp } from '../../server/app';
import { buildUser } from '../support/builders';
import { tempDb } from '../support/db';
import { loginAs, type Agent } from '../support/http';
import { buildPilotWorld, PILOT_RELEASE, type PilotWorld } from '../support/pilotWorld';
import { readySandbox } from '../support/sandbox';
import { eventsOf, rowCount } from '../support/state';

const ctx = tempDb();
let app: Express;
let w: PilotWorld;
let mara: Agent;
let pia: Agent;
let pete: Agent;
let paul: Agent;

const STDIN_TESTS = JSON.stringify([
  { input: '3\n1 2 3\n', output: '6\n', testtype: 'stdin' },
  { input: '2\n5 5\n', output: '10.0  \n', testtype: 'stdin' },
]);
const FUNCTIONAL_TESTS = JSON.stringify([
  { input: '[1, 2, 3]\n2', output: '[2, 4, 6]', testtype: 'functional' },
  { input: '[]\n7', output: '[]', testtype: 'functional' },
]);

/** A pilot's first session in a study that is not submitted yet, opened. */
async function sessionIn(agent: Agent, study: string): Promise<number> {
  const tasks = (await agent.get('/api/pilot/tasks')).body.tasks as { id: number; study: string; status: string }[];
  const id = tasks.find((t) => t.study === study && t.status !== 'submitted')!.id;
  // The task's clock starts on Ready, as the page starts it.
  expect((await agent.post(`/api/pilot/sessions/${id}/ready`)).status).toBe(200);
  await agent.get(`/api/pilot/sessions/${id}`);
  return id;
}

async function createStudy(name: string, pilots: string[], extra: Record<string, unknown>): Promise<void> {
  const res = await mara.post('/api/pilot-studies').send({ name, release: PILOT_RELEASE, pilots, ...extra });
  expect(res.status).toBe(201);
}

beforeAll(async () => {
  w = await buildPilotWorld(ctx.db);
  setPublicTests(ctx.db, { publicTestCases: STDIN_TESTS });
  app = createApp({ db: ctx.db, log: () => {}, sandbox: await readySandbox(ctx.file) });
  const paulUser = await buildUser(ctx.db, { username: 'paul', role: 'pilot' });
  [mara, pia, pete, paul] = await Promise.all([loginAs(app, w.users.mara), loginAs(app, w.users.pia), loginAs(app, w.users.pete), loginAs(app, paulUser)]);
  await createStudy('coding', ['pia', 'pete'], { tests: 'while-coding', skipAfterMinutes: 0 });
  await createStudy('blind', ['paul'], {});
});
afterAll(() => ctx.cleanup());

const SUM = 'n = int(input())\nprint(sum(map(int, input().split())))\n';

describe('Run', () => {
  it("runs the pilot's code on the pilot's input, with stdout, stderr, exit code and time", async () => {
    const id = await sessionIn(pia, 'coding');
    const res = await pia.post(`/api/pilot/sessions/${id}/run`).send({ code: 'import sys\nprint(sys.stdin.read().upper())\nsys.exit(3)', stdin: 'hello' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ stdout: 'HELLO\n', stderr: '', exitCode: 3, timedOut: false, truncated: false });
    expect(res.body.ms).toBeGreaterThan(0);
    const error = await pia.post(`/api/pilot/sessions/${id}/run`).send({ code: 'raise ValueError("no")' });
    expect(error.body.stderr).toMatch(/ValueError: no/);
    expect(error.body.exitCode).toBe(1);
  });

  it("is another pilot's session: 404, nothing run", async () => {
    const id = await sessionIn(pia, 'coding');
    expect((await pete.post(`/api/pilot/sessions/${id}/run`).send({ code: 'print(1)' })).status).toBe(404);
  });
});

describe('Test on the public tests', () => {
  it('judges as grade_stdio: lines and the whole stripped, 6.0 passes for 6, a wrong line fails with the case shown', async () => {
    const id = await sessionIn(pia, 'coding');
    const floats = await pia.post(`/api/pilot/sessions/${id}/test`).send({ code: SUM.replace('print(sum(', 'print(float(sum(').replace(')))\n', '))))\n') });
    expect(floats.status).toBe(200);
    expect(floats.body).toMatchObject({ passed: 2, total: 2 });
    expect(floats.body.tests[0]).toMatchObject({ passed: true, input: '3\n1 2 3\n', expected: '6\n', got: '6.0\n', error: null });
    const spaced = await pia.post(`/api/pilot/sessions/${id}/test`).send({ code: `${SUM.replace('print(', 'print("  ", ')}print()\nprint("   ")` });
    expect(spaced.body).toMatchObject({ passed: 2, total: 2 });
    const wrong = await pia.post(`/api/pilot/sessions/${id}/test`).send({ code: `${SUM}print("extra")` });
    expect(wrong.body.passed).toBe(0);
    expect(wrong.body.tests[1]).toMatchObject({ passed: false, got: '10\nextra\n', error: 'Wrong answer: 2 lines where 1 was expected' });
    const words = await pia.post(`/api/pilot/sessions/${id}/test`).send({ code: 'print("six")' });
    expect(words.body.tests[0]).toMatchObject({ passed: false, error: 'Wrong answer on line 1' });
  });

  it('refuses Test while coding in an after-submit study, then tests the submitted code at once', async () => {
    const id = await sessionIn(paul, 'blind');
    const refused = await paul.post(`/api/pilot/sessions/${id}/test`).send({ code: SUM });
    expect(refused.status).toBe(409);
    expect(refused.body.error.code).toBe('tests_closed');
    const submitted = await paul.post(`/api/pilot/sessions/${id}/submit`).send({ version: 0, code: SUM });
    expect(submitted.status).toBe(200);
    // Tested on the server at submit: the result is stored whatever the page does next.
    expect(submitted.body).toMatchObject({ status: 'submitted', testsAtSubmit: { passed: 2, total: 2, missing: null } });
    expect(codeRunsOfSession(ctx.db, id).map(({ kind, passed, total }) => ({ kind, passed, total }))).toEqual([{ kind: 'submit_test', passed: 2, total: 2 }]);
    expect((await paul.get(`/api/pilot/sessions/${id}/tools`)).body.atSubmit).toEqual({ passed: 2, total: 2, missing: null });
    const tested = await paul.post(`/api/pilot/sessions/${id}/test`).send({ code: 'print("ignored")' });
    expect(tested.body).toMatchObject({ passed: 2, total: 2 });
    const kinds = codeRunsOfSession(ctx.db, id).map(({ kind, passed }) => ({ kind, passed }));
    expect(kinds).toEqual([{ kind: 'submit_test', passed: 2 }]);
  });

  it('calls a functional problem as grade_call_based: Solution().method(*json lines), tuples as lists', async () => {
    const id = await sessionIn(pete, 'coding');
    const questionId = sessionRow(ctx.db, id)!.question_id;
    setPublicTests(ctx.db, { publicTestCases: FUNCTIONAL_TESTS, metadata: '{"func_name": "scale"}', questionId });
    try {
      const code = 'class Solution:\n    def scale(self, nums: List[int], k: int) -> List[int]:\n        print("debug")\n        return tuple(x * k for x in nums)\n';
      const res = await pete.post(`/api/pilot/sessions/${id}/test`).send({ code });
      expect(res.body).toMatchObject({ passed: 2, total: 2 });
      expect(res.body.tests[0]).toMatchObject({ passed: true, got: '[2, 4, 6]', error: null });
      const wrong = await pete.post(`/api/pilot/sessions/${id}/test`).send({ code: code.replace('x * k', 'x + k') });
      expect(wrong.body.tests[0]).toMatchObject({ passed: false, got: '[3, 4, 5]', error: 'Wrong answer' });
      const broken = await pete.post(`/api/pilot/sessions/${id}/test`).send({ code: 'class Solution:\n    def scale(self, nums, k):\n        return nums[99]\n' });
      expect(broken.body.tests[0].error).toBe('IndexError: list index out of range');
    } finally {
      setPublicTests(ctx.db, { publicTestCases: STDIN_TESTS, metadata: '{}', questionId });
    }
  });
});

describe('Skip', () => {
  it("is offered after the study's minutes: refused before with the time it opens, then the task stays unfinished with its reason", async () => {
    const id = await sessionIn(paul, 'blind');
    const early = await paul.post(`/api/pilot/sessions/${id}/skip`).send({ reason: 'stuck' });
    expect(early.status).toBe(409);
    expect(early.body.error.code).toBe('skip_not_yet');
    expect((await paul.get(`/api/pilot/sessions/${id}/tools`)).body.skip).toMatchObject({ afterMinutes: 10, skipped: false });
    expect((await paul.post(`/api/pilot/sessions/${id}/skip`).send({ reason: '  ' })).body.error.details.issues[0].path).toBe('reason');
    setOpenedAt(ctx.db, id, '2020-01-01T00:00:00.000Z');
    const skipped = await paul.post(`/api/pilot/sessions/${id}/skip`).send({ reason: 'The statement lost its output format.' });
    expect(skipped.status).toBe(200);
    expect(skipped.body.status).not.toBe('submitted');
    expect((await paul.get(`/api/pilot/sessions/${id}/tools`)).body.skip).toMatchObject({ skipped: true, reason: 'The statement lost its output format.' });
    expect(eventsOf(ctx.db, 'pilot_session.skip').filter((e) => e.entityId === String(id)).map((e) => ({ action: e.action, actor: e.actor }))).toEqual([{ action: 'pilot_session.skip', actor: 'paul' }]);
  });

  it('is offered at once in a study with --skip-after 0, and the server then refuses questions, saves, submit, Run and Test on it', async () => {
    const id = await sessionIn(pete, 'coding');
    expect((await pete.post(`/api/pilot/sessions/${id}/skip`).send({ reason: 'too long' })).status).toBe(200);
    const before = codeRunsOfSession(ctx.db, id).length;
    for (const res of [
      await pete.post(`/api/pilot/sessions/${id}/questions`).send({ question: 'What is the input format?' }),
      await pete.put(`/api/pilot/sessions/${id}/code`).send({ version: 0, code: SUM, activeMs: 0, pastes: 0 }),
      await pete.post(`/api/pilot/sessions/${id}/submit`).send({ version: 0, code: SUM, activeMs: 0, pastes: 0 }),
      await pete.post(`/api/pilot/sessions/${id}/run`).send({ code: SUM, stdin: '1\n1\n' }),
      await pete.post(`/api/pilot/sessions/${id}/test`).send({ code: SUM }),
    ]) {
      expect(res.status).toBe(409);
      expect(res.body.error.code).toBe('task_skipped');
    }
    expect(codeRunsOfSession(ctx.db, id)).toHaveLength(before);
    const left = sessionRow(ctx.db, id);
    expect(left!.version).toBe(0);
    expect(left!.status).not.toBe('submitted');
  });
});

describe('without a working sandbox', () => {
  it('runs nothing: Run and Test are 503 sandbox_off with the reason, and /healthz says why', async () => {
    const off = createApp({ db: ctx.db, log: () => {} });
    const agent = await loginAs(off, w.users.pia);
    const id = await sessionIn(agent, 'coding');
    const before = rowCount(ctx.db, 'pilot_code_runs');
    for (const res of [
      await agent.post(`/api/pilot/sessions/${id}/run`).send({ code: 'open("/tmp/ran", "w")' }),
      await agent.post(`/api/pilot/sessions/${id}/test`).send({ code: SUM }),
    ]) {
      expect(res.status).toBe(503);
      expect(res.body.error).toMatchObject({ code: 'sandbox_off', message: 'This server was started without a code sandbox: Run and Test are off.' });
    }
    const submitted = await agent.post(`/api/pilot/sessions/${id}/submit`).send({ version: 0, code: SUM });
    expect(submitted.status).toBe(200);
    expect(submitted.body.testsAtSubmit).toEqual({
      passed: null,
      total: null,
      missing: 'The public tests did not run at submit: This server was started without a code sandbox: Run and Test are off.',
    });
    expect(rowCount(ctx.db, 'pilot_code_runs')).toBe(before);
    expect((await agent.get(`/api/pilot/sessions/${id}/tools`)).body.atSubmit.missing).toMatch(/could not run when the code was submitted/);
    expect((await agent.get(`/api/pilot/sessions/${id}/tools`)).body.sandbox).toEqual({ available: false, reason: 'This server was started without a code sandbox: Run and Test are off.' });
    expect((await request(off).get('/healthz')).body.sandbox).toEqual({ state: 'off', reason: 'This server was started without a code sandbox: Run and Test are off.' });
  });
});

describe('questionnaires and telemetry', () => {
  it('the task questionnaire opens after a skip or submit, is answered once within its scales', async () => {
    const tasks = (await paul.get('/api/pilot/tasks')).body.tasks as { id: number; study: string }[];
    const [first, second] = tasks.filter((t) => t.study === 'blind').map((t) => t.id);
    const view = (await paul.get(`/api/pilot/sessions/${first}/questionnaire`)).body;
    expect(view).toMatchObject({ scope: 'task', answers: null, open: true });
    expect(view.questions.map((q: { id: string; min: number; max: number }) => [q.id, q.min, q.max])).toEqual([
      ['clarity', 1, 7],
      ['confidence', 1, 7],
    ]);
    const bad = await paul.post(`/api/pilot/sessions/${first}/questionnaire`).send({ answers: { clarity: 8, extra: 1 } });
    expect(bad.status).toBe(400);
    expect(bad.body.error.message).toBe('answers.extra: no such question; answers.clarity: must be 1–7; answers.confidence: required');
    expect((await paul.post(`/api/pilot/sessions/${first}/questionnaire`).send({ answers: { clarity: 2, confidence: 6 } })).body.answers).toEqual({ clarity: 2, confidence: 6 });
    expect((await paul.post(`/api/pilot/sessions/${first}/questionnaire`).send({ answers: { clarity: 3, confidence: 6 } })).body.error.code).toBe('read_only');
    expect((await paul.post(`/api/pilot/sessions/${second}/questionnaire`).send({ answers: { clarity: 4, confidence: 2 } })).status).toBe(200);
    expect(eventsOf(ctx.db, 'pilot_session.questionnaire').filter((e) => e.actor === 'paul').length).toBe(2);
  });

  it('the end-of-study questionnaire (NASA-TLX) opens when every task of the pilot is done', async () => {
    const id = await sessionIn(pia, 'coding');
    expect((await pia.get(`/api/pilot/sessions/${id}/questionnaire?scope=study`)).body).toMatchObject({ scope: 'study', open: false });
    const tlx = { mental: 15, physical: 1, temporal: 8, performance: 5, effort: 12, frustration: 9, helpfulness: 7 };
    const paulTask = ((await paul.get('/api/pilot/tasks')).body.tasks as { id: number; study: string }[]).find((t) => t.study === 'blind')!.id;
    const res = await paul.post(`/api/pilot/sessions/${paulTask}/questionnaire`).send({ scope: 'study', answers: tlx });
    expect(res.status).toBe(200);
    expect(res.body.questions.map((q: { id: string; min: number; max: number }) => [q.id, q.min, q.max]).slice(5)).toEqual([
      ['frustration', 1, 21],
      ['helpfulness', 1, 10],
    ]);
  });

  it('the study page has the condition, each pilot’s runs, tests and public tests at submit, and the questionnaire means', async () => {
    const study = (await mara.get('/api/pilot-studies/blind')).body;
    expect(study).toMatchObject({ tests: 'after-submit', skipAfterMinutes: 10 });
    expect(study.pilotList[0].code).toMatchObject({ runs: 0, tests: 1, publicTestsPassedAtSubmit: 1, skipped: 1 });
    const means = Object.fromEntries(study.questionnaireMeans.map((m: { id: string; mean: number }) => [m.id, m.mean]));
    expect(means).toMatchObject({ clarity: 3, confidence: 4, mental: 15, frustration: 9, helpfulness: 7 });
    expect((await mara.get('/api/pilot-studies/coding')).body.pilotList.find((p: { code: { tests: number } }) => p.code.tests > 0).code.avgSecondsToFirstPassingTest).not.toBeNull();
  });

  it('keeps the two conditions apart on the Runs report: each human run says which it is', async () => {
    const id = await sessionIn(pia, 'coding');
    expect((await pia.post(`/api/pilot/sessions/${id}/submit`).send({ version: 0, code: SUM })).status).toBe(200);
    const runs = (await mara.get('/api/runs')).body.runs as { model: string; human?: { study: string; tests: string; code: { tests: number } } }[];
    const humans = runs.filter((r) => r.human).map((r) => [r.human!.study, r.human!.tests]);
    expect(humans.sort()).toEqual([
      ['blind', 'after-submit'],
      ['coding', 'while-coding'],
    ]);
    // The paper's tables name the while-coding run as its condition, after the protocol's runs.
    const aliasOf = (tests: string) => runs.find((r) => r.human?.tests === tests)!.model;
    const [whileCoding, afterSubmit] = [aliasOf('while-coding'), aliasOf('after-submit')];
    for (const table of ['3', '4', 'types', 'difficulty', 'errors']) {
      const lines = (await mara.get(`/api/runs/tables/${table}?format=csv`)).text.split('\n');
      const rowsOf = (alias: string) => lines.flatMap((l, at) => (l.includes(`${alias},`) || l.includes(`${alias} (`) ? [{ l, at }] : []));
      expect(rowsOf(whileCoding).length).toBeGreaterThan(0);
      expect(rowsOf(whileCoding).every(({ l }) => l.includes(`${whileCoding} (public tests while coding)`))).toBe(true);
      expect(rowsOf(afterSubmit).some(({ l }) => l.includes('(public tests while coding)'))).toBe(false);
      if (table === '3' || table === '4') expect(rowsOf(whileCoding)[0]!.at).toBeGreaterThan(rowsOf(afterSubmit)[0]!.at);
    }
  });
});
