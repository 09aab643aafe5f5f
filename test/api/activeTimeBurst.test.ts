/**
 * Active time never stacks. A burst of saves, each claiming ten minutes, is credited
 * at most the burst's wall time plus one slack — not one slack per save — for annotation drafts
 * and for a pilot's code saves. The clock is injected; nothing here depends on the machine's speed.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assignedAt as assignedAtOf, findAnnotationRow } from '../../db/annotationDrafts';
import { sessionRow, sessionsOfStudy, studyByName } from '../../db/pilots';
import type { Actor } from '../../db/events';
import { ACTIVE_MS_SLACK, creditActiveTime } from '../../server/services/activeTime';
import { saveDraft } from '../../server/services/annotations';
import { readySession, saveDraftCode, startCoding } from '../../server/services/pilots/session';
import { createStudy } from '../../server/services/pilots/studies';
import { DomainError } from '../../server/domain/errors';
import { createStudyBody } from '../../shared/schemas/pilots';
import { SAMPLE_HASH } from '../support/baseText';
import { assign, buildProblem, buildUser } from '../support/builders';
import { tempDb } from '../support/db';
import { buildPilotWorld, PILOT_RELEASE, type PilotWorld } from '../support/pilotWorld';

const ctx = tempDb();
let w: PilotWorld;
const TEN_MINUTES = 600_000;
/** 100 saves 3 ms apart: 0.3 s of wall time. */
const SAVES = 100;
const STEP_MS = 3;

beforeAll(async () => {
  w = await buildPilotWorld(ctx.db);
});
afterAll(() => ctx.cleanup());

describe('the credit rule', () => {
  it('n credits within w ms add up to at most w + one slack', () => {
    let since: number | null = 1_000_000;
    let total = 0;
    for (let i = 1; i <= SAVES; i++) {
      const c = creditActiveTime(TEN_MINUTES, 1_000_000 + i * STEP_MS, since);
      total += c.credited;
      since = c.mark;
    }
    expect(total).toBeLessThanOrEqual(SAVES * STEP_MS + ACTIVE_MS_SLACK);
  });

  it('a report within the wall time since the previous save is credited in full, and idle time is not banked beyond it', () => {
    const first = creditActiveTime(60_000, 1_000_000 + 120_000, 1_000_000);
    expect(first.credited).toBe(60_000);
    // 60 s later: 60 s (plus the slack) may be credited, not the 60 s left unclaimed before.
    const second = creditActiveTime(TEN_MINUTES, 1_000_000 + 180_000, first.mark);
    expect(second.credited).toBe(60_000 + ACTIVE_MS_SLACK);
  });
});

describe('annotation drafts', () => {
  it('100 saves in 0.3 s claiming 600 s each credit at most 0.3 s + the slack', async () => {
    const user = await buildUser(ctx.db);
    const problem = buildProblem(ctx.db);
    assign(ctx.db, problem.id, user.id, 1);
    const assignedAt = Date.parse(assignedAtOf(ctx.db, problem.id, user.id)!);
    const actor: Actor = { id: user.id, name: user.username };
    let t = assignedAt;
    let version = 0;
    for (let i = 0; i < SAVES; i++) {
      t += STEP_MS;
      version = saveDraft(ctx.db, user, actor, problem.questionId, { baseTextHash: SAMPLE_HASH, version, points: [], activeMs: TEN_MINUTES }, () => t).version;
    }
    const stored = findAnnotationRow(ctx.db, problem.id, user.id)!;
    expect(stored.active_ms).toBeLessThanOrEqual(SAVES * STEP_MS + ACTIVE_MS_SLACK);
  });
});

describe("a pilot's code saves", () => {
  it('100 saves in 0.3 s claiming 600 s each credit at most 0.3 s + the slack (refused ones credit nothing)', () => {
    createStudy(ctx.db, w.mara, createStudyBody.parse({ name: 'burst', release: PILOT_RELEASE, pilots: ['pia'] }));
    const pia = w.users.pia;
    const actor: Actor = { id: pia.id, name: pia.username };
    const id = sessionsOfStudy(ctx.db, studyByName(ctx.db, 'burst')!.id).sort((a, b) => a.position - b.position)[0]!.id;
    let t = Date.parse('2026-03-01T10:00:00.000Z');
    readySession(ctx.db, { id: pia.id, name: 'pilot' }, pia.id, id, () => t);
    let version = startCoding(ctx.db, actor, pia.id, id, () => t).code.version;
    let refused = 0;
    for (let i = 0; i < SAVES; i++) {
      t += STEP_MS;
      try {
        version = saveDraftCode(ctx.db, actor, pia.id, id, { version, code: `print(${i})`, activeMs: TEN_MINUTES, pastes: 0 }, () => t).version;
      } catch (err) {
        if (!(err instanceof DomainError) || err.code !== 'rate_limited') throw err;
        refused++;
      }
    }
    expect(refused).toBeGreaterThan(0);
    const stored = sessionRow(ctx.db, id)!;
    expect(stored.active_ms).toBeLessThanOrEqual(SAVES * STEP_MS + ACTIVE_MS_SLACK);
  });
});
