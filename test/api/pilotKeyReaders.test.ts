/**
 * A pilot who has held a role that can read a release's key questions gets none of
 * its tasks, unless the maintainer lets them in by name (recorded in the study and its event).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { aliasesOfStudy, sessionsOfStudy, studyByName, studyKeyReaderOverride } from '../../db/pilots';
import { allRoutes } from '../../server/routes';
import { KEY_QUESTION_READERS } from '../../server/services/pilots/eligibility';
import { updateUser } from '../../server/services/users';
import { buildUser, type BuiltUser } from '../support/builders';
import { runCli } from '../support/cli';
import { tempDb } from '../support/db';
import { loginAs, testApp, type Agent } from '../support/http';
import { buildPilotWorld, PILOT_RELEASE, type PilotWorld } from '../support/pilotWorld';
import { eventsOf, userIdOf } from '../support/state';

const ctx = tempDb();
const app = testApp(ctx.db);
let w: PilotWorld;
let mara: Agent;
/** Was an adjudicator (and read key questions on the Runs drill-down), is a pilot now. */
let former: BuiltUser;

beforeAll(async () => {
  w = await buildPilotWorld(ctx.db);
  former = await buildUser(ctx.db, { username: 'fred', role: 'pilot' });
  await updateUser(ctx.db, w.mara, 'fred', { role: 'adjudicator' });
  await updateUser(ctx.db, w.mara, 'fred', { role: 'pilot' });
  mara = await loginAs(app, w.users.mara);
});
afterAll(() => ctx.cleanup());

const sessionsOf = (userId: number, study: string) => sessionsOfStudy(ctx.db, studyByName(ctx.db, study)!.id).filter((s) => s.user_id === userId).length;
const aliasOf = (userId: number, study: string) => aliasesOfStudy(ctx.db, studyByName(ctx.db, study)!.id).find((a) => a.user_id === userId)!.alias;

describe('who can read key questions', () => {
  it('is decided by the route table: the roles of the Runs drill-down and of the pilot question review', () => {
    const readers = new Set<string>();
    for (const r of allRoutes) if (r.method === 'get' && ['/api/runs/tasks/:taskId', '/api/pilot-studies/:study/questions'].includes(r.path)) for (const role of r.access as readonly string[]) readers.add(role);
    expect([...readers].sort()).toEqual([...KEY_QUESTION_READERS].sort());
  });
});

describe('a former key-question reader made a pilot', () => {
  it('gets no task of a study; the study says who was excluded', async () => {
    const res = await mara.post('/api/pilot-studies').send({ name: 'k1', release: PILOT_RELEASE, pilots: ['pia', 'fred'] });
    expect(res.status).toBe(201);
    expect(sessionsOf(former.id, 'k1')).toBe(0);
    expect(sessionsOf(w.users.pia.id, 'k1')).toBeGreaterThan(0);
    const fredAlias = aliasOf(former.id, 'k1');
    expect(res.body.keyReaders).toEqual({ excluded: [fredAlias], allowed: [] });
    expect((await mara.get('/api/pilot-studies/k1')).body.keyReaders).toEqual({ excluded: [fredAlias], allowed: [] });
  });

  it('is let in only by an explicit override naming one of the study’s pilots, recorded in the study and its event', async () => {
    const wrong = await mara.post('/api/pilot-studies').send({ name: 'k2', release: PILOT_RELEASE, pilots: ['pete', 'fred'], allowKeyReaders: ['pia'] });
    expect(wrong.status).toBe(400);
    expect(wrong.body.error.message).toBe(`allowKeyReaders.0: "pia" is not one of the study's pilots`);
    const res = await mara.post('/api/pilot-studies').send({ name: 'k2', release: PILOT_RELEASE, pilots: ['pete', 'fred'], allowKeyReaders: ['fred'] });
    expect(res.status).toBe(201);
    expect(sessionsOf(former.id, 'k2')).toBeGreaterThan(0);
    const fredAlias = aliasOf(former.id, 'k2');
    expect(res.body.keyReaders).toEqual({ excluded: [], allowed: [fredAlias] });
    expect(studyKeyReaderOverride(ctx.db, studyByName(ctx.db, 'k2')!.id)).toEqual(['fred']);
    const event = eventsOf(ctx.db, 'pilot_study.create').find((e) => e.entityId === 'k2')!;
    expect((event.after as { keyReaders: unknown }).keyReaders).toEqual({ excluded: [], allowed: [fredAlias] });
  });

  it('the CLI takes the override as --allow-key-readers and says who got no task without it', async () => {
    await buildUser(ctx.db, { username: 'max', role: 'maintainer' });
    await updateUser(ctx.db, w.mara, 'max', { role: 'pilot' });
    const without = await runCli(['pilots', 'create', '--study', 'k3', '--release', PILOT_RELEASE, '--pilots', 'max', '--db', ctx.file]);
    expect(without.status, without.stderr).toBe(0);
    expect(without.stdout).toMatch(/no tasks for P\d+: once held a role that reads key questions \(let in with --allow-key-readers\)/);
    const maxId = userIdOf(ctx.db, 'max');
    expect(sessionsOf(maxId, 'k3')).toBe(0);
    const allowed = await runCli(['pilots', 'create', '--study', 'k4', '--release', PILOT_RELEASE, '--pilots', 'max', '--allow-key-readers', 'max', '--json', '--db', ctx.file]);
    expect(allowed.status, allowed.stderr).toBe(0);
    expect(JSON.parse(allowed.stdout).keyReaders.allowed).toHaveLength(1);
    expect(sessionsOf(maxId, 'k4')).toBeGreaterThan(0);
  });
});
