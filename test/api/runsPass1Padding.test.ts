/**
 * pass@1 of a run over problems with 1, 3 and 7 tasks, through a stand-in evaluator that asserts
 * what LiveCodeBench's asserts: export-lcb pads, import-pass1 maps the grades back to the tasks,
 * keeps each code's metadata, prints both figures, and refuses padding it did not write.
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pass1Verdicts, storedPass1Grades } from '../../db/runPass1';
import { PADDING_CODE, PLACEHOLDER_CODE } from '../../shared/runs/pass1';
import type { RunSummary } from '../../shared/runs/views';
import { runCli } from '../support/cli';
import { tempDb, tempDir } from '../support/db';
import { lcbRecord, writeJsonl } from '../support/lcb';
import { evaluate, type EvalAllEntry } from '../support/lcbEvaluator';
import { runFileText, runLine } from '../support/runFixture';

const ctx = tempDb();
const dir = tempDir('ccb-pass1-padding-');
const at = (name: string) => path.join(dir, name);
const cli = (...args: string[]) => runCli([...args, '--db', ctx.file]);

/** The problems and their points: every non-empty subset of a problem's points is a task (1, 3, 7). */
const PROBLEMS: [string, number][] = [
  ['abc100_a', 1],
  ['abc200_b', 2],
  ['abc300_c', 3],
];
const WINDOW = ['abc050_z', 'abc100_a', 'abc200_b', 'abc300_c'];

/**
 * The known verdicts, task by task in release order (the stand-in passes a code marked PASS; one
 * marked SLOW runs out of time, SYNTAX does not compile, any other is a wrong answer).
 */
const VERDICTS: Record<string, [string, boolean, number | null, string | null]> = {
  task_1: ['PASS', true, null, null],
  task_2: ['PASS', true, null, null],
  task_3: ['SLOW', false, -3, 'Time Limit Exceeded'],
  task_4: ['no', false, -2, 'Wrong Answer'],
  task_5: ['PASS', true, null, null],
  task_6: ['SYNTAX', false, -4, 'Error during testing: invalid syntax (<string>, line 1)'],
  task_7: ['PASS', true, null, null],
  task_8: ['no', false, -2, 'Wrong Answer'],
  task_9: ['PASS', true, null, null],
  task_10: ['no', false, -2, 'Wrong Answer'],
  task_11: ['no', false, -2, 'Wrong Answer'],
};

interface Task {
  taskId: string;
  questionId: string;
  points: number[];
}

function releaseTasks(): Task[] {
  const tasks: Task[] = [];
  for (const [questionId, points] of PROBLEMS) {
    for (let mask = 1; mask < 1 << points; mask++) {
      tasks.push({ taskId: `task_${tasks.length + 1}`, questionId, points: [...Array(points).keys()].filter((p) => mask & (1 << p)) });
    }
  }
  return tasks;
}

const TASKS = releaseTasks();

function writeFiles(): { release: string; run: string } {
  const release = TASKS.map((t) =>
    JSON.stringify({
      task_id: t.taskId,
      question_id: t.questionId,
      keywords: t.points.map(() => 'Behavior'),
      modified_content: 'x',
      qa_pairs: t.points.map((p) => ({ question: `Question ${p + 1} of ${t.questionId}?`, answer: 'a' })),
    }),
  );
  fs.writeFileSync(at('release.jsonl'), `${release.join('\n')}\n`);
  // The run lists its records in reverse: export-lcb orders each problem's codes by release order.
  const run = [...TASKS].reverse().map((t) => runLine(t.taskId, t.questionId, t.points.length, [], [], { final_code: `print("${VERDICTS[t.taskId]![0]} ${t.taskId}")` }));
  fs.writeFileSync(at('run.jsonl'), runFileText(run));
  return { release: at('release.jsonl'), run: at('run.jsonl') };
}

const readJson = <T>(file: string): T => JSON.parse(fs.readFileSync(file, 'utf8')) as T;
const writeJson = (name: string, value: unknown) => {
  fs.writeFileSync(at(name), JSON.stringify(value, null, 4));
  return at(name);
};
const storedGrades = () => storedPass1Grades(ctx.db);

beforeAll(async () => {
  const files = writeFiles();
  const imported = await cli('runs', 'import', files.run, '--model', 'm7', '--release-file', files.release);
  expect(imported.status, imported.stderr).toBe(0);
  const window = writeJsonl(WINDOW.map((id) => lcbRecord({ question_id: id })), 'window.jsonl');
  const exported = await cli('runs', 'export-lcb', '--model', 'm7', '--out', at('m7.json'), '--problems', window);
  expect(exported.status, exported.stderr).toBe(0);
  expect(exported.stdout).toContain('4 entries for the LiveCodeBench evaluator: 11 tasks of 3 problems of m7, 1 placeholder');
});
afterAll(() => {
  ctx.cleanup();
  fs.rmSync(dir, { recursive: true, force: true });
});

