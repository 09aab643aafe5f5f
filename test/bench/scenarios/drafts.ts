import autocannon from 'autocannon';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { startChild } from '../lib/child';
import { scratchDir } from '../lib/config';
import { median } from '../lib/stats';
import { row, type BenchContext, type Scenario } from '../lib/types';
import { buildDraftDb, DRAFT_PASSWORD, type DraftSlot } from '../data/draftDb';

const SERVER = path.join(path.dirname(fileURLToPath(import.meta.url)), 'draftServer.ts');
export const CONNECTIONS = 50;
const ANNOTATORS = 50;
// Four annotations per annotator: two for the warm-up and two for the measured run (requests
// still in flight when a run stops leave their annotations' versions unknown), so each run
// has a spare for every connection and a connection always finds a free annotation.
const PER_ANNOTATOR = 4;

/** An annotation in the pool: its owner's cookie, its current version, and which draft goes next. */
export interface Slot extends DraftSlot {
  cookie: string;
  version: number;
  turn: number;
}

export interface LoadResult {
  throughput: number;
  p99: number;
  bad: number;
  total: number;
}

export async function login(base: string, username: string): Promise<string> {
  const res = await fetch(`${base}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username, password: DRAFT_PASSWORD }) });
  if (!res.ok) throw new Error(`login as ${username}: ${res.status} ${await res.text()}`);
  return res.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ');
}

/**
 * autocannon with a request builder that tracks versions: each request takes a free
 * annotation from the pool with its current version, and its response puts it back with
 * the new version, so every save is a valid draft on the right version.
 */
export async function load(url: string, slots: Slot[], seconds: number): Promise<LoadResult> {
  const free = [...slots];
  const result = await autocannon({
    url,
    connections: CONNECTIONS,
    duration: seconds,
    requests: [
      {
        method: 'PUT',
        setupRequest: (req, context) => {
          const slot = free.shift();
          if (!slot) throw new Error('no free annotation in the pool');
          (context as { slot?: Slot }).slot = slot;
          slot.turn++;
          return {
            ...req,
            path: `/api/annotations/${encodeURIComponent(slot.questionId)}`,
            headers: { 'content-type': 'application/json', cookie: slot.cookie },
            body: JSON.stringify({ baseTextHash: slot.baseTextHash, version: slot.version, points: slot.drafts[slot.turn % 2], activeMs: 1500 }),
          };
        },
        onResponse: (status, body, context) => {
          const slot = (context as { slot: Slot }).slot;
          const parsed = JSON.parse(body) as { version?: number; error?: { details?: { currentVersion?: number } } };
          // On a conflict, resynchronise so one failure does not cascade (it is still counted).
          slot.version = parsed.version ?? parsed.error?.details?.currentVersion ?? slot.version;
          if (status >= 300) console.error(`  draft save ${status}: ${body.slice(0, 200)}`);
          free.push(slot);
        },
      },
    ],
  });
  return { throughput: result.requests.average, p99: result.latency.p99, bad: result.non2xx + result.errors + result.timeouts, total: result.requests.total };
}

async function measure(ctx: BenchContext, mode: 'real' | 'baseline', seconds: number): Promise<LoadResult> {
  const dir = scratchDir(`drafts-${mode}`);
  try {
    const file = path.join(dir, 'load.sqlite');
    const drafts = await buildDraftDb(file, ANNOTATORS, PER_ANNOTATOR, mode === 'baseline');
    // BENCH_PROFILE=1 writes a CPU profile of each server into test/bench/tmp/profiles.
    const profile = process.env.BENCH_PROFILE ? ['--cpu-prof', `--cpu-prof-dir=${path.join(ctx.tmpDir, 'profiles')}`] : [];
    const server = startChild<{ port: number }>(SERVER, [mode, file], {}, profile);
    try {
      const base = `http://127.0.0.1:${(await server.next()).port}`;
      const cookies = new Map<string, string>();
      for (const d of drafts) if (!cookies.has(d.username)) cookies.set(d.username, mode === 'real' ? await login(base, d.username) : '');
      const slots: Slot[] = drafts.map((d) => ({ ...d, cookie: cookies.get(d.username)!, version: 0, turn: 0 }));
      await load(base, slots.filter((_, i) => i % 2 === 0), ctx.quick ? 1 : 2); // warm-up: JIT, statement cache
      const result = await load(base, slots.filter((_, i) => i % 2 === 1), seconds);
      ctx.log(`${mode}: ${result.throughput.toFixed(0)} req/s, p99 ${result.p99} ms, ${result.total} requests, ${result.bad} non-2xx/errors`);
      return result;
    } finally {
      await server.stop();
    }
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

export const scenario: Scenario = {
  id: 3,
  name: 'Draft saves under load',
  async run(ctx) {
    const seconds = ctx.quick ? 3 : 10;
    // Rounds alternate baseline and real server, so load from the machine's other users hits both alike.
    const rounds = ctx.quick ? 1 : 3;
    ctx.log(`autocannon, ${CONNECTIONS} connections, ${seconds} s per run, ${rounds} round(s); ${ANNOTATORS} logged-in annotators`);
    const baseline: LoadResult[] = [];
    const real: LoadResult[] = [];
    for (let r = 0; r < rounds; r++) {
      baseline.push(await measure(ctx, 'baseline', seconds));
      real.push(await measure(ctx, 'real', seconds));
    }
    const mid = (rs: LoadResult[], key: 'throughput' | 'p99') => median(rs.map((x) => x[key]));
    const sum = (rs: LoadResult[], key: 'bad' | 'total') => rs.reduce((s, x) => s + x[key], 0);
    const what = `PUT /api/annotations/:questionId, ${CONNECTIONS} connections × ${seconds} s`;
    return [
      row(`draft saves: throughput, ${what} (baseline: bare express + one-row UPDATE)`, 'req/s', mid(real, 'throughput'), mid(baseline, 'throughput'), { kind: 'ratio-min', limit: 0.5 }, rounds),
      // The load generator shares the cores with the server, so an absolute latency says more about the
      // machine than about the app: the target is the bare handler's p99 under the same 50 connections.
      row(`draft saves: p99 latency (baseline: the bare handler's p99 under the same ${CONNECTIONS} connections)`, 'ms', mid(real, 'p99'), mid(baseline, 'p99'), { kind: 'ratio-max', limit: 2 }, rounds),
      row(`draft saves: non-2xx responses + errors (of ${sum(real, 'total')} requests)`, 'responses', sum(real, 'bad'), sum(baseline, 'bad'), { kind: 'value-max', limit: 0, unit: 'responses' }, rounds),
    ];
  },
};
