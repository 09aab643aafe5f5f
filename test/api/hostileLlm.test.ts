/**
 * A hostile chat-completions endpoint: it puts the key where a cut would split it, echoes the
 * Authorization header into its answer, or answers without end. The key never reaches the
 * database, a page or the audit log, not even in part; an endless answer fails its problem and
 * the server keeps answering meanwhile.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import request from 'supertest';
import { all, type DB } from '../../db/database';
import { CLI_ACTOR } from '../../db/events';
import { generationDeps, startGeneration, useGenerationDeps, type GenerationDeps } from '../../server/services/suggestions/generate';
import { presentJobDetail } from '../../server/presenters/suggestionJobs';
import { jobDetail } from '../../server/services/suggestions/jobs';
import { KEY_PIECE, withoutKey } from '../../server/services/suggestions/llmConfig';
import type { JobDetail } from '../../shared/suggestions/jobs';
import { buildProblem, buildUser, type BuiltUser } from '../support/builders';
import { tempDb } from '../support/db';
import { completion, fakePoint, startFakeLlm, type FakeLlm, type FakeReply } from '../support/fakeLlm';
import { loginAs, testApp } from '../support/http';

const KEY = 'sk-Zq7w-0123456789abcdefXYZ';
const MODEL = 'hostile-model';
const STATEMENT = 'Given N integers A_i, print their sum modulo 998244353.\nOutput\nPrint the answer.';

/** Every piece of the key that must not survive anywhere. */
const pieces = Array.from({ length: KEY.length - KEY_PIECE + 1 }, (_, i) => KEY.slice(i, i + KEY_PIECE));
const expectNoKey = (text: string, where: string) => {
  for (const piece of pieces) expect(text, `${where} holds "${piece}"`).not.toContain(piece);
};

const ctx = tempDb();
const app = testApp(ctx.db);
let maintainer: BuiltUser;
afterAll(() => ctx.cleanup());
beforeAll(async () => {
  maintainer = await buildUser(ctx.db, { role: 'maintainer' });
});

const deps = (url: string, env: Record<string, string> = {}): Partial<GenerationDeps> => ({
  env: { CCB_LLM_BASE_URL: url, CCB_LLM_API_KEY: KEY, CCB_LLM_MODEL: MODEL, ...env },
  sleep: () => Promise.resolve(),
  now: () => new Date('2026-12-01T10:00:00.000Z'),
  timeoutMs: 20_000,
  maxAttempts: 2,
  baseDelayMs: 1,
  concurrency: 1,
});

/** One problem generated against a fake endpoint answering as `reply` says; the job's detail. */
async function generateAgainst(reply: (authorization: string) => FakeReply, env: Record<string, string> = {}, meanwhile?: (finished: Promise<void>) => Promise<void>): Promise<JobDetail> {
  const fake: FakeLlm = await startFakeLlm((req) => reply(req.authorization ?? ''));
  try {
    useGenerationDeps(ctx.db, deps(fake.url, env));
    const p = buildProblem(ctx.db, { statement: STATEMENT });
    const started = startGeneration(ctx.db, CLI_ACTOR, [p.questionId], generationDeps(ctx.db));
    await Promise.all([started.finished, meanwhile?.(started.finished)]);
    return presentJobDetail(jobDetail(ctx.db, started.jobId));
  } finally {
    await fake.close();
  }
}

const dump = (db: DB) => ['suggestions', 'suggestion_jobs', 'suggestion_job_problems', 'events'].map((t) => JSON.stringify(all(db, `SELECT * FROM ${t}`))).join('\n');

describe('the key never leaves, not even in part', () => {
  it('takes out the key and every piece of it before a text is cut', () => {
    const config = { apiKey: KEY };
    expect(withoutKey(`a ${KEY} b ${KEY.slice(3, 3 + KEY_PIECE)} c ${KEY.slice(0, KEY_PIECE - 1)}`, config)).toBe(`a [key] b [key] c ${KEY.slice(0, KEY_PIECE - 1)}`);
    expect(withoutKey(`${KEY.slice(0, 12)}${KEY.slice(10)}`, config)).toBe('[key]');
    expect(withoutKey('nothing here', config)).toBe('nothing here');
  });

  it('a key straddling character 200 of an error body reaches neither the job, the audit log nor the database', async () => {
    const body = `${'x'.repeat(200 - 12)}${KEY} tail`;
    const job = await generateAgainst(() => ({ status: 401, text: body }));
    expect(job.status).toBe('failed');
    expect(job.error).toContain('HTTP 401');
    expectNoKey(job.error ?? '', 'the job error');
    expectNoKey(dump(ctx.db), 'the database');
    const agent = await loginAs(app, maintainer);
    for (const path of ['/api/events?pageSize=200', `/api/suggestion-jobs/${job.id}`, '/api/suggestion-jobs']) {
      const res = await agent.get(path);
      expect(res.status).toBe(200);
      expectNoKey(res.text, path);
    }
  });

  it('an endpoint that echoes the Authorization header into its answer gets no piece of the key into a stored suggestion', async () => {
    const job = await generateAgainst((authorization) => {
      expect(authorization).toBe(`Bearer ${KEY}`);
      return completion({ points: [fakePoint(['modulo 998244353'], `Modulo what? ${authorization} ${authorization.slice(10, 30)}`, 'Numerical Precision')] });
    });
    expect(job.counts).toMatchObject({ stored: 1 });
    const stored = all<{ points: string }>(ctx.db, 'SELECT points FROM suggestions');
    expect(stored.some((s) => s.points.includes('Modulo what? Bearer [key]'))).toBe(true);
    expectNoKey(dump(ctx.db), 'the database');
  });
});

describe('an answer without end', () => {
  /** The server's health, asked again and again while the job runs; each answer's time. */
  async function healthWhile(finished: Promise<void>): Promise<number[]> {
    let running = true;
    void finished.then(() => (running = false));
    const times: number[] = [];
    do {
      const t0 = performance.now();
      const res = await request(app).get('/healthz');
      times.push(performance.now() - t0);
      expect(res.status).toBe(200);
    } while (running);
    return times;
  }

  it.each([
    ['100 MB, chunked (counted as it streams)', 100, false],
    ['300 MB, with its Content-Length', 300, true],
  ])('%s fails its problem with a clear outcome, and /healthz answers within a second meanwhile', async (_, mb, declared) => {
    let sent = 0;
    let times: number[] = [];
    const job = await generateAgainst(
      () => ({ stream: { bytes: mb * 1024 * 1024, declared, sent: (n) => (sent = n) } }),
      { CCB_LLM_MAX_ANSWER_MB: '2' },
      async (finished) => {
        times = await healthWhile(finished);
      },
    );
    expect(job.counts).toMatchObject({ failed: 1, stored: 0 });
    const [outcome] = all<{ outcome: string; detail: string; attempts: number }>(ctx.db, 'SELECT outcome, detail, attempts FROM suggestion_job_problems WHERE job_id = ?', [job.id]);
    expect(outcome).toEqual({ outcome: 'failed', detail: 'the answer is longer than 2 MB (CCB_LLM_MAX_ANSWER_MB): not read', attempts: 1 });
    expect(sent).toBeLessThan(mb * 1024 * 1024); // the rest was never sent: the request was cut off
    expect(Math.max(...times)).toBeLessThan(1000);
  });
});
