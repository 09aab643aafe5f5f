/**
 * A pilot cannot fill the disk. Code saves are rate-limited per session (429 with
 * Retry-After, nothing written); snapshots are kept at most one per 15 s, never for code
 * identical to the previous snapshot, and up to MAX_SNAPSHOT_CHARS per session (the submitted
 * code is always kept). The clock is injected where time matters.
 */
import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Actor } from '../../db/events';
import { DomainError } from '../../server/domain/errors';
import { MAX_SNAPSHOT_CHARS } from '../../server/services/pilots/code';
import { askQuestion, readySession, saveDraftCode, startCoding, submitSession } from '../../server/services/pilots/session';
import { createStudy } from '../../server/services/pilots/studies';
import { createStudyBody, MAX_CODE_CHARS } from '../../shared/schemas/pilots';
import { tempDb } from '../support/db';
import { loginAs, testApp } from '../support/http';
import { buildPilotWorld, PILOT_RELEASE, type PilotWorld } from '../support/pilotWorld';
import { sessionRow, sessionsOfStudy, sessionsOfUser, snapshotsOfSession, studyByName, turnsOfSession } from '../../db/pilots';

const ctx = tempDb();
let w: PilotWorld;
let actor: Actor;
let sessions: number[];

beforeAll(async () => {
  w = await buildPilotWorld(ctx.db);
  actor = { id: w.users.pia.id, name: 'pia' };
  createStudy(ctx.db, w.mara, createStudyBody.parse({ name: 'disk', release: PILOT_RELEASE, pilots: ['pia'] }));
  sessions = sessionsOfStudy(ctx.db, studyByName(ctx.db, 'disk')!.id)
    .sort((a, b) => a.position - b.position)
    .map((r) => r.id);
});
afterAll(() => ctx.cleanup());

const bytesOnDisk = () => [ctx.file, `${ctx.file}-wal`].reduce((n, f) => n + (fs.existsSync(f) ? fs.statSync(f).size : 0), 0);
const snapshots = (id: number) => snapshotsOfSession(ctx.db, id).map((s) => ({ version: s.version, saved_at: s.saved_at, chars: s.code.length }));
/** Code of the largest size, different at every save. */
const bigCode = (i: number) => `# ${String(i).padStart(6, '0')}\n${'x'.repeat(MAX_CODE_CHARS - 9)}`;

function tryingSave(id: number, version: number, code: string, at: number): number | null {
  try {
    return saveDraftCode(ctx.db, actor, w.users.pia.id, id, { version, code, activeMs: 0, pastes: 0 }, () => at).version;
  } catch (err) {
    if (err instanceof DomainError && err.code === 'rate_limited') return null;
    throw err;
  }
}

