import { afterAll, describe, expect, it } from 'vitest';
import fs from 'node:fs';
import path from 'node:path';
import { all, get, type DB } from '../../db/database';
import { CLI_ACTOR } from '../../db/events';
import { importLcbFile } from '../../server/services/lcbImport';
import { copyOfDb, tempDb, tempDir } from '../support/db';
import { testApp } from '../support/http';
import { lcbRecord } from '../support/lcbRecords';
import { routeKey, writeRoutes } from '../support/routes';
import { send } from '../support/routeCalls';
import { TABLE } from '../support/routeTable';
import { buildWorld, WHO, type Who, type World } from '../support/world';
import { hashOf } from '../support/baseText';

/**
 * The audit actions each state-changing route must append (null: the route changes no
 * domain state — logout ends a session, preview only computes).
 */
const ACTIONS: Record<string, string[] | null> = {
  'POST /api/auth/login': ['auth.login'],
  'POST /api/auth/logout': null,
  'PUT /api/annotations/:questionId': ['annotation.save'],
  'POST /api/annotations/:questionId/submit': ['annotation.submit'],
  'POST /api/adjudications/:questionId/return': ['annotation.return'],
  'POST /api/assignments/:questionId/skip': ['assignment.skip'],
  'DELETE /api/assignments/:questionId/skip': ['assignment.unskip'],
  'PUT /api/guidelines': ['guidelines.save'],
  // Like a read mark in a discussion: the annotator's own bookmark in the guidelines.
  'PUT /api/guidelines/seen': null,
  'PUT /api/me/password': ['user.password'],
  'POST /api/problems/import': ['problem.import'],
  'POST /api/users': ['user.create'],
  'PUT /api/users/:username': ['user.update'],
  'DELETE /api/users/:username/login-lock': ['user.unlock'],
  'POST /api/assignments/auto': ['assignment.auto'],
  'PUT /api/assignments/:questionId': ['assignment.set'],
  'POST /api/batches': ['batch.create'],
  'POST /api/batches/:name/assign/preview': null,
  'POST /api/batches/:name/assign': ['batch.assign'],
  'POST /api/batches/:name/replace/preview': null,
  'POST /api/batches/:name/replace': ['batch.replace'],
  'PUT /api/batches/:name': ['batch.update'],
  'POST /api/batches/:name/problems': ['batch.problems'],
  'DELETE /api/batches/:name': ['batch.delete'],
  'PUT /api/suggestion-policy': ['settings.update'],
  'PUT /api/suggestion-policy/batches/:name': ['batch.update'],
  'PUT /api/adjudications/:questionId': ['adjudication.save'],
  'POST /api/adjudications/:questionId/resolve': ['adjudication.resolve'],
  'POST /api/adjudications/:questionId/accept': ['adjudication.accept'],
  'POST /api/adjudications/:questionId/reopen': ['adjudication.reopen'],
  'PUT /api/adjudications/:questionId/overrides/:subset': ['adjudication.override'],
  'DELETE /api/adjudications/:questionId/overrides/:subset': ['adjudication.override.remove'],
  'PUT /api/settings/reveal-names': ['settings.update'],
  'PUT /api/settings/release': ['settings.update'],
  'POST /api/releases/preview': null,
  'POST /api/releases': ['release.cut'],
  'POST /api/releases/:name/publish': ['release.publish'],
  'POST /api/annotations/import': ['annotation.import', 'user.create'],
  'POST /api/runs/import': ['run.import'],
  'POST /api/runs/tasks/:taskId/flag': ['adjudication.reopen'],
  'POST /api/pilot-studies': ['pilot_study.create'],
  'PUT /api/pilot-studies/:study/questions/:id/review': ['pilot_question.review'],
  // The world's session was opened by its question: Ready again changes nothing (the first Ready's pilot_session.open: test/api/pilots.test.ts).
  'POST /api/pilot/sessions/:id/ready': null,
  'POST /api/pilot/sessions/:id/questions': ['pilot_session.ask'],
  'POST /api/pilot/sessions/:id/code': ['pilot_session.code'],
  'PUT /api/pilot/sessions/:id/code': ['pilot_session.save'],
  'POST /api/pilot/sessions/:id/submit': ['pilot_session.submit'],
  'POST /api/problems/:questionId/comments': ['comment.flag'],
  'POST /api/problems/:questionId/comments/read': null,
  'POST /api/problems/:questionId/comments/:commentId/resolve': ['comment.resolve'],
  'POST /api/judge-audits': ['judge_audit.create'],
  'PUT /api/judge-audits/:name/items/:id': ['judge_audit.label'],
  // Undo of a label the caller never gave: nothing to take back.
  'DELETE /api/judge-audits/:name/items/:id': null,
};

