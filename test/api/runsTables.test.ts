/** The paper's tables over stored runs: GET /api/runs/tables/:table and `runs tables` give the same text, with hand-computed cells. */
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PAPER_TABLES, TABLE_FORMATS } from '../../shared/runs/paperTable';
import { buildUser } from '../support/builders';
import { runCli } from '../support/cli';
import { tempDb, tempDir } from '../support/db';
import { loginAs, testApp, type Agent } from '../support/http';
import { evaluate, type EvalAllEntry } from '../support/lcbEvaluator';
import { runFileText, runLine } from '../support/runFixture';

const ctx = tempDb();
const dir = tempDir('ccb-tables-');
const at = (name: string) => path.join(dir, name);
const cli = (...args: string[]) => runCli([...args, '--db', ctx.file]);
let mara: Agent;

const Q = { unit: 'In which unit?', term: 'What is "good"?', edge: 'May N be zero?', beh: 'What on a tie?', fmt: 'One line or many?', idx: 'Are indices 0-based?' };

/** Four problems: K = 1 tasks, one K = 2 task and one K = 3 task over six types. */
function writeRelease(): string {
  const task = (id: string, qid: string, keys: [string, string][]) =>
    JSON.stringify({ task_id: id, question_id: qid, keywords: keys.map(([, t]) => t), modified_content: 'x', qa_pairs: keys.map(([question, type]) => ({ question, answer: 'a', type })) });
  const lines = [
    task('task_1', 'abc100_a', [[Q.unit, 'Units']]),
    task('task_2', 'abc200_b', [[Q.term, 'Terminology']]),
    task('task_3', 'abc200_b', [[Q.edge, 'Edge Cases']]),
    task('task_4', 'abc200_b', [[Q.term, 'Terminology'], [Q.edge, 'Edge Cases']]),
    task('task_5', 'abc300_c', [[Q.beh, 'Behavior'], [Q.fmt, 'Output Format'], [Q.idx, 'Indices & Ranges']]),
    task('task_6', 'abc400_d', [[Q.unit, 'Units']]),
  ];
  fs.writeFileSync(at('paper.jsonl'), `${lines.join('\n')}\n`);
  return at('paper.jsonl');
}

/**
 * Key questions hit: task_1 1 of 1, task_2 0 of 1 (asks nothing), task_3 1 of 1, task_4 1 of 2,
 * task_5 2 of 3, task_6 0 of 1 (asks something else). Codes: the stand-in evaluator passes
 * "PASS", times out "SLOW", finds a syntax error in "SYNTAX" and a wrong answer in the rest.
 */
function writeRun(name: string): string {
  const code = (final_code: string) => ({ final_code });
  fs.writeFileSync(
    at(name),
    runFileText([
      runLine('task_1', 'abc100_a', 1, [Q.unit], [1], code('print("PASS 1")')),
      runLine('task_2', 'abc200_b', 1, [], [], code('print("SLOW 2")')),
      runLine('task_3', 'abc200_b', 1, [Q.edge], [1], code('print("SYNTAX 3")')),
      runLine('task_4', 'abc200_b', 2, [Q.term], [1], code('print("wrong 4")')),
      runLine('task_5', 'abc300_c', 3, [Q.beh, Q.fmt], [1, 1], code('print("PASS 5")')),
      runLine('task_6', 'abc400_d', 1, ['Is the input sorted?'], [0], code('print("crash 6")')),
    ]),
  );
  return at(name);
}

/** Grade a model's export; task_6's code crashes (a runtime error); `bare` drops the metadata as an old evaluator file would. */
async function gradeModel(model: string, bare: boolean) {
  expect((await cli('runs', 'export-lcb', '--model', model, '--out', at(`${model}.json`))).status).toBe(0);
  const graded = JSON.parse(fs.readFileSync(evaluate(at(`${model}.json`)), 'utf8')) as EvalAllEntry[];
  const entries = graded.map((e) => {
    if (bare) return { ...e, metadata: undefined };
    if (e.question_id !== 'abc400_d') return e;
    // The problem's one code, then the placeholders that pad every code_list to the same length.
    const metadata = e.metadata as string[];
    return { ...e, metadata: [JSON.stringify({ error: 'ZeroDivisionError()', error_code: -4, error_message: 'Runtime Error' }), ...metadata.slice(1)] };
  });
  fs.writeFileSync(at(`${model}-eval.json`), JSON.stringify(entries));
  const res = await cli('runs', 'import-pass1', at(`${model}-eval.json`), '--model', model);
  expect(res.status, res.stderr).toBe(0);
}

