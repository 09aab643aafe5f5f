/** A human audit of a run's judge over HTTP and the CLI: the sample, blind labelling, and the hand-computed figures. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditRow, itemRows, setRunJudge } from '../../db/judgeAudits';
import { runRow } from '../../db/runs';
import { judgeAudits } from '../../shared/api/judgeAudits';
import { judgeAuditRoutes } from '../../server/routes/judgeAudits/judgeAudits';
import type { AuditItemView, AuditReport } from '../../shared/schemas/judgeAudits';
import { buildUser, type BuiltUser } from '../support/builders';
import { runCli } from '../support/cli';
import { tempDb } from '../support/db';
import { loginAs, testApp, type Agent } from '../support/http';
import { buildPilotWorld, PILOT_RELEASE } from '../support/pilotWorld';
import { runLine, storeRun } from '../support/runFixture';
import { eventsOf, releaseRecords as releaseRecordsOf } from '../support/state';

const ctx = tempDb();
const app = testApp(ctx.db);
const MODEL = 'zeta-9';
const JUDGE = 'judge-llm-x';
let mara: Agent;
let ada: Agent;
let abe: Agent;
let abeUser: BuiltUser;

/** The release's tasks as the run file names them: id, problem and key questions. */
function releaseRecords(): { task_id: string; question_id: string; qa_pairs: { question: string }[] }[] {
  return releaseRecordsOf(ctx.db, PILOT_RELEASE);
}

const MISSES = ['Is the output case sensitive?', 'How large can the input be?'];

beforeAll(async () => {
  const w = await buildPilotWorld(ctx.db);
  abeUser = await buildUser(ctx.db, { username: 'abe', role: 'adjudicator' });
  const records = releaseRecords();
  expect(records).toHaveLength(4);
  // Each task's first question is its first key question word for word (the run says hit); the
  // rest ask something else (the run says miss): 4 hits and 6 misses in all.
  const lines = records.map((r, i) => {
    const questions = [r.qa_pairs[0]!.question, ...MISSES.slice(0, i < 2 ? 2 : 1)];
    return runLine(r.task_id, r.question_id, r.qa_pairs.length, questions, questions.map((_q, t) => (t === 0 ? 1 : 0)));
  });
  await storeRun(ctx.db, w.mara, MODEL, { release: PILOT_RELEASE }, lines);
  // The judge is recorded the way `runs import --judge` records it.
  setRunJudge(ctx.db, runRow(ctx.db, MODEL)!.id, JUDGE);
  [mara, ada, abe] = await Promise.all([loginAs(app, w.users.mara), loginAs(app, w.users.ada), loginAs(app, abeUser)]);
});
afterAll(() => ctx.cleanup());

const sampleOf = (name: string) => itemRows(ctx.db, auditRow(ctx.db, name)!.id).map(({ task_id, turn, run_label }) => ({ task_id, turn, run_label }));

/** Label every item the agent is given, choosing by (task, turn); returns every view it was sent. */
async function labelAll(agent: Agent, name: string, choose: (item: AuditItemView) => number | null): Promise<string[]> {
  const seen: string[] = [];
  for (;;) {
    const next = await agent.get(`/api/judge-audits/${name}/next`);
    if (next.status === 204) return seen;
    expect(next.status, next.text).toBe(200);
    seen.push(next.text);
    const put = await agent.put(`/api/judge-audits/${name}/items/${next.body.id}`).send({ keyQuestion: choose(next.body as AuditItemView) });
    expect(put.status, put.text).toBe(200);
    seen.push(put.text);
  }
}

/** The first labeller's rule: turn 0 is a key question except on the first task; turn 1 of the second task is one too. */
function firstLabeller(tasks: string[]) {
  return (item: AuditItemView): number | null => {
    if (item.turn === 0) return item.taskId === tasks[0] ? null : 0;
    return item.taskId === tasks[1] && item.turn === 1 ? 0 : null;
  };
}

describe('the contract', () => {
  it('lists exactly the routes the server mounts, with their roles', () => {
    const mounted = judgeAuditRoutes.map((r) => `${r.method} ${r.path} ${JSON.stringify(r.access)}`).sort();
    expect(Object.values(judgeAudits).map((e) => `${e.method} ${e.path} ${JSON.stringify(e.access)}`).sort()).toEqual(mounted);
  });
});

