import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Point } from '../../shared/edits';
import { assign, buildProblem, buildUser, type BuiltProblem, type BuiltUser } from '../support/builders';
import { tempDb } from '../support/db';
import { holdWriteLock, listen } from '../support/liveServer';
import { cookieFor, pointFor } from '../support/world';
import { hashOf } from '../support/baseText';
import { annotationsOf, eventsOf, problemIdOf } from '../support/state';

// 20 clients save drafts for a few seconds over real HTTP: ten share one annotation (one
// annotator in ten tabs), ten each own a different one. Every save names the version it
// is based on; some deliberately name a stale one.
const CLIENTS = 20;
const SHARED_CLIENTS = 10;
const DURATION_MS = Number(process.env.CCB_CONCURRENCY_MS ?? 3000);

const ctx = tempDb();
let server: Awaited<ReturnType<typeof listen>>;
let anna: BuiltUser;
let sharedProblem: BuiltProblem;
const solo: { user: BuiltUser; problem: BuiltProblem }[] = [];

beforeAll(async () => {
  anna = await buildUser(ctx.db, { username: 'anna' });
  sharedProblem = buildProblem(ctx.db, { questionId: 'abc700_a' });
  assign(ctx.db, sharedProblem.id, anna.id, 1);
  for (let i = 0; i < CLIENTS - SHARED_CLIENTS; i++) {
    const user = await buildUser(ctx.db, { username: `solo${i}` });
    const problem = buildProblem(ctx.db, { questionId: `abc71${i}_a` });
    assign(ctx.db, problem.id, user.id, 1);
    solo.push({ user, problem });
  }
  server = await listen(ctx.db);
});
afterAll(async () => {
  await server?.close();
  ctx.cleanup();
});

interface Ack {
  questionId: string;
  basedOn: number;
  version: number;
  points: Point[];
}

interface Tally {
  acks: Ack[];
  conflicts: number;
  staleSent: number;
  staleRejected: number;
  otherStatuses: string[];
}