beforeAll(async () => {
  const release = writeRelease();
  for (const model of ['model_a', 'm-bare']) {
    const res = await cli('runs', 'import', writeRun(`${model}.jsonl`), '--model', model, '--release-file', release);
    expect(res.status, res.stderr).toBe(0);
  }
  await gradeModel('model_a', false);
  await gradeModel('m-bare', true);
  mara = await loginAs(testApp(ctx.db), await buildUser(ctx.db, { username: 'mara', role: 'maintainer' }));
});
afterAll(() => {
  ctx.cleanup();
  fs.rmSync(dir, { recursive: true, force: true });
});

const api = async (table: string, format: string, extra = '') => {
  const res = await mara.get(`/api/runs/tables/${table}?format=${format}${extra}`);
  expect(res.status, res.text).toBe(200);
  return res.text;
};
const csvLines = (text: string) => text.split('\r\n');
/** The lines of one model's rows (the runs come in model-name order: m-bare, then model_a). */
const rowsOf = (text: string, model: string) => csvLines(text).filter((l) => l.startsWith(`${model},`));

describe('GET /api/runs/tables/:table', () => {
  it('Table 3 and Table 4: pass@1 over the run\'s tasks, turns and diff per K', async () => {
    // pass@1 2 of 6; no complete pass@1 imported, so no Δ.
    expect(rowsOf(await api('3', 'csv'), 'model_a')[0]).toMatch(/^model_a,,33\.3,,0\.\d\d,0\.\d\d$/);
    // Rounds: K = 1 (1 + 0 + 1 + 1) / 4, diff (0 − 1 + 0 + 0) / 4; K = 2 one round; K = 3 two; all 6 / 6, diff −3 / 6.
    const t4 = await api('4', 'csv');
    expect(csvLines(t4)[0]).toBe('model,K=1_avg_turns,K=1_avg_diff,K=2_avg_turns,K=2_avg_diff,K=3_avg_turns,K=3_avg_diff,all_avg_turns,all_avg_diff');
    expect(rowsOf(t4, 'model_a')).toEqual(['model_a,0.75,-0.25,1.00,-1.00,2.00,-1.00,1.00,-0.50']);
  });

  it('types: per model the 11 types in taxonomy order; a type the run met no task of has count 0 and no figures', async () => {
    const text = await api('types', 'csv');
    const lines = rowsOf(text, 'model_a');
    expect(csvLines(text)[0]).toBe('model,type,key_questions,hit_rate_pct,tkqr,ora,pass1_pct');
    expect(lines.map((l) => l.split(',')[1])).toEqual(['Terminology', 'Behavior', 'Edge Cases', 'Indices & Ranges', 'Ordering & Atomicity', 'Output Format', 'Comparison Rules', 'Units', 'Collection Semantics', 'Numerical Precision', 'String & Localization']);
    // Units: task_1 hit at its first round (TKQR 1, ORA 1), task_6 asked one round and missed (TKQR 0, ORA 1); one of two codes passed.
    expect(lines).toContain('model_a,Units,2,50.0,0.50,1.00,50.0');
    expect(lines).toContain('model_a,Comparison Rules,0,,,,');
    // Edge Cases: two key questions (task_3, task_4), one hit; both codes failed.
    expect(lines.find((l) => l.startsWith('model_a,Edge Cases,'))).toMatch(/^model_a,Edge Cases,2,50\.0,[\d.]+,[\d.]+,0\.0$/);
    // Indices & Ranges: only task_5 (K = 3), which hit its other two key questions at rounds 1 and 2 of
    // three turns: TKQR (1 + 1/log2 3) / (1 + 1/log2 3 + 1/2) = 0.77, ORA exp(−1 / (2·1.275²)) = 0.74; its code passed.
    expect(lines).toContain('model_a,Indices & Ranges,1,0.0,0.77,0.74,100.0');
    expect(csvLines(text)).toHaveLength(1 + 2 * 11 + 1);
  });

  it('difficulty: the share of K-point tasks with exactly h key questions hit, beside the counts', async () => {
    const text = await api('difficulty', 'csv');
    expect(csvLines(text)[0]).toBe('model,k1_tasks,d1_h0,d1_h1,k2_tasks,d2_h0,d2_h1,d2_h2,k3_tasks,d3_h0,d3_h1,d3_h2,d3_h3');
    // K = 1: task_2 and task_6 hit nothing, task_1 and task_3 their one; task_4 hit 1 of 2; task_5 2 of 3.
    expect(rowsOf(text, 'model_a')).toEqual(['model_a,4,0.50,0.50,1,0.00,1.00,0.00,1,0.00,0.00,1.00,0.00']);
  });

  it('errors: failing codes by category over all tasks, per K and per type; codes graded without metadata are unknown', async () => {
    const text = await api('errors', 'csv');
    expect(csvLines(text)[0]).toBe('model,group,graded,failing,wrong_answer_pct,time_limit_exceeded_pct,runtime_error_pct,syntax_error_pct,test_runner_error_pct,unknown_pct');
    const rows = (model: string) => rowsOf(text, model);
    expect(rows('model_a').slice(0, 4)).toEqual([
      // Four failing of six: task_4 wrong, task_2 timed out, task_6 crashed, task_3 a syntax error (a -4 told apart by its message).
      'model_a,all,6,4,25.0,25.0,25.0,25.0,0.0,0.0',
      'model_a,K=1,4,3,0.0,33.3,33.3,33.3,0.0,0.0',
      'model_a,K=2,1,1,100.0,0.0,0.0,0.0,0.0,0.0',
      'model_a,K=3,1,0,,,,,,',
    ]);
    expect(rows('model_a')).toContain('model_a,Units,2,1,0.0,0.0,100.0,0.0,0.0,0.0');
    expect(rows('model_a')).toContain('model_a,Edge Cases,2,2,50.0,0.0,0.0,50.0,0.0,0.0');
    expect(rows('model_a')).toContain('model_a,Comparison Rules,0,0,,,,,,');
    expect(rows('m-bare')[0]).toBe('m-bare,all,6,4,0.0,0.0,0.0,0.0,0.0,100.0');
    expect(rows('m-bare')).toHaveLength(4 + 11);
  });

  it('LaTeX escapes the model names; Markdown is a pipe table', async () => {
    const latex = await api('difficulty', 'latex');
    expect(latex).toContain('model\\_a & 4 & 0.50 & 0.50 & 1 & 0.00 & 1.00 & 0.00 & 1 & 0.00 & 0.00 & 1.00 & 0.00 \\\\');
    expect(latex.startsWith('\\begin{tabular}{lrrrrrrrrrrrr}\n\\toprule\n & \\multicolumn{3}{c}{$D_1$} & \\multicolumn{4}{c}{$D_2$} & \\multicolumn{5}{c}{$D_3$} \\\\\n\\cmidrule(lr){2-4}\\cmidrule(lr){5-8}\\cmidrule(lr){9-13}\n')).toBe(true);
    expect(await api('errors', 'latex')).toContain('model\\_a & Indices \\& Ranges & 1 & 0 & -- & -- & -- & -- & -- & -- \\\\');
    const md = (await api('3', 'markdown')).split('\n');
    expect(md[1]).toBe('| --- | ---: | ---: | ---: | ---: | ---: |');
    expect(md[3]).toMatch(/^\| model\\_a \| — \| 33\.3 \| — \| /);
  });

  it('the CLI prints the very bytes the API sends, for every table and format; a named release gives the same', async () => {
    for (const table of PAPER_TABLES) {
      for (const format of TABLE_FORMATS) {
        const res = await cli('runs', 'tables', '--table', table, '--format', format);
        expect(res.status, res.stderr).toBe(0);
        expect(res.stdout, `${table} ${format}`).toBe(await api(table, format));
      }
    }
    const named = await cli('runs', 'tables', '--table', 'types', '--format', 'csv', '--release', 'paper.jsonl');
    expect(named.stdout).toBe(await api('types', 'csv', '&release=paper.jsonl'));
  });

  it('an unknown table, format or release is refused naming the field', async () => {
    const table = await mara.get('/api/runs/tables/5?format=csv');
    expect(table.status).toBe(400);
    expect(table.body.error.message).toMatch(/^params\.table: must be one of "3", "4", "types", "difficulty", "errors"/);
    const format = await mara.get('/api/runs/tables/3?format=pdf');
    expect(format.body.error.message).toMatch(/^query\.format: must be one of "csv", "latex", "markdown"/);
    const release = await mara.get('/api/runs/tables/3?format=csv&release=v9');
    expect(release.status).toBe(400);
    expect(release.body.error.message).toBe('release: no run is about release "v9" (releases with runs: "paper.jsonl")');
    expect((await cli('runs', 'tables', '--table', 'x', '--format', 'csv')).stderr).toMatch(/^error: --table: must be one of /);
    expect((await cli('runs', 'tables', '--table', '3', '--format', 'tex')).stderr).toMatch(/^error: --format: must be one of /);
    expect((await cli('runs', 'tables', '--table', '3', '--format', 'csv', '--release', 'v9')).stderr).toBe('error: --release: no run is about release "v9" (releases with runs: "paper.jsonl")\n');
  });
});
