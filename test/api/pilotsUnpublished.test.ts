/**
 * A pilot given a task's text could look it up in a published release and find its key
 * questions: a study is drawn from an unpublished release unless the maintainer allows a
 * published one, and the study, its status and its export then say so.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLI_ACTOR, readEvents } from '../../db/events';
import { importLegacyRelease } from '../../server/services/releases/legacyImport';
import { runCli } from '../support/cli';
import { tempDb } from '../support/db';
import { loginAs, testApp, type Agent } from '../support/http';
import { buildLegacyFixture } from '../support/legacyFixture';
import { buildPilotWorld, PILOT_RELEASE } from '../support/pilotWorld';

const ctx = tempDb();
const app = testApp(ctx.db);
let mara: Agent;
const eventsOf = (action: string) => readEvents(ctx.db, action);

beforeAll(async () => {
  const w = await buildPilotWorld(ctx.db);
  mara = await loginAs(app, w.users.mara);
});
afterAll(() => ctx.cleanup());

describe('a release cut in the tool', () => {
  it('is unpublished, and a study drawn from it is the default', async () => {
    const listed = (await mara.get('/api/releases')).body.releases.find((r: { name: string }) => r.name === PILOT_RELEASE);
    expect(listed).toMatchObject({ publishedAt: null, publishedBy: null });
    const res = await mara.post('/api/pilot-studies').send({ name: 'u1', release: PILOT_RELEASE, pilots: ['pia'] });
    expect(res.status).toBe(201);
    expect(res.body.fromPublishedRelease).toBe(false);
  });

  it('is published once by a maintainer, with an event; publishing again is refused and changes nothing', async () => {
    const res = await mara.post(`/api/releases/${PILOT_RELEASE}/publish`);
    expect(res.status).toBe(200);
    expect(res.body.release).toMatchObject({ name: PILOT_RELEASE, publishedBy: 'mara' });
    const at = res.body.release.publishedAt as string;
    expect(at).toMatch(/^\d{4}-\d\d-\d\dT/);
    const again = await mara.post(`/api/releases/${PILOT_RELEASE}/publish`);
    expect(again.status).toBe(409);
    expect(again.body.error.code).toBe('release_published');
    expect(again.body.error.message).toBe(`Release "${PILOT_RELEASE}" is already published (on ${at.slice(0, 10)}); a release is published once.`);
    expect((await mara.get(`/api/releases/${PILOT_RELEASE}`)).body.release.publishedAt).toBe(at);
    expect(eventsOf('release.publish').map((e) => e.entityId)).toEqual([PILOT_RELEASE]);
    expect((await runCli(['releases', 'publish', PILOT_RELEASE, '--db', ctx.file])).status).not.toBe(0);
    expect((await mara.post('/api/releases/nope/publish')).status).toBe(404);
  });
});

describe('a study from a published release', () => {
  it('is refused unless allowPublished, naming the field; nothing is written', async () => {
    const res = await mara.post('/api/pilot-studies').send({ name: 'p1', release: PILOT_RELEASE, pilots: ['pia'] });
    expect(res.status).toBe(409);
    expect(res.body.error.code).toBe('release_published');
    expect(res.body.error.message).toMatch(/^allowPublished: release "pv1" was published on \d{4}-\d\d-\d\d: a pilot could look a task's text up in it/);
    expect((await mara.get('/api/pilot-studies/p1')).status).toBe(404);
    const cli = await runCli(['pilots', 'create', '--study', 'p2', '--release', PILOT_RELEASE, '--pilots', 'pia', '--db', ctx.file]);
    expect(cli.status).not.toBe(0);
    expect(cli.stderr).toContain('--allow-published');
  });

  it('is accepted with allowPublished and records it: the study, its event, its status and its export', async () => {
    const res = await mara.post('/api/pilot-studies').send({ name: 'p1', release: PILOT_RELEASE, pilots: ['pia'], allowPublished: true });
    expect(res.status).toBe(201);
    expect(res.body.fromPublishedRelease).toBe(true);
    expect((await mara.get('/api/pilot-studies/p1')).body.fromPublishedRelease).toBe(true);
    expect((await mara.get('/api/pilot-studies/u1')).body.fromPublishedRelease).toBe(false);
    const created = eventsOf('pilot_study.create').map((e) => ({ study: e.entityId, published: (e.after as { fromPublishedRelease?: boolean }).fromPublishedRelease }));
    expect(created).toEqual([
      { study: 'u1', published: undefined },
      { study: 'p1', published: true },
    ]);
    const status = await runCli(['pilots', 'status', '--study', 'p1', '--db', ctx.file]);
    expect(status.stdout).toContain('drawn from a published release (allowed by the maintainer)');
    const cli = await runCli(['pilots', 'create', '--study', 'p2', '--release', PILOT_RELEASE, '--pilots', 'pia', '--allow-published', '--db', ctx.file]);
    expect(cli.status).toBe(0);
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pilot-export-'));
    try {
      expect((await runCli(['pilots', 'export', '--study', 'p1', '--out', dir, '--db', ctx.file])).status).toBe(0);
      expect(await runCli(['pilots', 'export', '--study', 'u1', '--out', path.join(dir, 'u1'), '--db', ctx.file])).toMatchObject({ status: 0 });
      const telemetry = (d: string) => JSON.parse(fs.readFileSync(path.join(d, fs.readdirSync(d).find((f) => f.endsWith('.json'))!), 'utf8')) as { fromPublishedRelease?: boolean };
      expect(telemetry(dir).fromPublishedRelease).toBe(true);
      expect('fromPublishedRelease' in telemetry(path.join(dir, 'u1'))).toBe(false);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('a release imported from a public file', () => {
  it('counts as published from its import', async () => {
    const fixture = buildLegacyFixture(ctx.db);
    importLegacyRelease(ctx.db, Buffer.from(fixture.jsonl, 'utf8'), CLI_ACTOR, { name: 'public-v1' });
    const listed = (await mara.get('/api/releases')).body.releases.find((r: { name: string }) => r.name === 'public-v1');
    expect(listed.publishedAt).toMatch(/^\d{4}-\d\d-\d\dT/);
    expect((await mara.post('/api/releases/public-v1/publish')).status).toBe(409);
  });
});
