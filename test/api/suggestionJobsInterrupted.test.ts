/** A suggestion job whose process stopped is marked interrupted when a server starts; a job whose process still runs is left alone. */
import { spawnSync } from 'node:child_process';
import { afterAll, describe, expect, it } from 'vitest';
import { finishJob, insertJob, listJobs } from '../../db/suggestionJobs';
import { prepareDatabase } from '../../server/startup';
import { INTERRUPTED_ERROR } from '../../server/services/suggestions/interrupted';
import { buildProblem, buildUser } from '../support/builders';
import { tempDb } from '../support/db';
import { loginAs, testApp } from '../support/http';
import { eventsOf } from '../support/state';

const ctx = tempDb();
afterAll(() => ctx.cleanup());

/** The id of a process that has exited. */
const goneProcess = (): number => spawnSync(process.execPath, ['-e', '']).pid!;

const job = (runnerPid: number, problemId: number) =>
  insertJob(ctx.db, { agent: 'fake-model', promptVersion: 'ccb-suggest-1', startedBy: 'mara', createdAt: '2026-12-01T10:00:00.000Z', runnerPid }, [problemId]);

describe('suggestion jobs at server start-up', () => {
  it('marks a running job whose process is gone as interrupted, says so, and shows it on the API', async () => {
    const mara = await buildUser(ctx.db, { username: 'mara', role: 'maintainer' });
    const problem = buildProblem(ctx.db, { questionId: 'abc800_a' });
    const stopped = job(goneProcess(), problem.id);
    // A server restarted with the very process id the previous one had.
    const samePid = job(process.pid, problem.id);
    // A `suggestions generate` command still running beside the server (its process is alive).
    const alive = job(process.ppid, problem.id);
    const done = job(goneProcess(), problem.id);
    finishJob(ctx.db, done, 'done', '2026-12-01T10:05:00.000Z', null);

    const said: string[] = [];
    await prepareDatabase(ctx.db, { host: '127.0.0.1', demo: false }, (line) => said.push(line));
    expect(said).toContain(`Suggestion jobs ${stopped}, ${samePid} stopped with the process running them: marked interrupted (start a job over the same problems again to finish).`);
    const statuses = Object.fromEntries(listJobs(ctx.db, 1000).map((r) => [r.id, r.status]));
    expect(statuses).toEqual({ [stopped]: 'interrupted', [samePid]: 'interrupted', [alive]: 'running', [done]: 'done' });

    const agent = await loginAs(testApp(ctx.db), mara);
    const shown = (await agent.get(`/api/suggestion-jobs/${stopped}`)).body;
    expect(shown).toMatchObject({ status: 'interrupted', error: INTERRUPTED_ERROR, counts: { total: 1, pending: 1 } });
    expect(shown.finishedAt).not.toBeNull();
    const listed = (await agent.get('/api/suggestion-jobs')).body.jobs.map((j: { id: number; status: string }) => [j.id, j.status]);
    expect(listed).toContainEqual([stopped, 'interrupted']);
    const events = eventsOf(ctx.db, 'suggestions.generate.interrupted').map((e) => ({ action: e.action, entity_id: e.entityId }));
    expect(events.map((e) => Number(e.entity_id)).sort()).toEqual([stopped, samePid].sort());

    // A second start finds nothing more to mark.
    said.length = 0;
    await prepareDatabase(ctx.db, { host: '127.0.0.1', demo: false }, (line) => said.push(line));
    expect(said.filter((l) => l.startsWith('Suggestion job'))).toEqual([]);
  });
});
