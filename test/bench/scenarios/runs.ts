import fs from 'node:fs';
import path from 'node:path';
import readline from 'node:readline';
import { all, openDatabase, type DB } from '../../../db/database';
import { CLI_ACTOR } from '../../../db/events';
import { deleteRun, runRow } from '../../../db/runs';
import { importRunFile } from '../../../server/services/runs/importRun';
import { runJudgeCheck, runsReport } from '../../../server/services/runs/reports';
import { importPass1, lcbExport } from '../../../server/services/runs/pass1';
import { evalAllFile } from '../data/evalAll';
import { benchRelease, benchRun, storeBenchRelease } from '../data/runFiles';
import { scratchDir } from '../lib/config';
import { median, timeInterleaved } from '../lib/stats';
import { row, type BenchContext, type BenchRow, type Scenario } from '../lib/types';

const RELEASE = 'bench';
const TASKS = 419;

/** A database holding the bench release as a stored release. */
function releaseDb(file: string, text: string): DB {
  const db = openDatabase(file);
  storeBenchRelease(db, RELEASE, text);
  return db;
}

async function readlineParse(file: string): Promise<number> {
  let n = 0;
  const lines = readline.createInterface({ input: fs.createReadStream(file), crlfDelay: Infinity });
  for await (const line of lines) if (line.trim()) n += JSON.parse(line) ? 1 : 0;
  return n;
}

async function importRow(ctx: BenchContext, db: DB, file: string, runs: number): Promise<BenchRow> {
  const mb = fs.statSync(file).size / (1024 * 1024);
  const importOnce = () => importRunFile(db, file, { release: RELEASE }, CLI_ACTOR, { model: 'import-bench', replace: true });
  const [imported, baseline] = await timeInterleaved([importOnce, () => readlineParse(file)], runs, 2);
  const throughput = (ms: number[]) => median(ms.map((t) => mb / (t / 1000)));
  ctx.log(`import of ${TASKS} records (${(mb * 1024).toFixed(0)} KB): ${median(imported!).toFixed(1)} ms, readline + JSON.parse ${median(baseline!).toFixed(1)} ms`);
  return row(
    `runs import of a ${TASKS}-record run over a stored release: throughput (baseline: readline + JSON.parse)`,
    'MB/s',
    throughput(imported!),
    throughput(baseline!),
    { kind: 'ratio-min', limit: 0.5 },
    runs,
  );
}

/**
 * `runs import-pass1` of the graded file of a 419-task run against reading and JSON.parse of the
 * same file. Two gradings (other seeds) take turns, so every import replaces about half the grades.
 */
async function importPass1Row(ctx: BenchContext, db: DB, dir: string, runs: number): Promise<BenchRow> {
  const entries = (await lcbExport(db, 'import-bench')).entries;
  const files = [5, 6].map((seed) => {
    const file = path.join(dir, `graded-${seed}_codegeneration_output_eval_all.json`);
    fs.writeFileSync(file, evalAllFile(entries, seed));
    return file;
  });
  const mb = fs.statSync(files[0]!).size / (1024 * 1024);
  let turn = 0;
  const importOnce = () => importPass1(db, files[turn++ % 2]!, 'import-bench', 'interactive', CLI_ACTOR);
  if (importOnce().stored !== TASKS) throw new Error(`import-pass1 did not grade ${TASKS} tasks`);
  let parsed = 0;
  const parseOnce = () => JSON.parse(fs.readFileSync(files[parsed++ % 2]!, 'utf8')) as unknown;
  const [imported, baseline] = await timeInterleaved([importOnce, parseOnce], runs, 2);
  const throughput = (ms: number[]) => median(ms.map((t) => mb / (t / 1000)));
  ctx.log(`import-pass1 of ${TASKS} graded tasks (${(mb * 1024).toFixed(0)} KB): ${median(imported!).toFixed(1)} ms, read + JSON.parse ${median(baseline!).toFixed(1)} ms`);
  return row(
    `runs import-pass1 of a ${TASKS}-task _eval_all.json: throughput (baseline: read + JSON.parse of the same file)`,
    'MB/s',
    throughput(imported!),
    throughput(baseline!),
    { kind: 'ratio-min', limit: 0.5 },
    runs,
  );
}

export const scenario: Scenario = {
  id: 7,
  name: 'Evaluation runs',
  async run(ctx) {
    const dir = scratchDir('runs');
    const runs = ctx.quick ? 3 : 9;
    try {
      const release = benchRelease();
      const db = releaseDb(path.join(dir, 'runs.sqlite'), release.text);
      try {
        const runFile = path.join(dir, 'run.jsonl');
        fs.writeFileSync(runFile, benchRun(release.tasks, 1));
        const rows = [await importRow(ctx, db, runFile, runs), await importPass1Row(ctx, db, dir, runs)];

        const models = Array.from({ length: 20 }, (_v, i) => `model-${String(i + 1).padStart(2, '0')}`);
        for (const [i, model] of models.entries()) {
          fs.writeFileSync(runFile, benchRun(release.tasks, 100 + i));
          await importRunFile(db, runFile, { release: RELEASE }, CLI_ACTOR, { model });
        }
        ctx.log(`${models.length + 1} runs of ${TASKS} tasks stored`);
        const timed = runRow(db, 'import-bench');
        if (timed) deleteRun(db, timed.id);

        const bareScores = () => all(db, 'SELECT run_id, task_id, tkqr, ora, turns, diff FROM run_records');
        const [report, scores] = await timeInterleaved([() => runsReport(db), bareScores], runs);
        const reported = runsReport(db).runs;
        if (reported.length !== 20 || reported.some((r) => r.tasks !== TASKS)) throw new Error('runsReport did not see 20 runs of 419 tasks');
        rows.push(row(`runs report over 20 runs × ${TASKS} tasks (baseline: bare SELECT of the scores)`, 'ms', median(report!), median(scores!), { kind: 'value-max', limit: 300, unit: 'ms' }, runs));

        const three = models.slice(0, 3);
        const judgeAll = () => three.map((m) => runJudgeCheck(db, m));
        const bareTurns = () => three.map((m) => all<{ questions: string; hit_dict: string }>(db, 'SELECT r.questions, r.hit_dict FROM run_records r JOIN runs u ON u.id = r.run_id WHERE u.model = ?', [m]).map((x) => [JSON.parse(x.questions), JSON.parse(x.hit_dict)]));
        const [judge, turns] = await timeInterleaved([judgeAll, bareTurns], runs);
        const checked = judgeAll().reduce((n, c) => n + c.n_turns, 0);
        ctx.log(`judge check of 3 runs: ${checked} question turns`);
        rows.push(row(`judge check of 3 runs × ${TASKS} tasks (${checked} question turns; baseline: SELECT and JSON.parse of the turns)`, 'ms', median(judge!), median(turns!), { kind: 'value-max', limit: 500, unit: 'ms' }, runs));
        return rows;
      } finally {
        db.close();
      }
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  },
};
