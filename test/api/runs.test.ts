import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runStates } from '../../db/runs';
import { CLI_ACTOR } from '../../db/events';
import { runsCuration, runsReport } from '../../server/services/runs/reports';
import { tempDb, tempDir } from '../support/db';
import { loginAs, testApp, type Agent } from '../support/http';
import { runCli } from '../support/cli';
import { runFileText, runLine, storeRun } from '../support/runFixture';
import { buildWorld, RELEASE, RUN_MODEL, type World } from '../support/world';
import { eventsOf, lastEventOf } from '../support/state';

const ctx = tempDb();
const app = testApp(ctx.db);
let w: World;
let mara: Agent;
let ada: Agent;
const KEY = 'Which kind of progression is meant?';

beforeAll(async () => {
  w = await buildWorld(ctx.db);
  mara = await loginAs(app, w.users.maintainer);
  ada = await loginAs(app, w.users.adjudicator);
});
afterAll(() => ctx.cleanup());

const upload = (agent: Agent, query: string, lines: readonly unknown[]) =>
  agent.post(`/api/runs/import?${query}`).set('Content-Type', 'application/octet-stream').send(Buffer.from(runFileText(lines)));
const runModels = () => runStates(ctx.db).map((r) => r.model).sort();

describe('run import: bad input', () => {
  it('reports every bad line with its number and field, and imports nothing', async () => {
    const qid = w.problems.resolved.questionId;
    const good = runLine('task_1', qid, 1, [KEY], [1]);
    const lines = [
      '{not json',
      { ...good, task_id: 5 },
      runLine('task_99', qid, 1),
      { ...good, key_question_num: 2 },
      { ...good, hit_dict: { x: 1 } },
      { ...good, turns: -1 },
      good,
      good,
      { ...good, hit_dict: { '0': 1, '5': 0 } },
      { ...good, hit_dict: { '0': 2 } },
      { ...runLine('task_1', 'abc999_z', 1) },
      '[1, 2]',
    ];
    const res = await upload(mara, `model=bad-model&release=${RELEASE}`, lines);
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('validation_failed');
    const messages = (res.body.error.details.issues as { path: string; message: string }[]).map((i) => `${i.path}: ${i.message}`);
    expect(messages[0]).toMatch(/^line 1: invalid JSON/);
    expect(messages).toContain('line 2: task_id: Invalid input: expected string, received number');
    expect(messages).toContain('line 3: task_id: "task_99" is not a task of the release');
    expect(messages).toContain('line 4: key_question_num: K = 2, but task_1 has 1 key question in the release');
    expect(messages).toContain('line 5: hit_dict.x: keys must be turn indexes (0, 1, 2, …)');
    expect(messages).toContain('line 6: turns: must not be negative');
    expect(messages).toContain('line 8: task_id: "task_1" already appears on line 7');
    expect(messages).toContain('line 9: hit_dict.5: turn 5 does not exist: the record has 2 turns');
    expect(messages.some((m) => m.startsWith('line 10: hit_dict.0: each label must be 0 or 1'))).toBe(true);
    expect(messages).toContain(`line 11: id: "abc999_z" but task_1 is about problem "${qid}"`);
    expect(messages).toContain('line 12: expected a JSON object (one run record per line)');
    expect(res.body.error.message).toMatch(/^Nothing was imported: line 1: /);
    expect(runModels()).toEqual([RUN_MODEL]);
  });

  it('refuses an empty file, a K that the qa_pairs fallback contradicts, an unknown release and a bad model name', async () => {
    expect((await upload(mara, `model=m2&release=${RELEASE}`, [])).status).toBe(400);
    const noK = { ...runLine('task_1', w.problems.resolved.questionId, 1), key_question_num: undefined, qa_pairs: [{}, {}] };
    const res = await upload(mara, `model=m2&release=${RELEASE}`, [noK]);
    expect(res.body.error.details.issues[0].path).toBe('line 1: qa_pairs');
    expect((await upload(mara, 'model=m2&release=nope', [runLine('task_1', 'x', 1)])).status).toBe(404);
    const bad = await upload(mara, `model=${encodeURIComponent('has space')}&release=${RELEASE}`, [runLine('task_1', 'x', 1)]);
    expect(bad.status).toBe(400);
    expect(bad.body.error.message).toMatch(/^query.model: /);
    expect(runModels()).toEqual([RUN_MODEL]);
  });
});

