/** Which judge labelled a run (`runs import --judge`), and the audit of that judge on the card of `export --runs`. */
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditRow, itemRows } from '../../db/judgeAudits';
import { labelItem } from '../../server/services/judgeAudits/label';
import { createAudit } from '../../server/services/judgeAudits/create';
import { runCli } from '../support/cli';
import { loginAs, testApp } from '../support/http';
import { tempDb, tempDir } from '../support/db';
import { runFileText, runLine } from '../support/runFixture';
import { buildWorld, RELEASE, RUN_MODEL, type World } from '../support/world';
import { eventsOf } from '../support/state';

const ctx = tempDb();
const out = tempDir('ccb-audit-card-');
let w: World;
const MODEL = 'model-c';
const JUDGE = 'gpt-4o-judge';

beforeAll(async () => {
  w = await buildWorld(ctx.db);
  // Four questions on the release's one task: the key question (hit), two others (misses), a paraphrase the run calls a hit.
  const file = path.join(out, 'run.jsonl');
  const questions = ['Which kind of progression is meant?', 'Is the output case sensitive?', 'How large can N be?', 'Is it a geometric progression?'];
  fs.writeFileSync(file, runFileText([runLine('task_1', w.problems.resolved.questionId, 1, questions, [1, 0, 0, 1])]));
  const imported = await runCli(['runs', 'import', file, '--model', MODEL, '--release', RELEASE, '--judge', JUDGE, '--db', ctx.file]);
  expect(imported.status, imported.stderr).toBe(0);
});
afterAll(() => {
  ctx.cleanup();
  fs.rmSync(out, { recursive: true, force: true });
});

const exportTo = (dir: string, runs: string) => runCli(['export', '--db', ctx.file, '--out', path.join(out, dir), '--date', '2026-12-01', '--runs', runs]);
const card = (dir: string) => fs.readFileSync(path.join(out, dir, 'README.md'), 'utf8');

describe('which judge', () => {
  it('is recorded by runs import --judge, in its event, and named by runs report; others are unrecorded', async () => {
    const report = await runCli(['runs', 'report', '--db', ctx.file]);
    expect(report.stdout).toContain(`judges: ${RUN_MODEL} unrecorded; ${MODEL} ${JUDGE}`);
    const json = JSON.parse((await runCli(['runs', 'report', '--json', '--db', ctx.file])).stdout) as { runs: { model: string; judge?: string }[] };
    expect(json.runs.map((r) => [r.model, r.judge ?? null])).toEqual([
      [RUN_MODEL, null],
      [MODEL, JUDGE],
    ]);
    const events = eventsOf(ctx.db, 'run.import').filter((e) => e.entityId === MODEL);
    expect(events[0]!.after).toMatchObject({ judge: JUDGE });
    const bad = await runCli(['runs', 'import', path.join(out, 'run.jsonl'), '--model', 'm', '--release', RELEASE, '--judge', ' ', '--db', ctx.file]);
    expect([bad.status, bad.stderr.trim()]).toEqual([2, 'error: --judge: name the judge model, or leave it out']);
  });

  it('is recorded by the upload form too', async () => {
    const mara = await loginAs(testApp(ctx.db), w.users.maintainer);
    const upload = await mara
      .post(`/api/runs/import?model=model-d&release=${RELEASE}&name=d.jsonl&judge=${encodeURIComponent('claude judge 2')}`)
      .set('Content-Type', 'application/octet-stream')
      .send(Buffer.from(runFileText([runLine('task_1', w.problems.resolved.questionId, 1, ['Which kind of progression is meant?'], [1])])));
    expect(upload.status, upload.text).toBe(201);
    const runs = (await mara.get('/api/runs')).body.runs as { model: string; judge?: string }[];
    expect(runs.find((r) => r.model === 'model-d')?.judge).toBe('claude judge 2');
  });
});

describe('the card of export --runs', () => {
  it('says nothing of audits while the run has none with labels, and names the recorded judge', async () => {
    createAudit(ctx.db, { id: w.users.maintainer.id, name: 'mara' }, { name: 'check-1', model: MODEL, size: 4, seed: 1, labelers: 1 });
    expect((await exportTo('before', MODEL)).status).toBe(0);
    expect(card('before')).not.toContain('human audit');
    expect(card('before')).toContain(`\`${MODEL}\`: hit labels as given in its run file by the benchmark evaluator's judge, \`${JUDGE}\``);
  });

  it("adds the audit's n, κ and interval to the limitations once it has labels", async () => {
    const ada = w.users.adjudicator;
    const items = itemRows(ctx.db, auditRow(ctx.db, 'check-1')!.id);
    // Human: hit, none, hit, hit against the run's hit, miss, miss, hit: κ = (0.75 − 0.5) / (1 − 0.5).
    const choice = [0, null, 0, 0];
    for (const item of items) labelItem(ctx.db, { id: ada.id, name: ada.username }, ada.id, 'check-1', item.id, choice[item.turn]!);
    expect((await exportTo('after', `${RUN_MODEL},${MODEL}`)).status).toBe(0);
    const limitations = card('after').split('### Limitations')[1]!.split('### Recommendations')[0]!;
    expect(limitations).toContain(`The hit labels of the baseline \`${MODEL}\` come from an LLM judge (\`${JUDGE}\`), checked by a human audit (\`check-1\`): adjudicators labelled 4 of the run's question turns blind`);
    expect(limitations).toMatch(/Cohen's κ between their labels and the judge's is 0\.500 \((95% bootstrap interval -?\d\.\d{3} to \d\.\d{3}|no interval could be drawn)\), accuracy 0\.750\./);
    expect(limitations).not.toContain(`\`${RUN_MODEL}\` come from`);
  });
});