describe('pass@1 of a run over problems with 1, 3 and 7 tasks', () => {
  it('export-lcb writes 7 codes for every problem: its tasks in release order, then padding; the placeholder problem 7 placeholders', () => {
    const entries = readJson<{ question_id: string; code_list: string[] }[]>(at('m7.json'));
    const code = (n: number) => `print("${VERDICTS[`task_${n}`]![0]} task_${n}")`;
    expect(entries).toEqual([
      { question_id: 'abc050_z', code_list: Array(7).fill(PLACEHOLDER_CODE) },
      { question_id: 'abc100_a', code_list: [code(1), ...Array(6).fill(PADDING_CODE)] },
      { question_id: 'abc200_b', code_list: [code(2), code(3), code(4), ...Array(4).fill(PADDING_CODE)] },
      { question_id: 'abc300_c', code_list: [5, 6, 7, 8, 9, 10, 11].map(code) },
    ]);
  });

  it('refuses padding or placeholders not as export wrote them, entry-numbered, storing nothing', async () => {
    const graded = readJson<EvalAllEntry[]>(evaluate(at('m7.json'), undefined, WINDOW));
    const swap = (i: number, change: (e: EvalAllEntry) => Partial<EvalAllEntry>) => graded.map((e, j) => (j === i ? { ...e, ...change(e) } : e));
    const cases: [string, unknown, string][] = [
      ['padding-changed.json', swap(1, (e) => ({ code_list: [e.code_list[0]!, 'print("PASS")', ...e.code_list.slice(2)] })), 'entry 2: code_list: not what was exported for abc100_a: code 2 is not the padding export-lcb wrote (codes 2–7 of this problem are padding)'],
      ['padding-dropped.json', swap(2, (e) => ({ code_list: e.code_list.slice(0, 3), graded_list: e.graded_list.slice(0, 3), metadata: e.metadata!.slice(0, 3) })), 'entry 3: code_list: not what was exported for abc200_b: 3 codes, but export-lcb wrote 7 (task_2, task_3, task_4, then 4 padding)'],
      ['placeholder-short.json', swap(0, (e) => ({ code_list: e.code_list.slice(0, 1), graded_list: e.graded_list.slice(0, 1), metadata: e.metadata!.slice(0, 1) })), 'entry 1: code_list: a placeholder entry of 1 code, but export-lcb wrote 7'],
      ['padding-ungraded.json', swap(1, (e) => ({ graded_list: e.graded_list.slice(0, 1) })), 'entry 2: graded_list: 1 grades for 7 codes'],
    ];
    for (const [name, content, message] of cases) {
      const res = await cli('runs', 'import-pass1', writeJson(name, content), '--model', 'm7');
      expect(res.status, name).toBe(1);
      expect(res.stderr.split('\n'), name).toContain(message);
    }
    expect(storedGrades()).toEqual([]);
  });

  it("import-pass1 grades each task as the evaluator did, keeps each code's metadata and prints both figures by name", async () => {
    const res = await cli('runs', 'import-pass1', evaluate(at('m7.json'), undefined, WINDOW), '--model', 'm7');
    expect(res.status, res.stderr).toBe(0);
    // 5 of the 11 tasks pass; LiveCodeBench's own figure: abc050_z 0/7, abc100_a 1/7, abc200_b 1/7, abc300_c 3/7.
    expect(res.stdout).toBe(
      'imported interactive pass@1 of m7: 11 tasks graded, 1 entry passed over\n' +
        `pass@1 ${(5 / 11).toFixed(4)}: the tool's figure (runs report), the mean over the run's 11 tasks of each task's grade\n` +
        `LiveCodeBench's pass@1 ${(5 / 7 / 4).toFixed(4)}: its _eval.json figure, the mean over the file's 4 problems, padding and placeholders counted as failing codes\n`,
    );
    expect(pass1Verdicts(ctx.db, 'm7')).toEqual(
      TASKS.map((t) => {
        const [, passed, errorCode, errorMessage] = VERDICTS[t.taskId]!;
        return { taskId: t.taskId, questionId: t.questionId, passed, errorCode, errorMessage, hasMetadata: true };
      }),
    );
    const report = JSON.parse((await cli('runs', 'report', '--json')).stdout) as { runs: RunSummary[] };
    expect(report.runs.find((r) => r.model === 'm7')!.pass1).toBeCloseTo(5 / 11, 12);
  });
});
