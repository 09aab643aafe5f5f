import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findAnnotationRow, setLastSave } from '../../db/annotationDrafts';
import { setAnnotationStatus } from '../../db/annotations';
import { cardEffort } from '../../server/services/releases/facts';
import { ACTIVE_MS_SLACK } from '../../server/services/annotations';
import { SAMPLE_HASH } from '../support/baseText';
import { assign, buildProblem, buildUser, type BuiltProblem } from '../support/builders';
import { tempDb } from '../support/db';
import { loginAs, testApp, type Agent } from '../support/http';
import { lastEventOf } from '../support/state';

// The active time a save reports is capped by the wall time since that
// annotation's previous save (or since it was assigned, for the first save) plus a small slack;
// the data card's effort figures are the capped ones.
const ctx = tempDb();
const app = testApp(ctx.db);
let problem: BuiltProblem;
let userId: number;
let agent: Agent;
const url = () => `/api/annotations/${problem.questionId}`;
const ago = (ms: number) => new Date(Date.now() - ms).toISOString();
const stored = () => findAnnotationRow(ctx.db, problem.id, userId)!;
const save = (version: number, activeMs: number) => agent.put(url()).send({ baseTextHash: SAMPLE_HASH, version, points: [], activeMs });

beforeAll(async () => {
  problem = buildProblem(ctx.db);
  const user = await buildUser(ctx.db);
  userId = user.id;
  assign(ctx.db, problem.id, user.id, 1);
  agent = await loginAs(app, user);
});
afterAll(() => ctx.cleanup());

describe('time on task is capped by wall time', () => {
  it('a first save right after the assignment cannot claim ten minutes', async () => {
    const res = await save(0, 600_000);
    expect(res.status).toBe(200);
    expect(res.body.activeMs).toBeLessThanOrEqual(ACTIVE_MS_SLACK + 2_000);
    expect(stored().active_ms).toBe(res.body.activeMs);
  });

  it('a save 0.6 s after the previous one adds at most that wall time plus the slack', async () => {
    const before = stored().active_ms;
    const res = await save(stored().version, 600_000);
    expect(res.body.activeMs - before).toBeLessThanOrEqual(ACTIVE_MS_SLACK + 2_000);
    const event = lastEventOf(ctx.db, 'annotation.save')!;
    expect(event.details).toMatchObject({ activeMs: res.body.activeMs - before, reportedActiveMs: 600_000 });
  });

  it('a plausible report (less than the wall time since the previous save) is credited in full', async () => {
    setLastSave(ctx.db, stored().id, ago(120_000), Date.now() - 120_000);
    const before = stored().active_ms;
    const res = await save(stored().version, 90_000);
    expect(res.body.activeMs).toBe(before + 90_000);
  });

  it('a report beyond the wall time is cut to it (plus slack)', async () => {
    setLastSave(ctx.db, stored().id, ago(60_000), Date.now() - 60_000);
    const before = stored().active_ms;
    const res = await save(stored().version, 600_000);
    const added = res.body.activeMs - before;
    expect(added).toBeGreaterThanOrEqual(60_000);
    expect(added).toBeLessThanOrEqual(60_000 + ACTIVE_MS_SLACK + 2_000);
  });

  it('negative and absurd values are refused with a field-named 400', async () => {
    for (const activeMs of [-1, 600_001, 1e12, 1.5]) {
      const res = await save(stored().version, activeMs);
      expect(res.status).toBe(400);
      expect(res.body.error.message).toMatch(/^activeMs: /);
    }
  });

  it('the data card counts only the capped time', async () => {
    setAnnotationStatus(ctx.db, problem.id, userId, 'submitted');
    const effort = cardEffort(ctx.db, [problem.id]);
    expect(effort.totalMs).toBe(stored().active_ms);
    expect(effort.totalMs).toBeLessThan(90_000 + 60_000 + 3 * (ACTIVE_MS_SLACK + 2_000));
  });
});
