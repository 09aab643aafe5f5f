/**
 * The server keeps answering while it generates suggestions: draft-save p99 under
 * load during a 400-problem suggestion job against a local fake chat-completions endpoint, vs
 * the same load on the same server without a job, in the same run. The server runs in its own
 * process (draftServer.ts); the fake endpoint answers in this one after a short delay, with a
 * point whose quote is in the statement, so every problem ends in a stored suggestion.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { openDatabase } from '../../../db/database';
import { insertUser } from '../../../db/users';
import { hashPassword } from '../../../server/auth/passwords';
import type { JobDetail } from '../../../shared/suggestions/jobs';
import { completion, fakePoint, startFakeLlm } from '../../support/fakeLlm';
import { buildDraftDb, DRAFT_PASSWORD } from '../data/draftDb';
import { startChild } from '../lib/child';
import { scratchDir } from '../lib/config';
import { median } from '../lib/stats';
import { row, type BenchContext, type Scenario } from '../lib/types';
import { CONNECTIONS, load, login, type LoadResult, type Slot } from './drafts';

const SERVER = path.join(path.dirname(fileURLToPath(import.meta.url)), 'draftServer.ts');
const ANNOTATORS = 50;
/** 8 × 50 = 400 problems, the job's; a quarter of them each for the warm-up, the run without and the run with the job. */
const PER_ANNOTATOR = 8;
const JOB_CONCURRENCY = 4;

interface Round {
  idle: LoadResult;
  busy: LoadResult;
  job: JobDetail;
}

async function maintainerCookie(base: string, file: string): Promise<string> {
  const db = openDatabase(file);
  try {
    insertUser(db, 'mara', 'maintainer', await hashPassword(DRAFT_PASSWORD));
  } finally {
    db.close();
  }
  return login(base, 'mara');
}

async function json<T>(res: Response): Promise<T> {
  if (!res.ok) throw new Error(`${res.url}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

async function measure(ctx: BenchContext, seconds: number): Promise<Round> {
  const dir = scratchDir('suggestions');
  const problems = ANNOTATORS * PER_ANNOTATOR;
  // Answers spread so the job lasts a little longer than the measured load.
  const delayMs = Math.ceil(((seconds * 1000) / (problems / JOB_CONCURRENCY)) * 1.3);
  const fake = await startFakeLlm((req) => ({ ...completion({ points: [fakePoint([req.statement.split('\n')[0]!.slice(0, 60)])] }), delayMs }));
  try {
    const file = path.join(dir, 'suggestions.sqlite');
    const drafts = await buildDraftDb(file, ANNOTATORS, PER_ANNOTATOR, false);
    const env = { CCB_LLM_BASE_URL: fake.url, CCB_LLM_API_KEY: 'sk-bench', CCB_LLM_MODEL: 'bench-model' };
    const server = startChild<{ port: number }>(SERVER, ['real', file], env);
    try {
      const base = `http://127.0.0.1:${(await server.next()).port}`;
      const cookie = await maintainerCookie(base, file);
      const cookies = new Map<string, string>();
      for (const d of drafts) if (!cookies.has(d.username)) cookies.set(d.username, await login(base, d.username));
      const slots: Slot[] = drafts.map((d) => ({ ...d, cookie: cookies.get(d.username)!, version: 0, turn: 0 }));
      const quarter = (k: number) => slots.filter((_, i) => i % 4 === k);
      await load(base, quarter(0), ctx.quick ? 1 : 2); // warm-up
      const idle = await load(base, quarter(1), seconds);
      const started = await json<JobDetail>(
        await fetch(`${base}/api/suggestion-jobs`, { method: 'POST', headers: { 'content-type': 'application/json', cookie }, body: JSON.stringify({ questionIds: drafts.map((d) => d.questionId) }) }),
      );
      const busy = await load(base, quarter(2), seconds);
      let job = started;
      const jobUrl = `${base}/api/suggestion-jobs/${started.id}`;
      const during = (await json<JobDetail>(await fetch(jobUrl, { headers: { cookie } }))).counts;
      while (job.status === 'running') {
        await new Promise((r) => setTimeout(r, 200));
        job = await json<JobDetail>(await fetch(jobUrl, { headers: { cookie } }));
      }
      ctx.log(
        `without a job: p99 ${idle.p99} ms, ${idle.throughput.toFixed(0)} req/s, ${idle.bad} failed; during the job: p99 ${busy.p99} ms, ${busy.throughput.toFixed(0)} req/s, ${busy.bad} failed ` +
          `(${problems - during.pending} of ${problems} problems done when the load stopped; answers after ${delayMs} ms); job ${job.status}: ${job.counts.stored} stored, ${job.counts.failed} failed`,
      );
      return { idle, busy, job };
    } finally {
      await server.stop();
    }
  } finally {
    await fake.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

export const scenario: Scenario = {
  id: 12,
  name: 'Draft saves during a suggestion job',
  async run(ctx) {
    const seconds = ctx.quick ? 3 : 10;
    const rounds = ctx.quick ? 1 : 3;
    ctx.log(`autocannon, ${CONNECTIONS} connections, ${seconds} s per run, ${rounds} round(s); a ${ANNOTATORS * PER_ANNOTATOR}-problem job, ${JOB_CONCURRENCY} requests at a time`);
    const results: Round[] = [];
    for (let r = 0; r < rounds; r++) results.push(await measure(ctx, seconds));
    const p99 = (pick: (r: Round) => LoadResult) => median(results.map((r) => pick(r).p99));
    const bad = (pick: (r: Round) => LoadResult) => results.reduce((sum, r) => sum + pick(r).bad, 0);
    const missing = results.reduce((sum, r) => sum + (ANNOTATORS * PER_ANNOTATOR - r.job.counts.stored), 0);
    return [
      row(
        `draft saves: p99 latency during a 400-problem suggestion job (baseline: the same server without a job, ${CONNECTIONS} connections × ${seconds} s)`,
        'ms',
        p99((r) => r.busy),
        p99((r) => r.idle),
        { kind: 'ratio-max', limit: 2 },
        rounds,
      ),
      row(`suggestion job: problems without a stored suggestion (of ${results.length * ANNOTATORS * PER_ANNOTATOR})`, 'problems', missing, 0, { kind: 'value-max', limit: 0, unit: 'problems' }, rounds),
      row(
        `draft saves during the job: non-2xx responses + errors + time-outs (of ${results.reduce((sum, r) => sum + r.busy.total, 0)}; baseline: without a job)`,
        'responses',
        bad((r) => r.busy),
        bad((r) => r.idle),
        { kind: 'value-max', limit: 0, unit: 'responses' },
        rounds,
      ),
    ];
  },
};