async function call(method: string, url: string, cookie: string, body?: unknown): Promise<{ status: number; json: unknown }> {
  const res = await fetch(`${server.url}${url}`, {
    method,
    headers: { Cookie: cookie, ...(body === undefined ? {} : { 'Content-Type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  return { status: res.status, json: text ? JSON.parse(text) : null };
}

/** One client: read the current version, save a distinctive draft on it; every fifth save names an old version (one that is already stale when version > 0). */
async function client(id: number, cookie: string, problem: BuiltProblem, deadline: number, tally: Tally): Promise<void> {
  const url = `/api/annotations/${problem.questionId}`;
  // At least five rounds whatever the machine's load, so that every client sends a stale save.
  for (let n = 0; Date.now() < deadline || n < 5; n++) {
    const current = await call('GET', url, cookie);
    if (current.status !== 200) {
      tally.otherStatuses.push(`GET ${current.status}`);
      continue;
    }
    const version = (current.json as { version: number }).version;
    const stale = n % 5 === 4 && version > 0;
    const basedOn = stale ? version - 1 : version;
    const points = [pointFor(problem.baseText, 'geometric progression', `client ${id} save ${n}?`, `answer ${id}.${n}`)];
    const res = await call('PUT', url, cookie, { baseTextHash: hashOf(problem), version: basedOn, points, activeMs: 10 });
    if (stale) tally.staleSent++;
    if (res.status === 200) {
      tally.acks.push({ questionId: problem.questionId, basedOn, version: (res.json as { version: number }).version, points });
    } else if (res.status === 409) {
      tally.conflicts++;
      if (stale) tally.staleRejected++;
    } else {
      tally.otherStatuses.push(`PUT ${res.status} ${JSON.stringify(res.json)}`);
    }
  }
}

function storedPoints(questionId: string): { version: number; questions: string[] } {
  const [row] = annotationsOf(ctx.db, problemIdOf(ctx.db, questionId));
  return { version: row!.version, questions: row!.points.map((p) => p.question) };
}

describe('concurrent draft saves', () => {
  it('20 clients: no 5xx, stale writes get 409, and no acknowledged save is lost', async () => {
    const tally: Tally = { acks: [], conflicts: 0, staleSent: 0, staleRejected: 0, otherStatuses: [] };
    const annaCookies = Array.from({ length: SHARED_CLIENTS }, () => cookieFor(ctx.db, anna));
    const deadline = Date.now() + DURATION_MS;
    await Promise.all([
      ...annaCookies.map((cookie, i) => client(i, cookie, sharedProblem, deadline, tally)),
      ...solo.map((s, i) => client(SHARED_CLIENTS + i, cookieFor(ctx.db, s.user), s.problem, deadline, tally)),
    ]);

    expect(tally.otherStatuses).toEqual([]);
    expect(tally.staleSent).toBeGreaterThan(0);
    expect(tally.staleRejected).toBe(tally.staleSent);
    expect(tally.conflicts).toBeGreaterThan(tally.staleSent); // the ten tabs really raced each other

    for (const questionId of [sharedProblem.questionId, ...solo.map((s) => s.problem.questionId)]) {
      const acks = tally.acks.filter((a) => a.questionId === questionId).sort((a, b) => a.version - b.version);
      expect(acks.length, questionId).toBeGreaterThan(0);
      // every acknowledged save moved the version by exactly one from the version it named: no two saves won on the same base
      expect(acks.map((a) => a.version)).toEqual(acks.map((_, i) => i + 1));
      expect(acks.every((a) => a.version === a.basedOn + 1)).toBe(true);
      // the stored annotation is the last acknowledged save
      const last = acks[acks.length - 1]!;
      expect(storedPoints(questionId)).toEqual({ version: last.version, questions: last.points.map((p) => p.question) });
    }
    const saves = eventsOf(ctx.db, 'annotation.save').length;
    expect(saves).toBe(tally.acks.length);
  });
});

describe('another process holding the write lock', () => {
  it('a save waits for the lock (asynchronously, see test/api/lockWait.test.ts) and succeeds instead of failing', async () => {
    const cookie = cookieFor(ctx.db, anna);
    const url = `/api/annotations/${sharedProblem.questionId}`;
    const { version } = (await call('GET', url, cookie)).json as { version: number };
    const lock = await holdWriteLock(ctx.file, 400);
    const res = await call('PUT', url, cookie, { baseTextHash: hashOf(sharedProblem), version, points: [pointFor(sharedProblem.baseText, 'Yes', 'Which word?', 'Yes')] });
    await lock.released;
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    expect((res.json as { version: number }).version).toBe(version + 1);
  });

  it('a lock held past the wait gives 503 with Retry-After and the error shape, never a 500, and nothing half-written', async () => {
    const cookie = cookieFor(ctx.db, anna);
    const url = `/api/annotations/${sharedProblem.questionId}`;
    const before = storedPoints(sharedProblem.questionId);
    const impatient = await listen(ctx.db, { lockWaitMs: 100 });
    const lock = await holdWriteLock(ctx.file, 1500);
    try {
      const res = await fetch(`${impatient.url}${url}`, {
        method: 'PUT',
        headers: { Cookie: cookie, 'Content-Type': 'application/json' },
        body: JSON.stringify({ baseTextHash: hashOf(sharedProblem), version: before.version, points: [pointFor(sharedProblem.baseText, 'Yes', 'Lost?', 'No')] }),
      });
      expect(res.status).toBe(503);
      expect(res.headers.get('retry-after')).toBe('1');
      expect(((await res.json()) as { error: { code: string } }).error.code).toBe('unavailable');
    } finally {
      await lock.released;
      await impatient.close();
    }
    expect(storedPoints(sharedProblem.questionId)).toEqual(before);
  });
});