describe('creating an audit', () => {
  it('refuses a name that gives the model away, a sample larger than the run and an unknown model', async () => {
    const named = await mara.post('/api/judge-audits').send({ name: `audit-${MODEL}`, model: MODEL, size: 4, seed: 1 });
    expect(named.status).toBe(400);
    expect(named.body.error.message).toMatch(/^name: must not contain the model’s name/);
    const big = await mara.post('/api/judge-audits').send({ name: 'big', model: MODEL, size: 11, seed: 1 });
    expect(big.body.error.message).toBe('size: the run asked 10 questions: the sample can hold at most that many');
    expect((await mara.post('/api/judge-audits').send({ name: 'nobody', model: 'no-such-model', size: 1, seed: 1 })).status).toBe(404);
    expect((await mara.post('/api/judge-audits').send({ name: 'x', model: MODEL, size: 1, seed: 1, labelers: 3 })).body.error.message).toBe('labelers: must be 1 or 2');
  });

  it('draws the same sample from the same run, size and seed, stratified by the run’s label', async () => {
    for (const [name, seed] of [['s7a', 7], ['s7b', 7], ['s8', 8]] as const) {
      const res = await mara.post('/api/judge-audits').send({ name, model: MODEL, size: 5, seed });
      expect(res.status, res.text).toBe(201);
      expect(res.body).toMatchObject({ name, model: MODEL, judge: JUDGE, size: 5, seed, labelers: 1, n: 0, progress: { complete: 0, labels: 0, needed: 5 } });
    }
    expect(sampleOf('s7a')).toEqual(sampleOf('s7b'));
    expect(sampleOf('s8')).not.toEqual(sampleOf('s7a'));
    // 5 of 10 turns, 4 of them hits: 2 hits, 3 misses.
    for (const name of ['s7a', 's8']) expect(sampleOf(name).filter((i) => i.run_label === 1)).toHaveLength(2);
    expect((await mara.post('/api/judge-audits').send({ name: 's7a', model: MODEL, size: 5, seed: 7 })).status).toBe(409);
    const events = eventsOf(ctx.db, 'judge_audit.create').map((e) => ({ action: e.action, entity_id: e.entityId }));
    expect(events.map((e) => e.entity_id)).toEqual(['s7a', 's7b', 's8']);
  });
});

