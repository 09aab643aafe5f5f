import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { all } from '../../db/database';
import { keyQuestionNum, scoreTask, turnsTotal, type HitDict } from '../../shared/runs/metrics';
import type { RunSummary } from '../../shared/runs/views';
import { runsReport, taskScores } from '../../server/services/runs/reports';
import { runCli } from '../support/cli';
import { tempDb, tempDir } from '../support/db';
import { runFileText, runLine } from '../support/runFixture';

// `runs export` writes a stored run back in the evaluator's run-output schema.
const ctx = tempDb();
const dir = tempDir('ccb-runs-export-');
const releaseFile = path.join(dir, 'release.jsonl');
const runFile = path.join(dir, 'model-a.jsonl');
const exported = path.join(dir, 'exported.jsonl');
const db = ['--db', ctx.file];

const task = (taskId: string, qid: string, questions: string[]) =>
  JSON.stringify({ task_id: taskId, question_id: qid, keywords: ['Terminology'], modified_content: `The text of ${taskId}.\nSecond line "quoted" é`, qa_pairs: questions.map((q) => ({ question: q, answer: 'a' })) });

/** Lines that take every fallback the import knows: no turns, K from qa_pairs, no dialogue, unfinished, a repeated question. */
const lines: Record<string, unknown>[] = [
  runLine('t1', 'p1', 1, ['What is a frob?'], [1]),
  (({ turns: _t, ...rest }) => rest)(runLine('t2', 'p1', 2, ['Which unit?', 'What is a frob?', 'Which unit?'], [1, 1, 0])),
  (({ key_question_num: _k, ...rest }) => ({ ...rest, qa_pairs: [{}, {}] }))(runLine('t3', 'p2', 2, ['Anything?'], [0], { finished: false })),
  (({ messages: _m, response_contents: _r, ...rest }) => rest)(runLine('t4', 'p2', 1, [], [], { turns: 1, final_code: 'print("é")\n' })),
];

beforeAll(async () => {
  fs.writeFileSync(releaseFile, [task('t1', 'p1', ['What is a frob?']), task('t2', 'p1', ['Which unit?', 'What is a frob?']), task('t3', 'p2', ['Anything?', 'Else?']), task('t4', 'p2', ['Why?'])].join('\n') + '\n');
  fs.writeFileSync(runFile, runFileText(lines));
  expect((await runCli(['runs', 'import', runFile, '--model', 'model-a', '--release-file', releaseFile, ...db])).status).toBe(0);
});
afterAll(() => {
  ctx.cleanup();
  fs.rmSync(dir, { recursive: true, force: true });
});

const figures = (r: RunSummary) => {
  const { model: _m, source_file: _s, imported_at: _a, imported_by: _b, ...rest } = r;
  return rest;
};
const storedRecords = (model: string) =>
  all<Record<string, unknown>>(ctx.db, 'SELECT r.* FROM run_records r JOIN runs u ON u.id = r.run_id WHERE u.model = ? ORDER BY r.position', [model]).map(({ run_id: _r, ...rest }) => rest);

describe('runs export --model NAME --out FILE', () => {
  it('writes one line per record, in file order, with every field the import stored', async () => {
    const res = await runCli(['runs', 'export', '--model', 'model-a', '--out', exported, ...db]);
    expect(res.status, res.stderr).toBe(0);
    expect(res.stdout).toContain('wrote the run of model-a (4 tasks over release "release.jsonl")');
    const out = fs.readFileSync(exported, 'utf8').trimEnd().split('\n').map((l) => JSON.parse(l) as Record<string, unknown>);
    expect(out.map((l) => l.task_id)).toEqual(['t1', 't2', 't3', 't4']);
    expect(Object.keys(out[0]!)).toEqual(['id', 'task_id', 'key_question_num', 'prompt', 'messages', 'response_contents', 'hit_dict', 'hit_questions', 'turns', 'final_code', 'finished']);
    // The fallbacks are written out: turns from the responses, K from the qa pairs, the dialogue as read.
    expect(out[1]).toMatchObject({ id: 'p1', key_question_num: 2, turns: 4, hit_dict: { '0': 1, '1': 1, '2': 0 }, messages: lines[1]!.messages });
    expect(out[2]).toMatchObject({ id: 'p2', key_question_num: 2, finished: false, prompt: 'The text of t3.\nSecond line "quoted" é' });
    expect(out[3]).toMatchObject({ messages: [], turns: 1, final_code: 'print("é")\n' });
    expect(out[3]).not.toHaveProperty('response_contents');
    // Scored the way the benchmark's compute_metrics.py scores a line, each gives the stored figures.
    const stored = taskScores(ctx.db, 'model-a');
    out.forEach((l, i) => expect(scoreTask(keyQuestionNum(l), turnsTotal(l), l.hit_dict as HitDict)).toEqual({ tkqr: stored[i]!.tkqr, ora: stored[i]!.ora, turns: stored[i]!.turns, diff: stored[i]!.diff }));
  });

  it('imports again under another name with the same report and the same stored records', async () => {
    const res = await runCli(['runs', 'import', exported, '--model', 'model-b', '--release-file', releaseFile, ...db]);
    expect(res.status, res.stderr).toBe(0);
    const runs = runsReport(ctx.db).runs;
    const [a, b] = ['model-a', 'model-b'].map((m) => runs.find((r) => r.model === m)!);
    expect(figures(b!)).toEqual(figures(a!));
    expect(storedRecords('model-b')).toEqual(storedRecords('model-a'));
    // And its export is the same file, byte for byte.
    const again = path.join(dir, 'again.jsonl');
    expect((await runCli(['runs', 'export', '--model', 'model-b', '--out', again, ...db])).status).toBe(0);
    expect(fs.readFileSync(again)).toEqual(fs.readFileSync(exported));
  });

  it('says what is wrong, writing nothing: unknown model, no --out, a folder as --out', async () => {
    const none = path.join(dir, 'none.jsonl');
    const unknown = await runCli(['runs', 'export', '--model', 'nobody', '--out', none, ...db]);
    expect(unknown.status).toBe(1);
    expect(unknown.stderr).toContain('No run of model "nobody"');
    expect((await runCli(['runs', 'export', '--model', 'model-a', ...db])).stderr).toContain('--out FILE');
    const folder = await runCli(['runs', 'export', '--model', 'model-a', '--out', dir, ...db]);
    expect(folder.status).toBe(1);
    expect(folder.stderr).toContain('is a folder');
    expect(fs.existsSync(none)).toBe(false);
    expect(fs.readdirSync(dir).filter((f) => f.endsWith('.tmp'))).toEqual([]);
  });

  it('documents itself in --help and in the command list', async () => {
    const help = await runCli(['runs', 'export', '--help']);
    expect(help.stdout).toContain('runs export --model NAME --out FILE');
    expect(help.stdout).toContain('compute_metrics.py');
    expect((await runCli(['help'])).stdout).toContain('runs export');
  });
});