describe('run import: replacing', () => {
  it('refuses a second run of the same model without replace, and records before/after counts when replacing', async () => {
    const qid = w.problems.resolved.questionId;
    const again = await upload(mara, `model=${RUN_MODEL}&release=${RELEASE}`, [runLine('task_1', qid, 1)]);
    expect(again.status).toBe(409);
    expect(again.body.error.code).toBe('name_taken');
    const replaced = await upload(mara, `model=${RUN_MODEL}&release=${RELEASE}&replace=1&name=second.jsonl`, [runLine('task_1', qid, 1, ['Is the input sorted?', KEY], [0, 1])]);
    expect(replaced.status).toBe(201);
    expect(replaced.body).toMatchObject({ model: RUN_MODEL, release: RELEASE, tasks: 1, unfinished: 0, replaced: { tasks: 1 } });
    const events = eventsOf(ctx.db, 'run.replace');
    expect(events).toHaveLength(1);
    expect(events[0]!.before).toMatchObject({ tasks: 1, release: RELEASE });
    expect(events[0]!.after).toMatchObject({ tasks: 1, release: RELEASE, file: 'second.jsonl' });
  });
});

describe('report, task scores, judge check, drill-down', () => {
  it('GET /api/runs has the report shape, readable by adjudicators', async () => {
    const res = await ada.get('/api/runs');
    expect(res.status).toBe(200);
    const run = res.body.runs.find((r: { model: string }) => r.model === RUN_MODEL);
    expect(Object.keys(run)).toEqual(expect.arrayContaining(['model', 'release_sha256', 'tasks', 'unfinished', 'tkqr', 'ora', 'avg_turns', 'avg_diff', 'per_k', 'per_type']));
    // Two rounds for K = 1, the key question hit at turn 2: TKQR = (1/log2 3) / 1, ORA = exp(−1/(2·0.425²)).
    expect(run.tkqr).toBeCloseTo(1 / Math.log2(3), 12);
    expect(run.ora).toBeCloseTo(Math.exp(-1 / (2 * 0.425 ** 2)), 12);
    expect(run.avg_turns).toBe(2);
    expect(run.avg_diff).toBe(1);
    expect(run.per_k).toEqual({ '1': { tasks: 1, tkqr: run.tkqr, ora: run.ora, avg_turns: 2, avg_diff: 1, pass1: null, pass1_complete: null } });
    expect(run.per_type).toEqual({ Behavior: { key_questions: 1, hit_rate: 1, tkqr: run.tkqr, ora: run.ora, pass1: null, pass1_complete: null } });
  });

  it('task scores and the judge check, with a threshold; a bad threshold is a 400 naming it; an unknown model is a 404', async () => {
    const scores = await ada.get(`/api/runs/models/${RUN_MODEL}/task-scores`);
    expect(scores.body).toEqual([{ task_id: 'task_1', tkqr: expect.any(Number), ora: expect.any(Number), turns: 2, diff: 1 }]);
    const check = await ada.get(`/api/runs/models/${RUN_MODEL}/judge-check?threshold=0.5`);
    expect(check.status).toBe(200);
    expect(check.body).toMatchObject({ model: RUN_MODEL, n_turns: 2, threshold: 0.5, confusion_matrix: { tp: 1, tn: 1, fp: 0, fn: 0 }, agreement_accuracy: 1 });
    expect(check.body.threshold_sensitivity).toHaveLength(9);
    const bad = await ada.get(`/api/runs/models/${RUN_MODEL}/judge-check?threshold=2`);
    expect(bad.status).toBe(400);
    expect(bad.body.error.message).toMatch(/^query.threshold: /);
    expect((await ada.get('/api/runs/models/nobody/task-scores')).status).toBe(404);
  });

  it('the drill-down marks hit turns and links them to the key question, beside the gold points', async () => {
    const res = await ada.get('/api/runs/tasks/task_1');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ taskId: 'task_1', questionId: w.problems.resolved.questionId, keyQuestions: [{ question: KEY, type: 'Behavior' }] });
    expect(res.body.gold).toEqual([expect.objectContaining({ question: KEY, type: 'Behavior' })]);
    const turns = res.body.runs[0].messages.filter((m: { role: string }) => m.role === 'assistant');
    expect(turns.map((m: { turn: number; hit: boolean | null; keyQuestion: number | null }) => [m.turn, m.hit, m.keyQuestion])).toEqual([
      [0, false, null],
      [1, true, 0],
      [2, null, null],
    ]);
    expect((await ada.get('/api/runs/tasks/task_404')).status).toBe(404);
  });
});