describe('labelling and the report', () => {
  let views: string[] = [];
  let tasks: string[] = [];

  it('gives an adjudicator the items one by one, blind, and the report the hand-computed figures', async () => {
    tasks = releaseRecords().map((r) => r.task_id);
    expect((await mara.post('/api/judge-audits').send({ name: 'full', model: MODEL, size: 10, seed: 3, labelers: 2 })).status).toBe(201);
    views = await labelAll(ada, 'full', firstLabeller(tasks));
    expect(views.length).toBe(20);
    const report = (await mara.get('/api/judge-audits/full')).body as AuditReport;
    // Human (reference) against the run: both hit 3, human hit / run miss 1, human miss / run hit 1, both miss 5.
    expect(report.confusion).toEqual({ tp: 3, fn: 1, fp: 1, tn: 5 });
    expect(report.n).toBe(10);
    expect(report.accuracy).toBeCloseTo(0.8, 12);
    // po = 0.8; pe = 0.4·0.4 + 0.6·0.6 = 0.52; κ = 0.28 / 0.48.
    expect(report.kappa).toBeCloseTo(0.28 / 0.48, 12);
    expect(report.kappa_ci[0]).toBeLessThanOrEqual(report.kappa!);
    expect(report.kappa_ci[1]).toBeGreaterThanOrEqual(report.kappa!);
    expect(report).toMatchObject({ judge: JUDGE, population: { turns: 10, hits: 4 }, sampled: { hits: 4, misses: 6 }, human_human: null, bootstrap: { seed: 24, draws: 1000, level: 0.95 } });
    // The same request gives the same interval (seeded).
    expect((await mara.get('/api/judge-audits/full')).body.kappa_ci).toEqual(report.kappa_ci);
    expect(report.disagreements.map((d) => [d.taskId, d.turn, d.kind]).sort()).toEqual(
      [
        [tasks[0], 0, 'false hit'],
        [tasks[1], 1, 'miss'],
      ].sort(),
    );
    expect(report.disagreements.find((d) => d.kind === 'miss')!.href).toBe(`/runs/tasks/${tasks[1]}?release=${report.release_sha256}`);
    // The lexical check labels every word-for-word key question a hit and nothing else here: it agrees with the run.
    expect(report.lexical.confusion).toEqual(report.confusion);
  });

  it('never shows a labeller the run’s label, the model, the judge or anyone’s choice', () => {
    for (const text of views) {
      expect(text).not.toContain(MODEL);
      expect(text).not.toContain(JUDGE);
      expect(text).not.toMatch(/"(hit|label|run_label|runLabel|similarity|model|judge|humans|labels)"/);
    }
    const item = JSON.parse(views[0]!) as AuditItemView;
    expect(Object.keys(item).sort()).toEqual(['id', 'keyQuestions', 'question', 'taskId', 'text', 'turn']);
    expect(item.keyQuestions[0]).toEqual({ index: 0, question: expect.any(String) });
    expect(item.text.length).toBeGreaterThan(0);
  });

  it('a second labeller never sees the first’s choice, and their κ against each other is reported', async () => {
    const before = await abe.get('/api/judge-audits/full/mine');
    expect(before.body).toMatchObject({ name: 'full', items: 10, done: 0, open: 10, mine: [] });
    // The second labeller says "none" everywhere but on every first turn.
    const seen = await labelAll(abe, 'full', (item) => (item.turn === 0 ? 0 : null));
    expect(seen.length).toBe(20);
    for (const text of seen) expect(text).not.toMatch(/"(keyQuestion|labels|humans)"/);
    const mine = (await abe.get('/api/judge-audits/full/mine')).body;
    expect(mine.mine).toHaveLength(10);
    expect(mine.mine.every((m: { turn: number; keyQuestion: number | null }) => m.keyQuestion === (m.turn === 0 ? 0 : null))).toBe(true);
    // Both labelled every item: nothing is left for either.
    expect((await ada.get('/api/judge-audits/full/next')).status).toBe(204);
    const report = (await mara.get('/api/judge-audits/full')).body as AuditReport;
    // Ada against Abe: both hit 3, Ada hit / Abe none 1 (tasks[1] turn 1), Ada none / Abe hit 1 (tasks[0] turn 0), both none 5.
    expect(report.human_human).toMatchObject({ n: 10, pairs: 10, confusion: { tp: 3, fn: 1, fp: 1, tn: 5 }, same_key_question: 0.8 });
    expect(report.human_human!.kappa).toBeCloseTo(0.28 / 0.48, 12);
    // Against the run, every label counts: Ada's 3/1/1/5 plus Abe's, who agrees with the run throughout.
    expect(report.confusion).toEqual({ tp: 7, fn: 1, fp: 1, tn: 11 });
    expect(report.n).toBe(10);
  });

  it('a label takes a key question of the task or none; a full item and other audits’ ids are refused; undo reopens', async () => {
    const [first] = sampleOf('full');
    const id = itemRows(ctx.db, auditRow(ctx.db, 'full')!.id).find((i) => i.position === 0)!.id;
    expect(first).toBeDefined();
    const bad = await ada.put(`/api/judge-audits/full/items/${id}`).send({ keyQuestion: 5 });
    expect(bad.status).toBe(400);
    expect(bad.body.error.message).toMatch(/^keyQuestion: the task has \d key questions?/);
    expect((await ada.put(`/api/judge-audits/s7a/items/${id}`).send({ keyQuestion: null })).status).toBe(404);
    const third = await buildUser(ctx.db, { username: 'ava', role: 'adjudicator' });
    const ava = await loginAs(app, third);
    expect((await ava.get('/api/judge-audits/full/next')).status).toBe(204);
    expect((await ava.put(`/api/judge-audits/full/items/${id}`).send({ keyQuestion: null })).body.error.code).toBe('read_only');
    const undo = await abe.delete(`/api/judge-audits/full/items/${id}`);
    expect(undo.body).toMatchObject({ done: 9, open: 1 });
    expect((await abe.get('/api/judge-audits/full/next')).body.id).toBe(id);
    const actions = eventsOf(ctx.db).map((e) => e.action).filter((a) => /^judge_audit\..*label$/.test(a));
    expect(actions.filter((a) => a === 'judge_audit.label')).toHaveLength(20);
    expect(actions.filter((a) => a === 'judge_audit.unlabel')).toHaveLength(1);
  });

  it('lists the audits for maintainers, and for labellers only their own progress', async () => {
    const list = (await mara.get('/api/judge-audits')).body.audits as { name: string; judge: string }[];
    expect(list.map((a) => a.name).sort()).toEqual(['full', 's7a', 's7b', 's8']);
    const queue = await ada.get('/api/judge-audit-queue');
    expect(queue.text).not.toContain(MODEL);
    expect(queue.body.audits.find((a: { name: string }) => a.name === 'full')).toEqual({ name: 'full', items: 10, done: 10, open: 0 });
    expect((await ada.get('/api/judge-audits/full')).status).toBe(403);
  });

  it('the CLI report is the API’s, and a run without a recorded judge is "unrecorded"', async () => {
    const api = (await mara.get('/api/judge-audits/full')).body;
    const cli = await runCli(['runs', 'audit', 'report', '--name', 'full', '--json', '--db', ctx.file]);
    expect(cli.stderr).toBe('');
    expect(JSON.parse(cli.stdout)).toEqual(api);
    const text = await runCli(['runs', 'audit', 'report', '--name', 'full', '--db', ctx.file]);
    expect(text.stdout).toContain(`judge audit full of ${MODEL} (judge ${JUDGE})`);
    setRunJudge(ctx.db, runRow(ctx.db, MODEL)!.id, null);
    const created = await runCli(['runs', 'audit', 'create', '--model', MODEL, '--size', '3', '--seed', '5', '--name', 'cli-one', '--db', ctx.file]);
    expect(created.stdout).toContain(`created judge audit cli-one of ${MODEL} (judge unrecorded): 3 question turns`);
    const missing = await runCli(['runs', 'audit', 'create', '--model', MODEL, '--size', '3', '--name', 'x', '--db', ctx.file]);
    expect([missing.status, missing.stderr.trim()]).toEqual([2, 'error: --seed is required']);
  });
});
