/**
 * Twenty pilots press Test at once (each a Python program per public test, in the sandbox): how
 * long do everyone else's requests (/healthz and a pilot opening a task) take meanwhile? Their
 * p99 against their p99 at rest, on the same server in the same run. The server runs in its own
 * process with its sandbox (sandboxServer.ts); bubblewrap must be installed.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { performance } from 'node:perf_hooks';
import { openDatabase } from '../../../db/database';
import { setPublicTests } from '../../../db/problems';
import { sessionsOfUser } from '../../../db/pilots';
import { createSession, SESSION_COOKIE } from '../../../server/auth/sessions';
import { createStudy } from '../../../server/services/pilots/studies';
import { readySession } from '../../../server/services/pilots/session';
import { createStudyBody } from '../../../shared/schemas/pilots';
import { buildUser } from '../../support/builders';
import { buildPilotWorld, PILOT_RELEASE } from '../../support/pilotWorld';
import { startChild } from '../lib/child';
import { scratchDir } from '../lib/config';
import { median } from '../lib/stats';
import { row, type BenchContext, type Scenario } from '../lib/types';

const SERVER = path.join(path.dirname(fileURLToPath(import.meta.url)), 'sandboxServer.ts');
const PILOTS = 20;
const TESTS = JSON.stringify([
  { input: '3\n1 2 3\n', output: '6\n', testtype: 'stdin' },
  { input: '2\n5 5\n', output: '10\n', testtype: 'stdin' },
]);
const CODE = 'input()\nprint(sum(int(x) for x in input().split()))\n';

interface Pilot {
  cookie: string;
  session: number;
}

/** A while-coding study with one task for each of 20 pilots, and their session cookies. */
async function studyDb(file: string): Promise<Pilot[]> {
  const db = openDatabase(file);
  try {
    const w = await buildPilotWorld(db);
    setPublicTests(db, { publicTestCases: TESTS });
    const users = [];
    for (let i = 0; i < PILOTS; i++) users.push(await buildUser(db, { username: `bench${i}`, role: 'pilot', password: 'bench-password-1' }));
    createStudy(db, w.mara, createStudyBody.parse({ name: 'bench', release: PILOT_RELEASE, pilots: users.map((u) => u.username), pilotsPerTask: 5, tests: 'while-coding' }));
    // Each pilot has pressed Ready on their task (a task is shown only once its clock has started).
    return users.map((u) => {
      const session = sessionsOfUser(db, u.id)[0]!.id;
      readySession(db, { id: u.id, name: u.username }, u.id, session);
      return { cookie: `${SESSION_COOKIE}=${createSession(db, u.id).token}`, session };
    });
  } finally {
    db.close();
  }
}

const p99 = (xs: readonly number[]) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(xs.length * 0.99))]!;

/** One of the other requests: /healthz, or a pilot opening a task, in turn. */
async function other(base: string, pilot: Pilot, i: number): Promise<number> {
  const start = performance.now();
  const res = i % 2 === 0 ? await fetch(`${base}/healthz`) : await fetch(`${base}/api/pilot/sessions/${pilot.session}`, { headers: { Cookie: pilot.cookie } });
  await res.arrayBuffer();
  if (res.status !== 200) throw new Error(`a request answered ${res.status}`);
  return performance.now() - start;
}

async function atRest(base: string, pilot: Pilot, n: number): Promise<number[]> {
  const out: number[] = [];
  for (let i = 0; i < n; i++) out.push(await other(base, pilot, i));
  return out;
}

/** All pilots press Test together; the other requests run back to back until every test is answered. */
async function underTests(base: string, pilots: Pilot[]): Promise<{ waits: number[]; testsMs: number }> {
  let pending = pilots.length;
  const started = performance.now();
  const tests = pilots.map(async (p) => {
    const res = await fetch(`${base}/api/pilot/sessions/${p.session}/test`, { method: 'POST', headers: { Cookie: p.cookie, 'Content-Type': 'application/json' }, body: JSON.stringify({ code: CODE }) });
    const body = (await res.json()) as { passed?: number; total?: number };
    pending--;
    if (res.status !== 200 || body.passed !== body.total) throw new Error(`a test answered ${res.status} ${JSON.stringify(body)}`);
  });
  const waits: number[] = [];
  for (let i = 0; pending > 0; i++) waits.push(await other(base, pilots[i % pilots.length]!, i));
  await Promise.all(tests);
  return { waits, testsMs: performance.now() - started };
}

async function measure(ctx: BenchContext, rounds: number) {
  const dir = scratchDir('pilot-tests');
  try {
    const file = path.join(dir, 'pilots.sqlite');
    const pilots = await studyDb(file);
    const server = startChild<{ port: number }>(SERVER, [file]);
    try {
      const base = `http://127.0.0.1:${(await server.next()).port}`;
      await atRest(base, pilots[0]!, 20); // warm-up
      const loaded: number[] = [];
      const rest: number[] = [];
      for (let r = 0; r < rounds; r++) {
        rest.push(p99(await atRest(base, pilots[0]!, 200)));
        const got = await underTests(base, pilots);
        loaded.push(p99(got.waits));
        ctx.log(`round ${r + 1}: ${PILOTS} tests answered in ${got.testsMs.toFixed(0)} ms; ${got.waits.length} other requests meanwhile, p99 ${loaded[r]!.toFixed(1)} ms; at rest p99 ${rest[r]!.toFixed(1)} ms`);
      }
      return { loaded, rest };
    } finally {
      await server.stop();
    }
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

export const scenario: Scenario = {
  id: 13,
  name: 'Pilot tests',
  async run(ctx) {
    const rounds = ctx.quick ? 1 : 3;
    const { loaded, rest } = await measure(ctx, rounds);
    const value = median(loaded);
    const baseline = median(rest);
    return [
      row(
        `p99 of other requests (/healthz, a pilot opening a task) while ${PILOTS} pilots press Test at once (baseline: their p99 at rest; ${value.toFixed(1)} ms vs ${baseline.toFixed(1)} ms)`,
        'ms',
        value,
        baseline,
        { kind: 'ratio-max', limit: 2 },
        rounds,
      ),
    ];
  },
};
