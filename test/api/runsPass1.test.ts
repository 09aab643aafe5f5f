/** pass@1 through LiveCodeBench: runs export-lcb → (a stand-in evaluator) → runs import-pass1 → the report. */
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pass1Verdicts, storedCompletePass1, storedPass1Grades } from '../../db/runPass1';
import { ERROR_MESSAGE_MAX, PADDING_CODE, PLACEHOLDER_CODE } from '../../shared/runs/pass1';
import type { RunSummary } from '../../shared/runs/views';
import { buildUser } from '../support/builders';
import { runCli } from '../support/cli';
import { tempDb, tempDir } from '../support/db';
import { loginAs, testApp } from '../support/http';
import { lcbRecord, writeJsonl } from '../support/lcb';
import { evaluate, type EvalAllEntry } from '../support/lcbEvaluator';
import { runFileText, runLine } from '../support/runFixture';
import { eventsOf } from '../support/state';

const ctx = tempDb();
const dir = tempDir('ccb-pass1-');
const at = (name: string) => path.join(dir, name);
const cli = (...args: string[]) => runCli([...args, '--db', ctx.file]);

const Q = { term: 'What does "good" mean?', edge: 'May N be zero?', unit: 'In which unit is the time?' };
const ASKED = '[QUESTION]\nIs the input sorted?\n[/QUESTION]';
const CODE = { t1: 'print("PASS 1")', t2: 'print("fail 2")', t3: 'print("PASS 3")' };

/** Two problems: abc200_b with 2 points (3 tasks), abc100_a with 1; the release lists abc200_b first. */
function writeRelease(): string {
  const task = (id: string, qid: string, keys: [string, string][]) =>
    JSON.stringify({ task_id: id, question_id: qid, keywords: keys.map(([, t]) => t), modified_content: 'x', qa_pairs: keys.map(([question]) => ({ question, answer: 'a' })) });
  const lines = [
    task('task_1', 'abc200_b', [[Q.term, 'Terminology']]),
    task('task_2', 'abc200_b', [[Q.edge, 'Edge Cases']]),
    task('task_3', 'abc200_b', [[Q.term, 'Terminology'], [Q.edge, 'Edge Cases']]),
    task('task_4', 'abc100_a', [[Q.unit, 'Units']]),
  ];
  fs.writeFileSync(at('release.jsonl'), `${lines.join('\n')}\n`);
  return at('release.jsonl');
}

/** The run, not in release order: task_1's code is in its last response only, task_4 never wrote code. */
function writeRun(file: string, codeOfTask2 = CODE.t2): string {
  fs.writeFileSync(
    file,
    runFileText([
      runLine('task_3', 'abc200_b', 2, [], [], { final_code: CODE.t3 }),
      runLine('task_4', 'abc100_a', 1, [], [], { final_code: '', response_contents: [ASKED], finished: false }),
      runLine('task_1', 'abc200_b', 1, [], [], { final_code: '', response_contents: [ASKED, `[CODE]\n${CODE.t1}\n\n[/CODE]`] }),
      runLine('task_2', 'abc200_b', 1, [], [], { final_code: codeOfTask2 }),
    ]),
  );
  return file;
}

const report = async (): Promise<RunSummary> => (JSON.parse((await cli('runs', 'report', '--json')).stdout) as { runs: RunSummary[] }).runs.find((r) => r.model === 'm1')!;
const stored = () => ({
  grades: storedPass1Grades(ctx.db).map(({ model, task_id, passed }) => ({ model, task_id, passed })),
  complete: storedCompletePass1(ctx.db),
  events: eventsOf(ctx.db).filter((e) => e.action.startsWith('run.pass1.')).map((e) => ({ action: e.action })),
});
const readJson = <T>(file: string): T => JSON.parse(fs.readFileSync(file, 'utf8')) as T;
const writeJson = (name: string, value: unknown) => {
  fs.writeFileSync(at(name), typeof value === 'string' ? value : JSON.stringify(value, null, 4));
  return at(name);
};

beforeAll(async () => {
  const res = await cli('runs', 'import', writeRun(at('run.jsonl')), '--model', 'm1', '--release-file', writeRelease());
  expect(res.status, res.stderr).toBe(0);
});
afterAll(() => {
  ctx.cleanup();
  fs.rmSync(dir, { recursive: true, force: true });
});

