import { modelName } from '../../../shared/runs/views';
import { exportRunFile } from '../../services/runs/exportRun';
import { CliError, dbOption, parse, withDb, type Command } from '../command';

/** `runs export --model NAME --out FILE`: a stored run back in the evaluator's run-output schema. */
export const runsExportCommand: Command = {
  name: 'runs export',
  usage: '--model NAME --out FILE [--json] [--db PATH]',
  summary:
    "Write a stored run back as the evaluator's run-output JSONL (one record per task, in the imported file's order: id, task_id, key_question_num, prompt, messages, response_contents, hit_dict, hit_questions, turns, final_code, finished), which `runs import` and the benchmark's compute_metrics.py read with the same figures. FILE is replaced whole, never half written.",
  run(argv, { print }) {
    const { values } = parse(argv, { ...dbOption, model: { type: 'string' }, out: { type: 'string' }, json: { type: 'boolean' } }, false);
    if (values.model === undefined) throw new CliError('give the model: --model NAME', 2);
    const model = modelName.safeParse(values.model);
    if (!model.success) throw new CliError(`--model: ${model.error.issues[0]!.message}`, 2);
    if (!values.out) throw new CliError('say where: --out FILE', 2);
    const out = values.out;
    return withDb(values.db, { mustExist: true }, (db) => {
      const summary = exportRunFile(db, model.data, out);
      print(values.json ? JSON.stringify(summary, null, 2) : `wrote the run of ${summary.model} (${summary.tasks} tasks over release "${summary.release}") to ${summary.file}`);
      return 0;
    });
  },
};
