import { CLI_ACTOR } from '../../../db/events';
import { plural } from '../../../shared/plural';
import { judgeName, modelName } from '../../../shared/runs/views';
import { ImportError } from '../../services/lcbFile';
import { flagTask } from '../../services/runs/flag';
import { importRunFile, type ReleaseRef } from '../../services/runs/importRun';
import { runJudgeCheck, runsReport, taskScores } from '../../services/runs/reports';
import { CliError, dbOption, existingFile, onePositional, parse, withDb, type Command } from '../command';
import { formatBytes, ProgressBar } from '../progress';
import { printIssues } from './importLcb';
import { formatJudgeCheck, formatRunsReport, formatTaskScores } from './runsFormat';

function model(value: string | undefined): string {
  if (value === undefined) throw new CliError('give the model: --model NAME', 2);
  const parsed = modelName.safeParse(value);
  if (!parsed.success) throw new CliError(`--model: ${parsed.error.issues[0]!.message}`, 2);
  return parsed.data;
}

/** `runs import FILE --model NAME (--release NAME | --release-file FILE) [--replace]`. */
export const runsImportCommand: Command = {
  name: 'runs import',
  usage: '<run.jsonl> --model NAME (--release NAME | --release-file FILE) [--judge NAME] [--replace] [--json] [--db PATH]',
  summary: "Import a model's run (the evaluator's run-output JSONL) over a release (all or nothing); --judge records the judge model that labelled its hits.",
  run(argv, { io, print, printError }) {
    const { values, positionals } = parse(argv, {
      ...dbOption,
      model: { type: 'string' },
      release: { type: 'string' },
      'release-file': { type: 'string' },
      replace: { type: 'boolean' },
      judge: { type: 'string' },
      json: { type: 'boolean' },
    });
    const file = existingFile(onePositional(positionals, 'give exactly one run file: runs import <run.jsonl> --model NAME --release NAME'));
    const name = model(values.model);
    if ((values.release === undefined) === (values['release-file'] === undefined)) {
      throw new CliError('say which release the run is about: either --release NAME (a stored release) or --release-file FILE', 2);
    }
    const judge = values.judge === undefined ? undefined : judgeName.safeParse(values.judge);
    if (judge && !judge.success) throw new CliError(`--judge: ${judge.error.issues[0]!.message}`, 2);
    const ref: ReleaseRef = values.release !== undefined ? { release: values.release } : { releaseFile: existingFile(values['release-file']!) };
    const bar = new ProgressBar('Reading', io.stderr);
    // An importer: a new --db path gets a new database.
    return withDb(values.db, { mustExist: false }, async (db) => {
      try {
        const summary = await importRunFile(db, file, ref, CLI_ACTOR, {
          model: name,
          replace: values.replace ?? false,
          judge: judge?.data,
          onProgress: (done, total) => bar.update(done, total, `${formatBytes(done)} / ${formatBytes(total)}`),
        });
        bar.done();
        if (values.json) print(JSON.stringify(summary, null, 2));
        else {
          const replaced = summary.replaced ? ` (replaced the earlier run of ${summary.replaced.tasks} tasks)` : '';
          print(`imported the run of ${summary.model}: ${plural(summary.tasks, 'task')} (${summary.unfinished} unfinished) over release "${summary.release}" (sha256 ${summary.release_sha256})${replaced}`);
        }
        return 0;
      } catch (err) {
        bar.done();
        if (!(err instanceof ImportError)) throw err;
        printIssues(err, printError);
        return 1;
      }
    });
  },
};

export const runsReportCommand: Command = {
  name: 'runs report',
  usage: '[--json] [--db PATH]',
  summary: 'Every stored run side by side: TKQR, ORA, average turns and diff, per K and per ambiguity type.',
  run(argv, { print }) {
    const { values } = parse(argv, { ...dbOption, json: { type: 'boolean' } }, false);
    return withDb(values.db, { mustExist: true }, (db) => {
      const report = runsReport(db);
      print(values.json ? JSON.stringify(report, null, 2) : formatRunsReport(report));
      return 0;
    });
  },
};

export const runsTaskScoresCommand: Command = {
  name: 'runs task-scores',
  usage: '--model NAME [--json] [--db PATH]',
  summary: "One run's TKQR, ORA, turns and diff per task.",
  run(argv, { print }) {
    const { values } = parse(argv, { ...dbOption, model: { type: 'string' }, json: { type: 'boolean' } }, false);
    const name = model(values.model);
    return withDb(values.db, { mustExist: true }, (db) => {
      const scores = taskScores(db, name);
      print(values.json ? JSON.stringify(scores, null, 2) : formatTaskScores(scores));
      return 0;
    });
  },
};

export const runsJudgeCheckCommand: Command = {
  name: 'runs judge-check',
  usage: '--model NAME [--threshold T] [--json] [--db PATH]',
  summary: "The lexical (TF-IDF) cross-check of a run's hit labels: accuracy, Cohen's kappa, confusion, threshold sweep.",
  run(argv, { print }) {
    const { values } = parse(argv, { ...dbOption, model: { type: 'string' }, threshold: { type: 'string' }, json: { type: 'boolean' } }, false);
    const name = model(values.model);
    const threshold = values.threshold === undefined ? undefined : Number(values.threshold);
    if (threshold !== undefined && !(threshold >= 0 && threshold <= 1)) throw new CliError('--threshold: must be a number between 0 and 1', 2);
    return withDb(values.db, { mustExist: true }, (db) => {
      const check = runJudgeCheck(db, name, threshold);
      print(values.json ? JSON.stringify(check, null, 2) : formatJudgeCheck(check));
      return 0;
    });
  },
};

export const runsFlagCommand: Command = {
  name: 'runs flag',
  usage: '<TASK_ID> --reason TEXT [--model NAME] [--db PATH]',
  summary: "Send a task's problem back to adjudication (reopen), with the reason shown in the adjudication queue.",
  run(argv, { print }) {
    const { values, positionals } = parse(argv, { ...dbOption, reason: { type: 'string' }, model: { type: 'string' } });
    const taskId = onePositional(positionals, 'give exactly one task id: runs flag TASK_ID --reason TEXT');
    const reason = values.reason?.trim();
    if (!reason) throw new CliError('say why: --reason TEXT', 2);
    return withDb(values.db, { mustExist: true }, (db) => {
      const flagged = flagTask(db, CLI_ACTOR, taskId, reason, values.model === undefined ? undefined : model(values.model));
      print(`reopened ${flagged.questionId} (task ${flagged.taskId}) for adjudication: ${flagged.reason}`);
      return 0;
    });
  },
};