describe('runs export-lcb', () => {
  it("writes one entry per problem, sorted by question_id, each problem's tasks in release order, with prepare_pass1.py's codes", async () => {
    const res = await cli('runs', 'export-lcb', '--model', 'm1', '--out', at('m1.json'));
    expect(res.status, res.stderr).toBe(0);
    expect(res.stdout).toContain('2 entries for the LiveCodeBench evaluator: 4 tasks of 2 problems of m1');
    expect(readJson(at('m1.json'))).toEqual([
      // An unfinished record's "code" is its last response, as extract_code takes it.
      // Padded to the widest problem's 3 tasks: the evaluator wants every code_list as long.
      { question_id: 'abc100_a', code_list: [ASKED, PADDING_CODE, PADDING_CODE] },
      { question_id: 'abc200_b', code_list: [CODE.t1, CODE.t2, CODE.t3] },
    ]);
  });

  it('with --problems, gives every other problem of the window a placeholder entry; refuses a window lacking a problem of the run', async () => {
    const window = writeJsonl(['abc300_c', 'abc200_b', 'abc050_z', 'abc100_a'].map((id) => lcbRecord({ question_id: id })), 'window.jsonl');
    const res = await cli('runs', 'export-lcb', '--model', 'm1', '--out', at('window.json'), '--problems', window);
    expect(res.status, res.stderr).toBe(0);
    expect(res.stdout).toContain('4 entries for the LiveCodeBench evaluator: 4 tasks of 2 problems of m1, 2 placeholders');
    const entries = readJson<{ question_id: string; code_list: string[] }[]>(at('window.json'));
    expect(entries.map((e) => e.question_id)).toEqual(['abc050_z', 'abc100_a', 'abc200_b', 'abc300_c']);
    expect(entries[0]!.code_list).toEqual([PLACEHOLDER_CODE, PLACEHOLDER_CODE, PLACEHOLDER_CODE]);
    expect(entries[3]!.code_list).toEqual([PLACEHOLDER_CODE, PLACEHOLDER_CODE, PLACEHOLDER_CODE]);

    const short = writeJsonl([lcbRecord({ question_id: 'abc200_b' })], 'short.jsonl');
    const refused = await cli('runs', 'export-lcb', '--model', 'm1', '--out', at('short.json'), '--problems', short);
    expect(refused.status).toBe(1);
    expect(refused.stderr).toContain('--problems: the run of "m1" has tasks of 1 problem(s) the file does not hold (abc100_a)');
    expect(fs.existsSync(at('short.json'))).toBe(false);
    const badWindow = await cli('runs', 'export-lcb', '--model', 'm1', '--out', at('bad.json'), '--problems', writeJsonl(['{oops'], 'bad.jsonl'));
    expect(badWindow.stderr).toMatch(/^line 1: /m);
    expect((await cli('runs', 'export-lcb', '--model', 'nobody', '--out', at('x.json'))).stderr).toContain('No run of model "nobody"');
  });
});

