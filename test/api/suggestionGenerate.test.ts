import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { all, type DB } from '../../db/database';
import { CLI_ACTOR } from '../../db/events';
import { generationDeps, startGeneration, useGenerationDeps, type GenerationDeps } from '../../server/services/suggestions/generate';
import { presentJobDetail } from '../../server/presenters/suggestionJobs';
import { jobDetail } from '../../server/services/suggestions/jobs';
import { answerJsonSchema, PROMPT_VERSION } from '../../shared/suggestions/prompt';
import type { JobDetail } from '../../shared/suggestions/jobs';
import { buildProblem, buildUser, type BuiltProblem, type BuiltUser } from '../support/builders';
import { tempDb } from '../support/db';
import { completion, fakePoint, startFakeLlm, type FakeLlm, type FakeReply, type FakeRequest } from '../support/fakeLlm';
import { loginAs, testApp, type Agent } from '../support/http';
import { runCli } from '../support/cli';
import { createBatch } from '../../server/services/batches';
import { createBatchBody } from '../../shared/schemas/batches';
import { holdWriteLockUntilReleased } from '../support/liveServer';
import { useServerBusyTimeout } from '../../db/connection';
import { createApp } from '../../server/app';
import { loggerTo } from '../../server/http/logging';
import { eventsOf, rowCount } from '../support/state';

const KEY = 'sk-test-SECRETKEY-0042';
const MODEL = 'fake-model-1';

/** A statement per behaviour of the fake endpoint; the marker word picks the behaviour. */
const statement = (marker: string) => `Problem ${marker}: given N integers A_i, print their sum modulo 998244353.\nIf N is even, print the sum\nof the first half only.\nOutput\nPrint the answer.`;

const GOOD = completion({ points: [fakePoint(['modulo 998244353'], 'Modulo what?', 'Numerical Precision'), fakePoint(['print the sum  of the first half only'], 'What if N is even?', 'Edge Cases')] });

/** The fake endpoint's behaviours, by marker: the n-th request for the same problem is `tries`. */
function behaviour(req: FakeRequest, tries: number): FakeReply {
  const marker = /^Problem (\w+):/.exec(req.statement)?.[1];
  switch (marker) {
    case 'GOOD':
      return GOOD;
    case 'MALFORMED':
      return completion('{"points": [ {"deleted_spans": ["modulo');
    case 'MISSING':
      return completion({ points: [fakePoint(['modulo 1000000007']), fakePoint(['print their total', 'not in the text'])] });
    case 'BUSY':
      if (tries === 1) return { status: 503, json: { error: { message: 'overloaded' } } };
      if (tries === 2) return { status: 429, headers: { 'retry-after': '7' }, json: { error: { message: 'slow down' } } };
      return GOOD;
    case 'SLOW':
      return tries <= 2 ? { hang: true } : GOOD;
    case 'FAILING':
      return { status: 502, text: 'bad gateway' };
    default:
      return { status: 500, text: 'unexpected' };
  }
}

const ctx = tempDb();
const app = testApp(ctx.db);
let fake: FakeLlm;
let maintainer: BuiltUser;
let annotator: BuiltUser;
const sleeps: number[] = [];
let maintainerAgent: Agent | undefined;
/** One logged-in maintainer for the file (a login costs a password hash). */
const asMaintainer = async () => (maintainerAgent ??= await loginAs(app, maintainer));
const problems: Record<string, BuiltProblem> = {};

function script(fakeLlm: FakeLlm, fn: (req: FakeRequest, tries: number) => FakeReply): void {
  const counts = new Map<string, number>();
  fakeLlm.script = (req) => {
    const n = (counts.get(req.statement) ?? 0) + 1;
    counts.set(req.statement, n);
    return fn(req, n);
  };
}

function deps(url: string, more: Partial<GenerationDeps> = {}): Partial<GenerationDeps> {
  return {
    env: { CCB_LLM_BASE_URL: url, CCB_LLM_API_KEY: KEY, CCB_LLM_MODEL: MODEL },
    sleep: (ms) => {
      sleeps.push(ms);
      return Promise.resolve();
    },
    now: () => new Date('2026-12-01T10:00:00.000Z'),
    timeoutMs: 800,
    maxAttempts: 3,
    baseDelayMs: 10,
    ...more,
  };
}

async function generate(questionIds: string[], db: DB = ctx.db): Promise<JobDetail> {
  const started = startGeneration(db, CLI_ACTOR, questionIds, generationDeps(db));
  await started.finished;
  return presentJobDetail(jobDetail(db, started.jobId));
}

/** Everything the database holds, as text. */
const dump = (db: DB) =>
  ['suggestions', 'suggestion_jobs', 'suggestion_job_problems', 'events'].map((t) => JSON.stringify(all(db, `SELECT * FROM ${t}`))).join('\n');

