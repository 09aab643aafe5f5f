import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Request, Response } from 'express';
import { annotationStates } from '../../db/annotations';
import { errorHandler } from '../../server/http/mount';
import { assign, buildProblem, buildUser, type BuiltProblem } from '../support/builders';
import { hashOf } from '../support/baseText';
import { tempDb } from '../support/db';
import { loginAs, testApp, type Agent } from '../support/http';
import { pointFor } from '../support/world';
import { annotationsOf, rowCount } from '../support/state';

const ctx = tempDb();
const app = testApp(ctx.db);
let problem: BuiltProblem;
let agent: Agent;

beforeAll(async () => {
  const anna = await buildUser(ctx.db, { username: 'anna' });
  problem = buildProblem(ctx.db);
  assign(ctx.db, problem.id, anna.id, 1);
  agent = await loginAs(app, anna);
});
afterAll(() => ctx.cleanup());

const stored = () => ({
  annotation: annotationStates(ctx.db).map(({ version }) => ({ version }))[0],
  questions: annotationsOf(ctx.db, problem.id).flatMap((a) => a.points.map((p) => p.question)).join('|'),
  events: rowCount(ctx.db, 'events'),
});

describe('a full disk', () => {
  it('a save that needs more room than the database may take gets 507 with a clear message, and nothing is half-written', async () => {
    const url = `/api/annotations/${problem.questionId}`;
    const first = await agent.put(url).send({ baseTextHash: hashOf(problem), version: 0, points: [pointFor(problem.baseText, 'geometric', 'Which progression?', 'geometric')] });
    expect(first.status).toBe(200);
    const before = stored();
    // the database may not grow by a single page: any write that needs a new page fails with SQLITE_FULL
    ctx.db.exec('VACUUM'); // no free pages left over from migrations to take the write
    const pages = ctx.db.pragma('page_count', { simple: true }) as number;
    ctx.db.pragma(`max_page_count = ${pages}`);
    try {
      const long = 'Which of the many kinds of progression is meant, and what about '.repeat(60).slice(0, 4000);
      const res = await agent.put(url).send({ baseTextHash: hashOf(problem), version: 1, points: [{ ...pointFor(problem.baseText, 'geometric', long, 'geometric'), answer: long }] });
      expect(res.status).toBe(507);
      expect(res.body.error.code).toBe('storage_full');
      expect(res.body.error.message).toMatch(/disk.*full.*not saved/i);
      expect(stored()).toEqual(before);
    } finally {
      ctx.db.pragma('max_page_count = 1073741823');
    }
    const after = await agent.put(url).send({ baseTextHash: hashOf(problem), version: 1, points: [pointFor(problem.baseText, 'geometric', 'Saved once there is room?', 'geometric')] });
    expect(after.status).toBe(200);
  });

  it('other storage failures (SQLITE_IOERR…) get 503 with Retry-After and a clear message, never a generic 500', () => {
    const logged: unknown[] = [];
    const handle = errorHandler();
    for (const code of ['SQLITE_IOERR', 'SQLITE_IOERR_WRITE', 'SQLITE_IOERR_FSYNC']) {
      const sent: { status?: number; body?: unknown; headers: Record<string, string> } = { headers: {} };
      const res = {
        locals: {},
        headersSent: false,
        setHeader: (name: string, value: string) => (sent.headers[name.toLowerCase()] = value),
        status(status: number) {
          sent.status = status;
          return this;
        },
        json(body: unknown) {
          sent.body = body;
          return this;
        },
      } as unknown as Response;
      handle(Object.assign(new Error('disk I/O error'), { code }), {} as Request, res, () => {});
      expect(sent.status, code).toBe(503);
      // the request log writes the failure with its stack (a 5xx at level error)
      logged.push((res.locals as { error?: unknown }).error);
      expect(sent.headers['retry-after'], code).toBeDefined();
      expect(sent.body).toEqual({ error: { code: 'storage_error', message: expect.stringMatching(/could not write.*not saved/i) } });
    }
    expect(logged.filter((e) => e instanceof Error)).toHaveLength(3); // operators see every storage failure in the log
  });
});