// Read marks are a reader's own bookmark in a discussion or the guidelines, like a session: no domain state, no audit event.
const NOT_STATE = new Set(['events', 'sessions', 'schema_migrations', 'comment_reads', 'guidelines_seen']);

/** Every row of every domain table (sessions too when asked): equal snapshots mean nothing changed. */
function snapshot(db: DB, withSessions = false): string {
  const tables = all<{ name: string }>(db, "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name")
    .map((t) => t.name)
    .filter((t) => !NOT_STATE.has(t) || (withSessions && t === 'sessions'));
  return JSON.stringify(tables.map((t) => [t, all<unknown>(db, `SELECT * FROM "${t}"`).map((r) => JSON.stringify(r)).sort()]));
}

const lastEventId = (db: DB) => get<{ m: number | null }>(db, 'SELECT MAX(id) AS m FROM events')?.m ?? 0;
const eventsAfter = (db: DB, id: number) => all<{ action: string; actor: string }>(db, 'SELECT action, actor FROM events WHERE id > ? ORDER BY id', [id]);

function caller(key: string): Who {
  const expectOk = WHO.filter((w) => TABLE[key]!.expect[w] < 400);
  return (['maintainer', 'owner', 'adjudicator', 'pilot', 'anonymous'] as const).find((w) => expectOk.includes(w))!;
}

// Every test starts from a copy of one world built once (no request touches this one).
const pristine = tempDb();
let pristineWorld: World | undefined;
afterAll(() => pristine.cleanup());

async function fresh(): Promise<{ world: World; cleanup: () => void }> {
  pristineWorld ??= await buildWorld(pristine.db);
  const ctx = copyOfDb(pristine.db);
  return { world: { ...pristineWorld, db: ctx.db }, cleanup: ctx.cleanup };
}

const usernameOf = (world: World, who: Who) => (who === 'anonymous' ? 'anonymous' : world.users[who].username);

/**
 * Routes whose success needs what the matrix world does not have, with the test that checks
 * their events instead: starting a suggestion job needs an LLM endpoint (a fake one there).
 */
const AUDITED_ELSEWHERE: Record<string, string> = {
  'POST /api/suggestion-jobs': 'test/api/suggestionGenerate.test.ts (suggestions.generate, suggestions.generate.finish)',
  // The test world has no sandbox (503 sandbox_off); running code changes no work and is kept as
  // the session's telemetry, not as an event.
  'POST /api/pilot/sessions/:id/run': 'test/api/pilotCode.test.ts (telemetry rows, no event)',
  'POST /api/pilot/sessions/:id/test': 'test/api/pilotCode.test.ts (telemetry rows, no event)',
  // Skipping is offered only after the study's minutes; answering only once a task is done.
  'POST /api/pilot/sessions/:id/skip': 'test/api/pilotCode.test.ts (pilot_session.skip)',
  'POST /api/pilot/sessions/:id/questionnaire': 'test/api/pilotCode.test.ts (pilot_session.questionnaire)',
  // The matrix world's one flag is open (409 here); reopening a closed one is tested there.
  'POST /api/problems/:questionId/comments/:commentId/reopen': 'test/api/flagReopen.test.ts (comment.reopen)',
};