describe('flagging a task sends its problem back to adjudication', () => {
  it('reopens it with the reason in the event and in the adjudication queue', async () => {
    const res = await mara.post('/api/runs/tasks/task_1/flag').send({ reason: 'No run ever asks about <b>the progression</b>' });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ taskId: 'task_1', questionId: w.problems.resolved.questionId, reason: 'No run ever asks about <b>the progression</b>' });
    const event = lastEventOf(ctx.db, 'adjudication.reopen')!;
    expect(event.details).toEqual({ reason: 'No run ever asks about <b>the progression</b>', source: 'runs', taskId: 'task_1' });
    const queue = await ada.get('/api/adjudications');
    const item = queue.body.items.find((i: { questionId: string }) => i.questionId === w.problems.resolved.questionId);
    expect(item).toMatchObject({ status: 'draft', reopenReason: 'No run ever asks about <b>the progression</b>' });
  });

  it('refuses a problem that is not resolved (409), an unknown task (404) and an empty reason (400)', async () => {
    expect((await mara.post('/api/runs/tasks/task_1/flag').send({ reason: 'again' })).status).toBe(409);
    expect((await mara.post('/api/runs/tasks/task_9/flag').send({ reason: 'x' })).status).toBe(404);
    const empty = await mara.post('/api/runs/tasks/task_1/flag').send({ reason: '  ' });
    expect(empty.status).toBe(400);
    expect(empty.body.error.message).toMatch(/^reason: /);
  });
});

describe('a release file: types by identity, from keywords only for a single-type task, unattributed otherwise; curation signals', () => {
  const dir = tempDir('ccb-runs-');
  const releaseFile = path.join(dir, 'other.jsonl');
  const record = (taskId: string, qid: string, keywords: string[], questions: string[]) =>
    JSON.stringify({ task_id: taskId, question_id: qid, keywords, modified_content: `text of ${taskId}`, qa_pairs: questions.map((q) => ({ question: q, answer: 'a' })) });
  beforeAll(async () => {
    fs.writeFileSync(
      releaseFile,
      [
        // Keywords in point order, qa pairs not: each question is typed by its one-question task.
        record('t1', 'p1', ['Terminology', 'Units'], ['In which unit is the time?', 'What is a frob?']),
        record('t2', 'p2', ['Behavior'], ['Which way round?', 'What about ties?']),
        record('t3', 'p1', ['Terminology'], ['What is a frob?']),
        record('t4', 'p1', ['Units'], ['In which unit is the time?']),
        record('t5', 'p3', ['Terminology', 'Units'], ['Which frob?', 'Which unit?']),
      ].join('\n') + '\n',
    );
    await storeRun(ctx.db, CLI_ACTOR, 'file-model', { releaseFile }, [
      runLine('t1', 'p1', 2, ['What is a frob?'], [1]),
      runLine('t2', 'p2', 2, ['Anything else?'], [0], { finished: false }),
      runLine('t5', 'p3', 2),
    ]);
    await storeRun(ctx.db, CLI_ACTOR, 'file-model-2', { releaseFile }, [runLine('t1', 'p1', 2), runLine('t2', 'p2', 2)]);
  });
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('types each question by identity, a single-type task by its keyword, and counts the rest as unattributed', () => {
    const run = runsReport(ctx.db).runs.find((r) => r.model === 'file-model')!;
    expect(run.unfinished).toBe(1);
    expect(run.per_type).toEqual({
      // K = 2, hit at turn 1 of 2: TKQR = 1 / (1 + 1/log2 3); both types belong to that task.
      Terminology: { key_questions: 1, hit_rate: 1, tkqr: 1 / (1 + 1 / Math.log2(3)), ora: expect.any(Number), pass1: null, pass1_complete: null },
      Units: { key_questions: 1, hit_rate: 0, tkqr: 1 / (1 + 1 / Math.log2(3)), ora: expect.any(Number), pass1: null, pass1_complete: null },
      Behavior: { key_questions: 2, hit_rate: 0, tkqr: 0, ora: expect.any(Number), pass1: null, pass1_complete: null },
      // Two types, two questions and no one-question task to tell which is which: not paired by position.
      unattributed: { key_questions: 2, hit_rate: 0, tkqr: 0, ora: expect.any(Number), pass1: null, pass1_complete: null },
    });
  });

  it('discoverability per key question, key questions no run asked, tasks no run hit', () => {
    const c = runsCuration(ctx.db);
    const frob = c.keyQuestions.find((k) => k.question === 'What is a frob?')!;
    expect(frob).toMatchObject({ questionId: 'p1', runs: 2, hitBy: ['file-model'], taskIds: ['t1'] });
    expect(c.neverAsked.map((k) => k.question)).toEqual(expect.arrayContaining(['In which unit is the time?', 'Which way round?', 'What about ties?']));
    expect(c.neverAsked.map((k) => k.question)).not.toContain('What is a frob?');
    expect(c.noHitTasks).toEqual([
      { taskId: 't2', questionId: 'p2', runs: 2 },
      { taskId: 't5', questionId: 'p3', runs: 1 },
    ]);
  });
});

