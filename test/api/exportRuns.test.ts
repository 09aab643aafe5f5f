/** `export --runs` and the cut page's runs: the card's baseline results are `runs report`'s figures, for runs over these very tasks only. */
import fs from 'node:fs';
import path from 'node:path';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resolveGold } from '../../server/services/adjudications/gold';
import { cutRelease } from '../../server/services/releases/store';
import { runsReport } from '../../server/services/runs/reports';
import type { RunSummary } from '../../shared/runs/views';
import { runCli } from '../support/cli';
import { tempDb, tempDir } from '../support/db';
import { testApp } from '../support/http';
import { runLine, storeRun } from '../support/runFixture';
import { buildWorld, RELEASE, RUN_MODEL, type World } from '../support/world';

const ctx = tempDb();
const out = tempDir('ccb-export-runs-');
let w: World;

beforeAll(async () => {
  w = await buildWorld(ctx.db);
});
afterAll(() => ctx.cleanup());

const exportTo = (dir: string, ...more: string[]) => runCli(['export', '--db', ctx.file, '--out', path.join(out, dir), '--date', '2026-12-01', ...more]);
const card = (dir: string) => fs.readFileSync(path.join(out, dir, 'README.md'), 'utf8');

/** The CLI's own `runs report --json`: the figures the card must repeat. */
async function reported(model: string): Promise<RunSummary> {
  const res = await runCli(['runs', 'report', '--json', '--db', ctx.file]);
  expect(res.status).toBe(0);
  return (JSON.parse(res.stdout) as { runs: RunSummary[] }).runs.find((r) => r.model === model)!;
}

describe('export --runs', () => {
  it("puts model-a's TKQR, ORA, average turns and diff into the card, equal to runs report, with the release it was made on and its judge", async () => {
    const res = await exportTo('a', '--runs', RUN_MODEL);
    expect(res.status).toBe(0);
    expect(res.stdout).toContain(`baseline results of ${RUN_MODEL}`);
    const r = await reported(RUN_MODEL);
    expect(r).toEqual(expect.objectContaining(runsReport(ctx.db).runs.find((x) => x.model === RUN_MODEL)));
    expect(card('a')).toContain(`| \`${RUN_MODEL}\` | ${r.tkqr!.toFixed(3)} | ${r.ora!.toFixed(3)} | ${r.avg_turns!.toFixed(2)} | ${r.avg_diff!.toFixed(2)} | ${r.unfinished} | ${r.tasks} | \`${RELEASE}\` |`);
    expect(card('a')).toContain(`\`${RUN_MODEL}\`: hit labels as given in its run file by the benchmark evaluator's judge`);
    expect(card('a')).toContain('the lexical cross-check (TF-IDF similarity to the key questions, threshold 0.40)');
    // Same database, same runs: same bytes.
    expect((await exportTo('b', '--runs', RUN_MODEL)).status).toBe(0);
    for (const f of fs.readdirSync(path.join(out, 'a'))) if (f.includes('.')) expect(fs.readFileSync(path.join(out, 'b', f)).equals(fs.readFileSync(path.join(out, 'a', f))), f).toBe(true);
  });

  it('without --runs the card has no baseline results', async () => {
    expect((await exportTo('none')).status).toBe(0);
    expect(card('none')).not.toContain('### Baseline results');
  });

  it('refuses an unknown run by name and writes nothing; a bad or repeated name is a usage error', async () => {
    const res = await exportTo('unknown', '--runs', `${RUN_MODEL},nobody`);
    expect(res).toMatchObject({ status: 1, stderr: expect.stringContaining('No stored run of "nobody"') });
    expect(fs.existsSync(path.join(out, 'unknown'))).toBe(false);
    expect(await exportTo('bad', '--runs', 'a b')).toMatchObject({ status: 2, stderr: expect.stringContaining('--runs: "a b":') });
    expect(await exportTo('bad', '--runs', `${RUN_MODEL},${RUN_MODEL}`)).toMatchObject({ status: 2, stderr: expect.stringContaining('named twice') });
    expect(fs.existsSync(path.join(out, 'bad'))).toBe(false);
  });

  it('offers the runs over the checked tasks on the cut page, and a cut with them has the same rows', async () => {
    const agent = () => request(testApp(ctx.db));
    const preview = await agent().post('/api/releases/preview').set('Cookie', w.cookies.maintainer!).send({}).expect(200);
    expect(preview.body.runs).toEqual([{ model: RUN_MODEL, release: RELEASE }]);
    expect(preview.body.check.cardWarnings.map((c: { setting: string }) => c.setting)).toContain('curators');
    await agent().post('/api/releases').set('Cookie', w.cookies.maintainer!).send({ name: 'v1-again', runs: ['nobody'] }).expect(404);
    expect((await agent().get('/api/releases/v1-again').set('Cookie', w.cookies.maintainer!)).status).toBe(404);
    await agent().post('/api/releases').set('Cookie', w.cookies.maintainer!).send({ name: 'v1-again', runs: [RUN_MODEL] }).expect(201);
    const cut = await agent().get('/api/releases/v1-again/files/README.md').set('Cookie', w.cookies.maintainer!).expect(200);
    const r = await reported(RUN_MODEL);
    expect(cut.text).toContain(`| \`${RUN_MODEL}\` | ${r.tkqr!.toFixed(3)} | ${r.ora!.toFixed(3)} |`);
  });

  it('refuses a run of another release by name, and writes nothing', async () => {
    // A second problem resolved: the next release has other tasks than the one model-a ran on.
    resolveGold(ctx.db, { id: w.users.adjudicator.id, name: w.users.adjudicator.username }, w.problems.shared.questionId, w.versions.gold);
    cutRelease(ctx.db, { id: w.users.maintainer.id, name: w.users.maintainer.username }, { name: 'v2', notes: '', policy: 'all-subsets', extended: false });
    await storeRun(ctx.db, { id: w.users.maintainer.id, name: 'mara' }, 'model-b', { release: 'v2' }, [runLine('task_1', w.problems.shared.questionId, 1, [], [])]);
    const res = await exportTo('foreign', '--runs', `model-b,${RUN_MODEL}`);
    expect(res).toMatchObject({ status: 1, stderr: expect.stringContaining(`The run of "${RUN_MODEL}" (made on release "${RELEASE}"`) });
    expect(res.stderr).toContain('is of another release');
    expect(res.stderr).not.toContain('"model-b"');
    expect(fs.existsSync(path.join(out, 'foreign'))).toBe(false);
    expect((await exportTo('v2', '--runs', 'model-b')).status).toBe(0);
    expect(card('v2')).toContain('| `model-b` |');
  });
});