beforeAll(async () => {
  fake = await startFakeLlm();
  script(fake, behaviour);
  useGenerationDeps(ctx.db, deps(fake.url));
  for (const m of ['GOOD', 'MALFORMED', 'MISSING', 'BUSY', 'SLOW', 'FAILING']) problems[m] = buildProblem(ctx.db, { statement: statement(m) });
  maintainer = await buildUser(ctx.db, { role: 'maintainer' });
  annotator = await buildUser(ctx.db);
});
afterAll(async () => {
  await fake.close();
  ctx.cleanup();
});

const storedFor = (db: DB, p: BuiltProblem) =>
  all<{ agent: string; points: string; source: string; prompt_version: string; tokens_in: number; tokens_out: number }>(db, 'SELECT * FROM suggestions WHERE problem_id = ?', [p.id]);

describe('suggestions generate against a fake OpenAI-compatible endpoint', () => {
  let job: JobDetail;
  beforeAll(async () => {
    job = await generate(['GOOD', 'MALFORMED', 'MISSING', 'BUSY', 'SLOW', 'FAILING'].map((m) => problems[m]!.questionId));
  });

  it('counts and reports each outcome', () => {
    expect(job.status).toBe('done');
    expect(job.counts).toMatchObject({ total: 6, pending: 0, stored: 3, malformed: 1, noPoints: 1, failed: 1, skipped: 0 });
    const by = Object.fromEntries(job.problems.map((p) => [p.questionId, p]));
    expect(by[problems.MALFORMED!.questionId]).toMatchObject({ outcome: 'malformed', detail: 'the answer is not JSON', attempts: 1 });
    // three quotes not in the text, two points left without a deletion
    expect(by[problems.MISSING!.questionId]).toMatchObject({ outcome: 'no-points', droppedSpans: 3, droppedPoints: 2, detail: '3 quoted span(s) not found exactly once in the base text' });
    expect(by[problems.SLOW!.questionId]).toMatchObject({ outcome: 'stored', attempts: 3 });
    expect(by[problems.FAILING!.questionId]).toMatchObject({ outcome: 'failed', attempts: 3, detail: 'HTTP 502 (after 3 attempts)' });
    expect(by[problems.BUSY!.questionId]).toMatchObject({ outcome: 'stored', attempts: 3 });
  });

  it('stores only whole suggestions, located in the base text, with their tokens and prompt version', () => {
    for (const m of ['MALFORMED', 'MISSING', 'FAILING']) expect(storedFor(ctx.db, problems[m]!), m).toEqual([]);
    const [good] = storedFor(ctx.db, problems.GOOD!);
    expect(good).toMatchObject({ agent: MODEL, source: 'generate', prompt_version: PROMPT_VERSION, tokens_in: 120, tokens_out: 30 });
    const base = problems.GOOD!.baseText;
    const points = JSON.parse(good!.points) as { deletions: [number, number][]; type: string }[];
    expect(points.map((p) => p.deletions.map(([s, e]) => base.slice(s, e)))).toEqual([['modulo 998244353'], ['print the sum\nof the first half only']]);
    expect(points.map((p) => p.type)).toEqual(['Numerical Precision', 'Edge Cases']);
    // tokens of every answer: three stored, the malformed one, the one without usable points
    expect(job.counts).toMatchObject({ tokensIn: 120 * 5, tokensOut: 30 * 5 });
  });

  it('backs off exponentially on 5xx and time-outs and honours Retry-After on 429', () => {
    // BUSY: 10 ms after the 503, 7 s (Retry-After) after the 429; SLOW: 10 then 20 ms after its two
    // time-outs; FAILING: 10 then 20 ms after its 502s (the third one ends it)
    expect([...sleeps].sort((a, b) => a - b)).toEqual([10, 10, 10, 20, 20, 7000]);
  });

  it('sends the model, the key as a bearer token and the JSON schema made from the zod schema', () => {
    const first = fake.requests[0]!;
    expect(first.path).toBe('/v1/chat/completions');
    expect(first.authorization).toBe(`Bearer ${KEY}`);
    expect(first.body.model).toBe(MODEL);
    expect(first.body.response_format).toEqual({ type: 'json_schema', json_schema: { name: 'ambiguity_points', strict: true, schema: answerJsonSchema() } });
  });

  it('is resumable: run again, it skips what is stored and asks again for the rest', async () => {
    const asked = fake.requests.length;
    const again = await generate(['GOOD', 'MALFORMED', 'BUSY'].map((m) => problems[m]!.questionId));
    expect(again.counts).toMatchObject({ skipped: 2, malformed: 1, stored: 0 });
    expect(fake.requests.slice(asked).map((r) => /^Problem (\w+)/.exec(r.statement)?.[1])).toEqual(['MALFORMED']);
  });

  it('never puts the key in a log line, even at level trace', async () => {
    const lines: string[] = [];
    const logged = createApp({ db: ctx.db, logger: loggerTo((line) => lines.push(line), 'trace') });
    const agent = await loginAs(logged, maintainer);
    const started = await agent.post('/api/suggestion-jobs').send({ questionIds: [problems.FAILING!.questionId] });
    expect(started.status).toBe(202);
    const id = (started.body as JobDetail).id;
    while (((await agent.get(`/api/suggestion-jobs/${id}`)).body as JobDetail).status === 'running') await new Promise((r) => setTimeout(r, 10));
    expect(lines.length).toBeGreaterThan(2);
    expect(lines.join('\n')).not.toContain(KEY);
  });

  it('never puts the key in the database, a response or an event', async () => {
    expect(dump(ctx.db)).not.toContain(KEY);
    const agent = await asMaintainer();
    for (const path of ['/api/suggestion-jobs', `/api/suggestion-jobs/${job.id}`]) {
      const res = await agent.get(path);
      expect(res.status).toBe(200);
      expect(res.text).not.toContain(KEY);
      expect(res.text).not.toContain(fake.url);
    }
  });
});

