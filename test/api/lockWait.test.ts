import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { annotationStates } from '../../db/annotations';
import { assign, buildProblem, buildUser, type BuiltProblem } from '../support/builders';
import { hashOf } from '../support/baseText';
import { tempDb } from '../support/db';
import { holdWriteLockUntilReleased, listen } from '../support/liveServer';
import { cookieFor, pointFor } from '../support/world';

// While another process (a CLI import, a backup, a restore) holds the database's write lock, a
// save waits for it without freezing the server: everyone else's requests keep being answered.
const ctx = tempDb();
let server: Awaited<ReturnType<typeof listen>>;
let problem: BuiltProblem;
let annaCookie: string;
let benCookie: string;

beforeAll(async () => {
  const anna = await buildUser(ctx.db, { username: 'anna' });
  const ben = await buildUser(ctx.db, { username: 'ben' });
  problem = buildProblem(ctx.db);
  assign(ctx.db, problem.id, anna.id, 1);
  assign(ctx.db, buildProblem(ctx.db).id, ben.id, 1);
  annaCookie = cookieFor(ctx.db, anna);
  benCookie = cookieFor(ctx.db, ben);
  server = await listen(ctx.db);
});
afterAll(async () => {
  await server?.close();
  ctx.cleanup();
});

async function call(method: string, path: string, cookie: string, body?: unknown): Promise<{ status: number; json: Record<string, unknown>; retryAfter: string | null }> {
  const res = await fetch(`${server.url}${path}`, {
    method,
    headers: { Cookie: cookie, ...(body === undefined ? {} : { 'Content-Type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  return { status: res.status, json: text ? (JSON.parse(text) as Record<string, unknown>) : {}, retryAfter: res.headers.get('retry-after') };
}

describe('a save waiting for another process’s write lock', () => {
  it('does not hold up other users: their reads are answered while the lock is still held, and the save succeeds after release', async () => {
    const url = `/api/annotations/${problem.questionId}`;
    const lock = await holdWriteLockUntilReleased(ctx.file, 3000);
    let released = false;
    void lock.released.then(() => (released = true));
    let saveAnswered = false;
    const save = call('PUT', url, annaCookie, { baseTextHash: hashOf(problem), version: 0, points: [pointFor(problem.baseText, 'geometric', 'Which progression?', 'geometric')] }).finally(
      () => (saveAnswered = true),
    );
    await new Promise((r) => setTimeout(r, 150)); // the save has reached the locked database

    const reads: { status: number }[] = [];
    for (let i = 0; i < 10; i++) {
      reads.push(await call('GET', '/api/me', benCookie));
      reads.push(await call('GET', '/api/assignments', benCookie));
    }
    // every read was answered while the other process still held the lock, and the save is still waiting
    expect(released).toBe(false);
    expect(saveAnswered).toBe(false);
    expect(reads.map((r) => r.status)).toEqual(reads.map(() => 200));

    lock.release();
    await lock.released;
    const saved = await save;
    expect(saved.status, JSON.stringify(saved.json)).toBe(200);
    expect(saved.json.version).toBe(1);
    expect(annotationStates(ctx.db)[0]!.version).toBe(1);
  });

  it('a lock held past the wait gives 503 with Retry-After, never a 500, and nothing is written', async () => {
    const impatient = await listen(ctx.db, { lockWaitMs: 300 });
    try {
      const url = `/api/annotations/${problem.questionId}`;
      const lock = await holdWriteLockUntilReleased(ctx.file, 3000);
      let released = false;
      void lock.released.then(() => (released = true));
      const res = await fetch(`${impatient.url}${url}`, {
        method: 'PUT',
        headers: { Cookie: annaCookie, 'Content-Type': 'application/json' },
        body: JSON.stringify({ baseTextHash: hashOf(problem), version: 1, points: [pointFor(problem.baseText, 'geometric', 'Lost?', 'geometric')] }),
      });
      expect(released).toBe(false);
      expect(res.status).toBe(503);
      expect(res.headers.get('retry-after')).toBe('1');
      expect(((await res.json()) as { error: { code: string } }).error.code).toBe('unavailable');
      lock.release();
      await lock.released;
    } finally {
      await impatient.close();
    }
    expect(annotationStates(ctx.db)[0]!.version).toBe(1);
  });
});
