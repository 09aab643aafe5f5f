/** pass@1 through LiveCodeBench: `runs export-lcb`, `runs import-pass1` and `pilots export-lcb`. */
import { CLI_ACTOR } from '../../../db/events';
import { formatPass1Issue } from '../../../shared/runs/pass1';
import { modelName } from '../../../shared/runs/views';
import { studyName } from '../../../shared/schemas/pilots';
import { ImportError } from '../../services/lcbFile';
import { exportStudyLcb } from '../../services/pilots/lcbExport';
import { importPass1, lcbExport, MAX_PASS1_ISSUES, Pass1FileError, writeLcbExport, type LcbExport, type Pass1ImportSummary, type Pass1Setting } from '../../services/runs/pass1';
import { CliError, dbOption, existingFile, onePositional, parse, withDb, type Command, type CommandContext } from '../command';
import { printIssues } from './importLcb';

const MAX_PRINTED = MAX_PASS1_ISSUES;

function named(flag: string, schema: typeof modelName | typeof studyName, value: string | undefined): string {
  if (value === undefined) throw new CliError(`give the ${flag}: --${flag} NAME`, 2);
  const parsed = schema.safeParse(value);
  if (!parsed.success) throw new CliError(`--${flag}: ${parsed.error.issues[0]!.message}`, 2);
  return parsed.data;
}

/** Print a refused file's issues (an exit code 1); anything else goes on to the generic handler. */
function refused(err: unknown, printError: CommandContext['printError']): number {
  if (err instanceof ImportError) {
    printIssues(err, printError);
    return 1;
  }
  if (!(err instanceof Pass1FileError)) throw err;
  printError(`error: ${err.message}`);
  for (const issue of err.issues.slice(0, MAX_PRINTED)) printError(formatPass1Issue(issue));
  if (err.truncated) printError(`… and more (the check stopped after the first ${err.issues.length})`);
  else if (err.issues.length > MAX_PRINTED) printError(`… and ${err.issues.length - MAX_PRINTED} more`);
  return 1;
}

const count = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

const describeExport = (e: LcbExport, file: string) =>
  `${file}: ${count(e.entries.length, 'entry', 'entries')} for the LiveCodeBench evaluator: ${count(e.tasks, 'task')} of ${count(e.problems, 'problem')} of ${e.model}` +
  (e.placeholders > 0 ? `, ${count(e.placeholders, 'placeholder')}` : '');

const PROBLEMS_HELP = 'With --problems (the LiveCodeBench JSONL of the evaluation window) every other problem of the window gets a placeholder entry (placeholder codes, as many as every other entry), so the evaluator\'s count assertion holds.';

export const runsExportLcbCommand: Command = {
  name: 'runs export-lcb',
  usage: '--model NAME --out FILE [--problems LCB.jsonl] [--db PATH]',
  summary:
    "Write a run's codes as the LiveCodeBench custom evaluator's input: one {question_id, code_list} per problem, sorted by question_id; code_list holds the final code of each of the run's tasks of that problem (byte-equal to prepare_pass1.py), in release order, then padding codes up to the run's largest number of tasks of one problem (the evaluator wants every code_list as long). " +
    PROBLEMS_HELP,
  run(argv, { print, printError }) {
    const { values } = parse(argv, { ...dbOption, model: { type: 'string' }, out: { type: 'string' }, problems: { type: 'string' } }, false);
    const model = named('model', modelName, values.model);
    if (!values.out) throw new CliError('say where: --out FILE', 2);
    const out = values.out;
    const problems = values.problems === undefined ? undefined : existingFile(values.problems);
    return withDb(values.db, { mustExist: true }, async (db) => {
      try {
        const exported = await lcbExport(db, model, problems);
        writeLcbExport(out, exported.entries);
        print(describeExport(exported, out));
        return 0;
      } catch (err) {
        return refused(err, printError);
      }
    });
  },
};