describe('audit log', () => {
  it('knows the audit actions of every state-changing route', () => {
    const keys = writeRoutes().map(routeKey);
    expect(keys.filter((k) => !(k in ACTIONS) && !(k in AUDITED_ELSEWHERE)), 'routes without an audit expectation').toEqual([]);
    expect(Object.keys(ACTIONS).filter((k) => !keys.includes(k))).toEqual([]);
  });

  for (const route of writeRoutes()) {
    const key = routeKey(route);
    const actions = ACTIONS[key];
    if (actions === undefined) continue;

    it(`${key}: ${actions ? `appends ${actions.join(' + ')} by the caller` : 'changes no state and appends nothing'}`, async () => {
      const { world, cleanup } = await fresh();
      const who = caller(key);
      const before = snapshot(world.db);
      const last = lastEventId(world.db);
      const res = await send(testApp(world.db), world, who, route, TABLE[key]!);
      expect(res.status, res.text).toBeLessThan(300);
      const added = eventsAfter(world.db, last);
      if (actions === null) {
        expect(added).toEqual([]);
        expect(snapshot(world.db)).toBe(before);
      } else {
        expect([...new Set(added.map((e) => e.action))].sort()).toEqual([...actions].sort());
        expect(new Set(added.map((e) => e.actor))).toEqual(new Set([usernameOf(world, key === 'POST /api/auth/login' ? 'owner' : who)]));
      }
      cleanup();
    });

    if (!actions) continue;
    it(`${key}: when the event cannot be written, the change is rolled back with it`, async () => {
      const { world, cleanup } = await fresh();
      const before = snapshot(world.db, true);
      // A temporary trigger (this connection only) makes every event insert fail.
      world.db.exec("CREATE TEMP TRIGGER audit_down BEFORE INSERT ON main.events BEGIN SELECT RAISE(ABORT, 'audit log unavailable'); END");
      const res = await send(testApp(world.db), world, caller(key), route, TABLE[key]!);
      world.db.exec('DROP TRIGGER temp.audit_down');
      expect(res.status).toBeGreaterThanOrEqual(500);
      expect(res.body.error.code).toBe('internal');
      expect(snapshot(world.db, true)).toBe(before);
      cleanup();
    });
  }

  it('a rejected action (invalid body, stale version) appends no event', async () => {
    // one body that breaks every route's schema
    const INVALID = { version: -1, points: 'none', username: '', password: 1, role: 'king', reason: 42, revealNames: 'yes', name: '!', policy: 'none', annotators: 'x', questions: 5, text: 5 };
    const { world, cleanup } = await fresh();
    const app = testApp(world.db);
    const last = lastEventId(world.db);
    for (const route of writeRoutes()) {
      const entry = TABLE[routeKey(route)]!;
      if (!entry.body) continue;
      const res = await send(app, world, caller(routeKey(route)), route, { ...entry, body: () => INVALID });
      expect(res.status, routeKey(route)).toBeGreaterThanOrEqual(400);
    }
    const stale = await send(app, world, 'owner', { method: 'put', path: '/api/annotations/:questionId' }, { ...TABLE['PUT /api/annotations/:questionId']!, body: (w) => ({ baseTextHash: hashOf(w.problems.drafts), version: 0, points: [] }) });
    expect(stale.status).toBe(409);
    expect(eventsAfter(world.db, last)).toEqual([]);
    cleanup();
  });

  it('CLI work is logged with the cli actor (import-lcb through the same service)', async () => {
    const { world, cleanup } = await fresh();
    const dir = tempDir('ccb-audit-');
    const file = path.join(dir, 'p.jsonl');
    fs.writeFileSync(file, `${JSON.stringify(lcbRecord(5))}\n`);
    const last = lastEventId(world.db);
    await importLcbFile(world.db, file, CLI_ACTOR);
    expect(eventsAfter(world.db, last)).toEqual([{ action: 'problem.import', actor: 'cli' }]);
    fs.rmSync(dir, { recursive: true, force: true });
    cleanup();
  });
});