describe('another process writing meanwhile', () => {
  it('the job waits for the write lock (asynchronously) instead of failing', async () => {
    let answer: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (answer = resolve));
    const other = await startFakeLlm(async () => {
      await held;
      return GOOD;
    });
    const local = tempDb();
    try {
      useServerBusyTimeout(local.db); // as the server runs: a lock is waited for only a few milliseconds
      useGenerationDeps(local.db, deps(other.url));
      const p = buildProblem(local.db, { statement: statement('LOCKED') });
      const started = startGeneration(local.db, CLI_ACTOR, [p.questionId], generationDeps(local.db));
      const lock = await holdWriteLockUntilReleased(local.file, 10_000);
      answer(); // the answer comes while the other process holds the lock
      await new Promise((r) => setTimeout(r, 300));
      lock.release();
      await lock.released;
      await started.finished;
      expect(presentJobDetail(jobDetail(local.db, started.jobId))).toMatchObject({ status: 'done', counts: { stored: 1 } });
    } finally {
      await other.close();
      local.cleanup();
    }
  });
});

describe('an endpoint that refuses', () => {
  it('response_format (400): the job goes on without it, once asked, and says so', async () => {
    const local = tempDb();
    const other = await startFakeLlm((req) => (req.body.response_format ? { status: 400, json: { error: { message: "response_format 'json_schema' is not supported" } } } : GOOD));
    try {
      useGenerationDeps(local.db, deps(other.url, { concurrency: 1 }));
      const ps = [buildProblem(local.db, { statement: statement('A') }), buildProblem(local.db, { statement: statement('B') })];
      const job = await generate(ps.map((p) => p.questionId), local.db);
      expect(job).toMatchObject({ status: 'done', structured: false, counts: { stored: 2 } });
      // structured, then plain for the first problem; plain at once for the second
      expect(other.requests.map((r) => r.body.response_format !== undefined)).toEqual([true, false, false]);
      expect(other.requests[1]!.body.messages![0]!.content).toContain('"deleted_spans"');
    } finally {
      await other.close();
      local.cleanup();
    }
  });

  it('the key (401): the job stops, stores nothing, keeps the rest pending, and its message leaves the key out', async () => {
    const local = tempDb();
    const other = await startFakeLlm(() => ({ status: 401, json: { error: { message: `Incorrect API key provided: ${KEY}` } } }));
    try {
      useGenerationDeps(local.db, deps(other.url, { concurrency: 1 }));
      const ps = [buildProblem(local.db, { statement: statement('A') }), buildProblem(local.db, { statement: statement('B') })];
      const job = await generate(ps.map((p) => p.questionId), local.db);
      expect(job).toMatchObject({ status: 'failed', counts: { pending: 2, stored: 0 } });
      expect(job.error).toContain('HTTP 401');
      expect(job.error).not.toContain(KEY);
      expect(dump(local.db)).not.toContain(KEY);
      expect(other.requests).toHaveLength(1);
    } finally {
      await other.close();
      local.cleanup();
    }
  });
});