function setting(value: string | undefined): Pass1Setting {
  if (value === undefined || value === 'interactive' || value === 'complete') return value ?? 'interactive';
  throw new CliError('--setting: must be interactive or complete', 2);
}

/** The import, then both pass@1 figures, each named by what it averages over. */
function describeImport(s: Pass1ImportSummary): string[] {
  const what = s.setting === 'interactive' ? `${count(s.stored, 'task')} graded` : `complete pass@1 of ${count(s.stored, 'problem')}`;
  const replaced = s.replaced === null ? '' : ` (replaced ${s.replaced} earlier values)`;
  const each = s.setting === 'interactive' ? "each task's grade" : "each task's problem's pass@1";
  const failing = s.setting === 'interactive' ? ', padding and placeholders counted as failing codes' : '';
  return [
    `imported ${s.setting} pass@1 of ${s.model}: ${what}, ${count(s.ignored, 'entry', 'entries')} passed over${replaced}`,
    `pass@1 ${s.pass1.toFixed(4)}: the tool's figure (runs report), the mean over the run's ${count(s.tasks, 'task')} of ${each}`,
    `LiveCodeBench's pass@1 ${s.lcb_pass1.toFixed(4)}: its _eval.json figure, the mean over the file's ${count(s.lcb_problems, 'problem')}${failing}`,
  ];
}

export const runsImportPass1Command: Command = {
  name: 'runs import-pass1',
  usage: '<…_codegeneration_output_eval_all.json> --model NAME [--setting interactive|complete] [--json] [--db PATH]',
  summary:
    "Import LiveCodeBench's graded output for a run (all or nothing; a re-import replaces, with an event), keeping each code's metadata (error_code, error_message). interactive (the default): graded_list[i] is the i-th exported task of the problem, the padding passed over; refused, entry by entry, if a code_list (padding included) is not what export-lcb wrote or a question_id is not the run's. complete: the model's pass@1 on the original statements (its own LiveCodeBench run) per question_id. Prints both figures: pass@1, the mean over the run's tasks (the report's), and LiveCodeBench's own, the mean over the file's problems (its _eval.json).",
  run(argv, { print, printError }) {
    const { values, positionals } = parse(argv, { ...dbOption, model: { type: 'string' }, setting: { type: 'string' }, json: { type: 'boolean' } });
    const file = existingFile(onePositional(positionals, 'give exactly one file: runs import-pass1 <…_eval_all.json> --model NAME'));
    const model = named('model', modelName, values.model);
    const chosen = setting(values.setting);
    return withDb(values.db, { mustExist: true }, (db) => {
      try {
        const s = importPass1(db, file, model, chosen, CLI_ACTOR);
        if (values.json) print(JSON.stringify(s, null, 2));
        else for (const line of describeImport(s)) print(line);
        return 0;
      } catch (err) {
        return refused(err, printError);
      }
    });
  },
};

export const pilotsExportLcbCommand: Command = {
  name: 'pilots export-lcb',
  usage: '--study NAME --out DIR [--problems LCB.jsonl] [--db PATH]',
  summary: `One LiveCodeBench evaluator input (<alias>.json) per pilot run of the study, as runs export-lcb writes it; import the graded file with runs import-pass1 --model human:<alias>. ${PROBLEMS_HELP}`,
  run(argv, { print, printError }) {
    const { values } = parse(argv, { ...dbOption, study: { type: 'string' }, out: { type: 'string' }, problems: { type: 'string' } }, false);
    const study = named('study', studyName, values.study);
    if (!values.out) throw new CliError('say where: --out DIR', 2);
    const out = values.out;
    const problems = values.problems === undefined ? undefined : existingFile(values.problems);
    return withDb(values.db, { mustExist: true }, async (db) => {
      try {
        const result = await exportStudyLcb(db, study, out, problems);
        if (result.files.length === 0) print(`study ${result.study}: no pilot run yet (no submitted session), nothing written`);
        for (const f of result.files) print(describeExport(f, f.file));
        return 0;
      } catch (err) {
        return refused(err, printError);
      }
    });
  },
};