describe('the runs commands', () => {
  it('import (with --release-file), report --json, task-scores --json, judge-check --json, flag', async () => {
    const dir = tempDir('ccb-runs-cli-');
    const db = path.join(dir, 'cli.sqlite');
    const release = path.join(dir, 'r.jsonl');
    const task = (id: string, qid: string, keyword: string, question: string) =>
      JSON.stringify({ task_id: id, question_id: qid, keywords: [keyword], modified_content: 'x', qa_pairs: [{ question, answer: 'it depends' }] });
    fs.writeFileSync(release, `${task('task_1', 'q1', 'Units', 'Which unit is the length in?')}\n${task('task_2', 'q2', 'Behavior', 'Are duplicates allowed?')}\n`);
    const run = path.join(dir, 'run.jsonl');
    fs.writeFileSync(run, runFileText([runLine('task_1', 'q1', 1, ['Which unit is the length in?'], [1]), runLine('task_2', 'q2', 1, ['Is the input sorted?'], [0])]));
    try {
      const imported = await runCli(['runs', 'import', run, '--model', 'm1', '--release-file', release, '--db', db]);
      expect(imported.status, imported.stderr).toBe(0);
      expect(imported.stdout).toMatch(/imported the run of m1: 2 tasks \(0 unfinished\)/);
      const report = JSON.parse((await runCli(['runs', 'report', '--json', '--db', db])).stdout);
      expect(report.runs[0]).toMatchObject({ model: 'm1', tasks: 2, unfinished: 0, tkqr: 0.5, ora: 1, avg_turns: 1, avg_diff: 0, per_k: { '1': { tasks: 2 } } });
      expect(report.runs[0].per_type).toEqual({ Behavior: { key_questions: 1, hit_rate: 0, tkqr: 0, ora: 1, pass1: null, pass1_complete: null }, Units: { key_questions: 1, hit_rate: 1, tkqr: 1, ora: 1, pass1: null, pass1_complete: null } });
      expect(JSON.parse((await runCli(['runs', 'task-scores', '--model', 'm1', '--json', '--db', db])).stdout)).toEqual([
        { task_id: 'task_1', tkqr: 1, ora: 1, turns: 1, diff: 0 },
        { task_id: 'task_2', tkqr: 0, ora: 1, turns: 1, diff: 0 },
      ]);
      const check = JSON.parse((await runCli(['runs', 'judge-check', '--model', 'm1', '--threshold', '0.5', '--json', '--db', db])).stdout);
      expect(check).toMatchObject({ n_turns: 2, threshold: 0.5, confusion_matrix: { tp: 1, tn: 1, fp: 0, fn: 0 }, agreement_accuracy: 1, cohen_kappa: 1 });
      const twice = await runCli(['runs', 'import', run, '--model', 'm1', '--release-file', release, '--db', db]);
      expect(twice.status).toBe(1);
      expect(twice.stderr).toMatch(/--replace/);
      const bad = await runCli(['runs', 'import', run, '--model', 'm2', '--db', db]);
      expect(bad.status).toBe(2);
      const flag = await runCli(['runs', 'flag', 'task_1', '--reason', 'why', '--db', db]);
      expect(flag.status).toBe(1);
      expect(flag.stderr).toMatch(/q1/); // the problem is not in this database
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