describe('the suggestion-jobs API', () => {
  it('starts a job in the background (202) that a maintainer polls to completion', async () => {
    const agent = await asMaintainer();
    const started = await agent.post('/api/suggestion-jobs').send({ questionIds: [problems.GOOD!.questionId, problems.MISSING!.questionId] });
    expect(started.status, started.text).toBe(202);
    const body = started.body as JobDetail;
    expect(body).toMatchObject({ status: 'running', agent: MODEL, counts: { total: 2 } });
    let seen = body;
    for (let i = 0; i < 100 && seen.status === 'running'; i++) {
      await new Promise((r) => setTimeout(r, 10));
      seen = (await agent.get(`/api/suggestion-jobs/${body.id}`)).body as JobDetail;
    }
    expect(seen).toMatchObject({ status: 'done', counts: { skipped: 1, noPoints: 1, pending: 0 } });
    // The audit log: the start and the end of the job, by the maintainer who started it.
    const events = eventsOf(ctx.db).filter((e) => e.entityType === 'suggestion_job' && e.entityId === String(body.id)).map((e) => ({ action: e.action, actor: e.actor }));
    expect(events.map((e) => e.action)).toEqual(['suggestions.generate', 'suggestions.generate.finish']);
    expect(new Set(events.map((e) => e.actor)).size).toBe(1);
    const list = await agent.get('/api/suggestion-jobs');
    expect(list.body).toMatchObject({ agent: MODEL });
    expect((list.body as { jobs: { id: number }[] }).jobs[0]!.id).toBe(body.id);
  });

  it('names unknown problems and creates no job', async () => {
    const agent = await asMaintainer();
    const before = rowCount(ctx.db, 'suggestion_jobs');
    const res = await agent.post('/api/suggestion-jobs').send({ questionIds: [problems.GOOD!.questionId, 'abc000_z'] });
    expect(res.status).toBe(400);
    expect(res.body.error.message).toBe('questionIds: no such problem: abc000_z');
    expect(rowCount(ctx.db, 'suggestion_jobs')).toBe(before);
  });

  it('says what to set when no endpoint is configured', async () => {
    const local = tempDb();
    try {
      useGenerationDeps(local.db, { env: {} });
      const m = await buildUser(local.db, { role: 'maintainer' });
      const p = buildProblem(local.db);
      const agent = await loginAs(testApp(local.db), m);
      const res = await agent.post('/api/suggestion-jobs').send({ questionIds: [p.questionId] });
      expect(res.status).toBe(400);
      expect(res.body.error.message).toBe('generating suggestions needs CCB_LLM_BASE_URL and CCB_LLM_MODEL (see docs/operations.md)');
      expect((await agent.get('/api/suggestion-jobs')).body).toEqual({ agent: null, jobs: [] });
    } finally {
      local.cleanup();
    }
  });

  it('is for maintainers only', async () => {
    const agent = await loginAs(app, annotator);
    expect((await agent.get('/api/suggestion-jobs')).status).toBe(403);
    expect((await agent.post('/api/suggestion-jobs').send({ questionIds: [problems.GOOD!.questionId] })).status).toBe(403);
  });
});

describe('suggestions generate on the command line', () => {
  it('generates with a progress bar and a final report', async () => {
    const saved = { ...process.env };
    Object.assign(process.env, { CCB_LLM_BASE_URL: fake.url, CCB_LLM_API_KEY: KEY, CCB_LLM_MODEL: 'cli-model' });
    try {
      const out = await runCli(['suggestions', 'generate', '--problems', `${problems.GOOD!.questionId},${problems.MALFORMED!.questionId}`, '--db', ctx.file]);
      expect(out.stderr).toContain('generating: 100% 2/2');
      expect(out.stdout).toContain('2 problems: 1 stored, 0 skipped (already generated), 1 malformed answers');
      expect(out.stdout).toContain(`${problems.MALFORMED!.questionId}: malformed (the answer is not JSON)`);
      expect(out.stdout + out.stderr).not.toContain(KEY);
      expect(out.status).toBe(0);
    } finally {
      process.env = saved;
    }
  });

  it('takes a batch\'s problems with --batch, names an unknown batch, and needs one way of naming problems', async () => {
    const unknown = await runCli(['suggestions', 'generate', '--batch', 'b1', '--db', ctx.file]);
    expect(unknown).toMatchObject({ status: 1, stderr: expect.stringContaining('No batch named "b1"') });
    createBatch(ctx.db, CLI_ACTOR, createBatchBody.parse({ name: 'b2', due: '2030-01-31', problems: [problems.GOOD!.questionId] }));
    const saved = { ...process.env };
    Object.assign(process.env, { CCB_LLM_BASE_URL: fake.url, CCB_LLM_API_KEY: KEY, CCB_LLM_MODEL: 'batch-model' });
    try {
      const out = await runCli(['suggestions', 'generate', '--batch', 'b2', '--db', ctx.file]);
      expect(out.stdout, out.stderr).toContain('1 problem: 1 stored');
      expect(out.status).toBe(0);
    } finally {
      process.env = saved;
    }
    expect((await runCli(['suggestions', 'generate', '--db', ctx.file])).status).toBe(2);
  });
});