describe('runs import-pass1', () => {
  it('refuses a changed code_list, an unknown question_id, malformed JSON, wrong grades and a missing problem, entry-numbered, storing nothing', async () => {
    const good = readJson<EvalAllEntry[]>(evaluate(at('window.json')));
    const cases: [string, unknown, RegExp][] = [
      ['changed.json', good.map((e, i) => (i === 2 ? { ...e, code_list: [CODE.t1, 'print("PASS 2")', CODE.t3] } : e)), /^entry 3: code_list: not what was exported for abc200_b: code 2 is not the code export-lcb wrote for task_2$/m],
      ['fewer.json', good.map((e, i) => (i === 2 ? { ...e, code_list: [CODE.t1] } : e)), /^entry 3: code_list: not what was exported for abc200_b: 1 code, but export-lcb wrote 3 \(task_1, task_2, task_3\)$/m],
      ['unknown.json', good.map((e, i) => (i === 1 ? { ...e, question_id: 'abc999_q' } : e)), /^entry 2: question_id: "abc999_q" is not a problem of the run \(nor a placeholder entry\)$/m],
      ['grades.json', good.map((e, i) => (i === 1 ? { ...e, graded_list: [true, false] } : e)), /^entry 2: graded_list: 2 grades for 3 codes$/m],
      ['missing.json', good.filter((e) => e.question_id !== 'abc100_a'), /^no entry for problem "abc100_a" \(task_4\)$/m],
      ['twice.json', [...good, good[1]], /^entry 5: question_id: "abc100_a" already appears in entry 2$/m],
      ['types.json', good.map((e, i) => (i === 1 ? { ...e, graded_list: 'yes' } : e)), /^entry 2: graded_list: /m],
      ['malformed.json', '[\n  {"question_id": "abc100_a",\n   "code_list": [}\n]', /malformed JSON at line 3, column \d+/],
      ['object.json', { question_id: 'abc100_a' }, /expected a JSON list of entries/],
    ];
    const before = stored();
    for (const [name, content, message] of cases) {
      const res = await cli('runs', 'import-pass1', writeJson(name, content), '--model', 'm1');
      expect(res.status, name).toBe(1);
      expect(res.stderr, name).toMatch(/^error: Nothing was imported: /);
      expect(res.stderr, name).toMatch(message);
    }
    expect(stored()).toEqual(before);
    expect(before.grades).toEqual([]);
    expect((await report()).pass1).toBeNull();
  });

  it('interactive: graded_list[i] grades the i-th exported task; pass1 in the report overall, per K and per type', async () => {
    const res = await cli('runs', 'import-pass1', evaluate(at('window.json')), '--model', 'm1', '--json');
    expect(res.status, res.stderr).toBe(0);
    // LiveCodeBench's own figure: abc200_b passes 2 of 3 codes, the other three problems none of theirs.
    expect(JSON.parse(res.stdout)).toEqual({ model: 'm1', setting: 'interactive', stored: 4, pass1: 0.5, tasks: 4, lcb_pass1: 2 / 3 / 4, lcb_problems: 4, ignored: 2, replaced: null });
    expect(stored().grades).toEqual([
      { model: 'm1', task_id: 'task_1', passed: 1 },
      { model: 'm1', task_id: 'task_2', passed: 0 },
      { model: 'm1', task_id: 'task_3', passed: 1 },
      { model: 'm1', task_id: 'task_4', passed: 0 },
    ]);
    const r = await report();
    expect(r.pass1).toBe(0.5);
    expect(r.pass1_complete).toBeNull();
    expect(r.per_k['1']!.pass1).toBeCloseTo(1 / 3, 12);
    expect(r.per_k['2']).toMatchObject({ pass1: 1, pass1_complete: null });
    // A type averages over the tasks with at least one key question of that type.
    expect(r.per_type.Terminology).toMatchObject({ pass1: 1 });
    expect(r.per_type['Edge Cases']).toMatchObject({ pass1: 0.5 });
    expect(r.per_type.Units).toMatchObject({ pass1: 0, pass1_complete: null });
    const text = await cli('runs', 'report');
    expect(text.stdout).toMatch(/^m1 +— +0\.500 /m);
  });

  it("keeps LiveCodeBench's metadata of each graded code; a file without metadata leaves the grades unknown, never a category", async () => {
    expect(pass1Verdicts(ctx.db, 'm1')).toEqual([
      { taskId: 'task_4', questionId: 'abc100_a', passed: false, errorCode: -2, errorMessage: 'Wrong Answer', hasMetadata: true },
      { taskId: 'task_1', questionId: 'abc200_b', passed: true, errorCode: null, errorMessage: null, hasMetadata: true },
      { taskId: 'task_2', questionId: 'abc200_b', passed: false, errorCode: -2, errorMessage: 'Wrong Answer', hasMetadata: true },
      { taskId: 'task_3', questionId: 'abc200_b', passed: true, errorCode: null, errorMessage: null, hasMetadata: true },
    ]);
    const graded = readJson<EvalAllEntry[]>(evaluate(at('window.json')));
    const long = `Error during testing: invalid syntax (<string>, line 1) ${'x'.repeat(2 * ERROR_MESSAGE_MAX)}`;
    const syntax = graded.map((e) => (e.question_id === 'abc100_a' ? { ...e, metadata: [JSON.stringify({ error_code: -4, error_message: long }), ...e.metadata!.slice(1)] } : e));
    expect((await cli('runs', 'import-pass1', writeJson('syntax.json', syntax), '--model', 'm1')).status).toBe(0);
    expect(pass1Verdicts(ctx.db, 'm1')[0]).toEqual({ taskId: 'task_4', questionId: 'abc100_a', passed: false, errorCode: -4, errorMessage: long.slice(0, ERROR_MESSAGE_MAX), hasMetadata: true });

    const before = storedPass1Grades(ctx.db);
    const bad = graded.map((e, i) => (i === 2 ? { ...e, metadata: ['{"execution time": 0.1}', 'Wrong Answer', '{}'] } : e));
    expect((await cli('runs', 'import-pass1', writeJson('bad-meta.json', bad), '--model', 'm1')).stderr).toMatch(/^entry 3: metadata: code 2: not JSON /m);
    const short = graded.map((e, i) => (i === 2 ? { ...e, metadata: ['{}'] } : e));
    expect((await cli('runs', 'import-pass1', writeJson('short-meta.json', short), '--model', 'm1')).stderr).toMatch(/^entry 3: metadata: 1 metadata for 3 codes$/m);
    expect(storedPass1Grades(ctx.db)).toEqual(before);

    const bare = graded.map(({ metadata: _dropped, ...e }) => e);
    expect((await cli('runs', 'import-pass1', writeJson('bare.json', bare), '--model', 'm1')).status).toBe(0);
    expect(pass1Verdicts(ctx.db, 'm1').map((v) => [v.taskId, v.passed, v.errorCode, v.hasMetadata])).toEqual([
      ['task_4', false, null, false],
      ['task_1', true, null, false],
      ['task_2', false, null, false],
      ['task_3', true, null, false],
    ]);
    expect((await cli('runs', 'import-pass1', evaluate(at('window.json')), '--model', 'm1')).status).toBe(0);
  });

  it('complete: the model’s own pass@1 per problem, other problems of the window passed over; the report averages it over the same tasks', async () => {
    const own = [
      { question_id: 'abc100_a', code_list: ['a', 'b'], graded_list: [true, false], 'pass@1': 0.5 },
      { question_id: 'abc200_b', code_list: ['c'], graded_list: [true], 'pass@1': 1 },
      { question_id: 'abc300_c', code_list: ['d'], graded_list: [false], 'pass@1': 0 },
    ];
    const wrong = await cli('runs', 'import-pass1', writeJson('own-bad.json', [{ ...own[0], 'pass@1': 1 }, own[1]]), '--model', 'm1', '--setting', 'complete');
    expect(wrong.stderr).toMatch(/^entry 1: pass@1: 1, but graded_list passes 0\.5$/m);
    const res = await cli('runs', 'import-pass1', writeJson('own.json', own), '--model', 'm1', '--setting', 'complete');
    expect(res.status, res.stderr).toBe(0);
    // The report's figure weighs abc200_b's 1 by its 3 tasks; LiveCodeBench's averages the file's 3 problems.
    expect(res.stdout).toBe(
      'imported complete pass@1 of m1: complete pass@1 of 2 problems, 1 entry passed over\n' +
        "pass@1 0.8750: the tool's figure (runs report), the mean over the run's 4 tasks of each task's problem's pass@1\n" +
        "LiveCodeBench's pass@1 0.5000: its _eval.json figure, the mean over the file's 3 problems\n",
    );
    const r = await report();
    expect(r.pass1_complete).toBeCloseTo((1 + 1 + 1 + 0.5) / 4, 12);
    expect(r.per_k['1']!.pass1_complete).toBeCloseTo((1 + 1 + 0.5) / 3, 12);
    expect(r.per_type.Units!.pass1_complete).toBe(0.5);
    expect(r.pass1).toBe(0.5);
  });

  it('the JSON the Runs page loads (GET /api/runs) carries the same figures', async () => {
    const mara = await buildUser(ctx.db, { username: 'mara', role: 'maintainer' });
    const agent = await loginAs(testApp(ctx.db), mara);
    const res = await agent.get('/api/runs');
    expect(res.status).toBe(200);
    const run = (res.body as { runs: RunSummary[] }).runs.find((x) => x.model === 'm1')!;
    expect(run).toEqual(await report());
    expect(run.per_k['2']).toMatchObject({ pass1: 1, pass1_complete: 1 });
  });

  it('a re-import replaces, with an event; a task whose code changed since is no longer graded', async () => {
    const res = await cli('runs', 'import-pass1', evaluate(at('window.json'), () => true), '--model', 'm1');
    expect(res.status, res.stderr).toBe(0);
    expect(res.stdout).toContain('(replaced 4 earlier values)');
    expect(stored().events.map((e) => (e as { action: string }).action)).toEqual(['run.pass1.import', 'run.pass1.replace', 'run.pass1.replace', 'run.pass1.replace', 'run.pass1.import', 'run.pass1.replace']);
    expect((await report()).pass1).toBe(1);

    const again = await cli('runs', 'import', writeRun(at('run2.jsonl'), 'print("new 2")'), '--model', 'm1', '--release-file', at('release.jsonl'), '--replace');
    expect(again.status, again.stderr).toBe(0);
    const r = await report();
    expect(r.pass1).toBeNull();
    expect(r.per_k['2']!.pass1).toBe(1);
    expect(r.per_type.Units!.pass1).toBe(1);
    expect(r.per_type['Edge Cases']!.pass1).toBeNull();
    const stale = await cli('runs', 'import-pass1', evaluate(at('window.json')), '--model', 'm1');
    expect(stale.stderr).toMatch(/^entry 3: code_list: not what was exported for abc200_b: code 2 is not the code export-lcb wrote for task_2$/m);
  });
});
