/**
 * A pilot sees only an opaque per-session id, never the release's task id (it
 * indexes the public JSONL, hence its key questions and answers) — in no answer of any pilot route,
 * errors included.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { releaseTasks, runReleaseShas } from '../../db/runs';
import { tempDb } from '../support/db';
import { loginAs, testApp, type Agent } from '../support/http';
import { buildPilotWorld, PILOT_RELEASE, type PilotWorld } from '../support/pilotWorld';
import { sessionsOfUser } from '../../db/pilots';

const ctx = tempDb();
const app = testApp(ctx.db);
let w: PilotWorld;
let pia: Agent;
let pete: Agent;

beforeAll(async () => {
  w = await buildPilotWorld(ctx.db);
  const mara = await loginAs(app, w.users.mara);
  expect((await mara.post('/api/pilot-studies').send({ name: 'opaque', release: PILOT_RELEASE, pilots: ['pia', 'pete'] })).status).toBe(201);
  [pia, pete] = await Promise.all([loginAs(app, w.users.pia), loginAs(app, w.users.pete)]);
});
afterAll(() => ctx.cleanup());

describe('what a pilot is sent', () => {
  it('names tasks by session id and number only, in every answer of every pilot route', async () => {
    const bodies: string[] = [];
    const keep = <T extends { text: string }>(res: T): T => (bodies.push(res.text), res);
    const tasks = keep(await pia.get('/api/pilot/tasks')).body.tasks as { id: number; number: number }[];
    expect(tasks.map((t) => t.number)).toEqual(tasks.map((_t, i) => i + 1));
    const first = tasks[0]!;
    const second = tasks[1]!;
    const other = sessionsOfUser(ctx.db, w.users.pete.id)[0]!.id;
    keep(await pia.get(`/api/pilot/sessions/${first.id}`));
    keep(await pia.post(`/api/pilot/sessions/${first.id}/ready`).send({}));
    keep(await pia.get(`/api/pilot/sessions/${first.id}`));
    keep(await pia.post(`/api/pilot/sessions/${first.id}/questions`).send({ question: 'Which kind of progression is meant?' }));
    keep(await pia.post(`/api/pilot/sessions/${first.id}/questions`).send({ question: '' }));
    keep(await pia.post(`/api/pilot/sessions/${first.id}/code`).send({}));
    keep(await pia.post(`/api/pilot/sessions/${first.id}/questions`).send({ question: 'Too late?' }));
    keep(await pia.put(`/api/pilot/sessions/${first.id}/code`).send({ version: 0, code: 'print(1)' }));
    keep(await pia.put(`/api/pilot/sessions/${first.id}/code`).send({ version: 0, code: 'print(2)' }));
    keep(await pia.post(`/api/pilot/sessions/${first.id}/submit`).send({ version: 1, code: 'print(3)' }));
    keep(await pia.post(`/api/pilot/sessions/${first.id}/submit`).send({ version: 2, code: 'print(4)' }));
    keep(await pia.post(`/api/pilot/sessions/${second.id}/ready`).send({}));
    keep(await pia.get(`/api/pilot/sessions/${other}`));
    keep(await pia.get('/api/pilot/tasks'));
    keep(await pete.get(`/api/pilot/sessions/${first.id}`));
    keep(await pia.get('/api/auth/me'));
    const text = bodies.join('\n');
    expect(text).toContain('print(3)');
    const taskIds = runReleaseShas(ctx.db).flatMap((sha) => releaseTasks(ctx.db, sha).map((t) => t.taskId));
    expect(taskIds.length).toBeGreaterThan(0);
    for (const id of taskIds) expect(text).not.toMatch(new RegExp(`\\b${id}\\b`));
    expect(text).not.toMatch(/\btask_\d+\b/);
    expect(text).not.toMatch(/"taskId"/);
  });
});