describe('a pilot cannot fill the disk', () => {
  it('150 autosaves of 200,000-character code in 13.4 s grow the database by less than 20 MB', () => {
    const id = sessions[0]!;
    let t = Date.parse('2026-03-01T10:00:00.000Z');
    readySession(ctx.db, { id: w.users.pia.id, name: 'pilot' }, w.users.pia.id, id, () => t);
    let version = startCoding(ctx.db, actor, w.users.pia.id, id, () => t).code.version;
    const before = bytesOnDisk();
    let accepted = 0;
    for (let i = 0; i < 150; i++) {
      t += 89;
      const next = tryingSave(id, version, bigCode(i), t);
      if (next !== null) {
        version = next;
        accepted++;
      }
    }
    const grown = bytesOnDisk() - before;
    expect(accepted).toBeGreaterThan(0);
    expect(accepted).toBeLessThan(20);
    expect(snapshots(id).length).toBe(1);
    expect(grown).toBeLessThan(20 * 1024 * 1024);
  });

  it('keeps at most one snapshot per 15 s, none for identical code, and the submitted code always', () => {
    const id = sessions[1]!;
    let t = Date.parse('2026-03-01T11:00:00.000Z');
    readySession(ctx.db, { id: w.users.pia.id, name: 'pilot' }, w.users.pia.id, id, () => t);
    let version = startCoding(ctx.db, actor, w.users.pia.id, id, () => t).code.version;
    // A save every 5 s for a minute: 12 saves, snapshots at 0, 15, 30, 45 s.
    for (let i = 0; i < 12; i++) {
      version = tryingSave(id, version, `print(${i})`, t)!;
      t += 5_000;
    }
    const kept = snapshots(id);
    expect(kept.length).toBe(4);
    for (let i = 1; i < kept.length; i++) expect(Date.parse(kept[i]!.saved_at) - Date.parse(kept[i - 1]!.saved_at)).toBeGreaterThanOrEqual(15_000);
    // 20 s later "print(11)" is kept; the same code 20 s after that is saved (a new version) but not stored again.
    t += 20_000;
    version = tryingSave(id, version, 'print(11)', t)!;
    expect(snapshots(id).length).toBe(5);
    t += 20_000;
    version = tryingSave(id, version, 'print(11)', t)!;
    expect(snapshots(id).length).toBe(5);
    const count = snapshots(id).length;
    // The submit a second later is kept although the last snapshot is that recent.
    submitSession(ctx.db, actor, w.users.pia.id, id, { version, code: 'print("final")', activeMs: 0, pastes: 0 }, () => t + 17_000);
    expect(snapshots(id).length).toBe(count + 1);
  });

  it(`bounds a session's autosave snapshots to ${MAX_SNAPSHOT_CHARS.toLocaleString('en')} characters`, () => {
    createStudy(ctx.db, w.mara, createStudyBody.parse({ name: 'disk2', release: PILOT_RELEASE, pilots: ['pete'] }));
    const pete = w.users.pete;
    const id = sessionsOfUser(ctx.db, pete.id)[0]!.id;
    const peteActor: Actor = { id: pete.id, name: 'pete' };
    let t = Date.parse('2026-03-01T12:00:00.000Z');
    readySession(ctx.db, { id: pete.id, name: 'pilot' }, pete.id, id, () => t);
    let version = startCoding(ctx.db, peteActor, pete.id, id, () => t).code.version;
    for (let i = 0; i < 40; i++) {
      t += 16_000;
      version = saveDraftCode(ctx.db, peteActor, pete.id, id, { version, code: bigCode(i), activeMs: 0, pastes: 0 }, () => t).version;
    }
    const chars = snapshots(id).reduce((n, s) => n + s.chars, 0);
    expect(chars).toBeLessThanOrEqual(MAX_SNAPSHOT_CHARS);
    expect(snapshots(id).length).toBe(Math.floor(MAX_SNAPSHOT_CHARS / MAX_CODE_CHARS));
    expect(sessionRow(ctx.db, id)!.version).toBe(version);
  });

  it('answers too many saves with 429 rate_limited and Retry-After, writing nothing', async () => {
    const id = sessions[0]!;
    const pia = await loginAs(testApp(ctx.db), w.users.pia);
    let version = sessionRow(ctx.db, id)!.version;
    let refused: { status: number; headers: Record<string, string>; body: { error: { code: string; message: string } } } | null = null;
    for (let i = 0; i < 20 && !refused; i++) {
      const res = await pia.put(`/api/pilot/sessions/${id}/code`).send({ version, code: `print(${i})` });
      if (res.status === 200) version = res.body.version;
      else refused = res;
    }
    expect(refused).not.toBeNull();
    expect(refused!.status).toBe(429);
    expect(refused!.body.error.code).toBe('rate_limited');
    expect(refused!.body.error.message).toMatch(/^Too many code saves on this task: try again in \d+ s\.$/);
    expect(Number(refused!.headers['retry-after'])).toBeGreaterThan(0);
    expect(sessionRow(ctx.db, id)!.version).toBe(version);
  });

  it('rate-limits questions per session: 3 at once, then one per 3 s (429 with the wait), nothing stored', () => {
    const pete = w.users.pete;
    const peteActor: Actor = { id: pete.id, name: 'pete' };
    const id = sessionsOfStudy(ctx.db, studyByName(ctx.db, 'disk2')!.id)
      .filter((s) => s.status === 'new')
      .sort((a, b) => a.position - b.position)[0]!.id;
    const t = Date.parse('2026-03-01T13:00:00.000Z');
    const ask = (at: number, i: number) => askQuestion(ctx.db, peteActor, pete.id, id, `Is case ${i} allowed?`, () => at);
    for (let i = 0; i < 3; i++) ask(t + i, i);
    let refused: DomainError | null = null;
    try {
      ask(t + 3, 3);
    } catch (err) {
      refused = err as DomainError;
    }
    expect(refused).toBeInstanceOf(DomainError);
    expect(refused!.code).toBe('rate_limited');
    expect(refused!.retryAfterSeconds).toBe(3);
    expect(turnsOfSession(ctx.db, id).length).toBe(3);
    expect(ask(t + 3_010, 4).turn.turn).toBe(3);
  });
});
