/** `batches create` and `batches list`: batches of problems with a due date, from the command line. */
import { CLI_ACTOR } from '../../../db/events';
import { plural } from '../../../shared/plural';
import { createBatchBody, type BatchSummary } from '../../../shared/schemas/batches';
import { batchProblemIds, createBatch, listBatches } from '../../services/batches';
import { CliError, dbOption, onePositional, parse, withDb, type Command } from '../command';

/** The flag (or argument) each request field comes from, for error messages. */
const FLAG: Record<string, string> = { name: 'NAME', due: '--due', problems: '--problems', filter: '--filter', suggestionPolicy: '--suggestions' };

const ids = (list: string) => list.split(',').map((p) => p.trim()).filter((p) => p !== '');

/** `--filter` is the Problems page's query: q=…&difficulty=…&adjudication=…&assigned=…&batch=… */
const filterOf = (query: string) => Object.fromEntries(new URLSearchParams(query));

export function formatBatch(b: BatchSummary): string {
  const s = b.states;
  const a = b.annotations;
  return (
    `${b.name.padEnd(16)} due ${b.due}${b.overdue ? ` OVERDUE (${plural(b.overdueProblems, 'problem')})` : ''}: ${plural(b.problems, 'problem')} — ` +
    `${s.waiting} waiting for annotations, ${s.ready} adjudication to do, ${s.draft} adjudication in progress, ${s.resolved} resolved; ` +
    `assignments ${a.todo} to do, ${a['in-progress']} in progress, ${a.submitted} submitted` +
    (b.needAnnotators ? `; ${b.needAnnotators} need annotators` : '')
  );
}

export const batchesCreateCommand: Command = {
  name: 'batches create',
  usage: 'NAME (--problems ID,… | --filter QUERY) --due YYYY-MM-DD [--suggestions off|after-draft|always] [--json] [--db PATH]',
  summary: "Group problems into a batch due on a day: by question ids, or by the Problems page's filter (e.g. --filter 'difficulty=easy&batch=none').",
  run(argv, { print }) {
    const { values, positionals } = parse(argv, { ...dbOption, problems: { type: 'string' }, filter: { type: 'string' }, due: { type: 'string' }, suggestions: { type: 'string' }, json: { type: 'boolean' } });
    const name = onePositional(positionals, 'name the batch: batches create NAME (--problems ID,… | --filter QUERY) --due YYYY-MM-DD');
    if (values.due === undefined) throw new CliError('say when it is due: --due YYYY-MM-DD', 2);
    const parsed = createBatchBody.safeParse({
      name,
      due: values.due,
      suggestionPolicy: values.suggestions ?? null,
      problems: values.problems === undefined ? undefined : ids(values.problems),
      filter: values.filter === undefined ? undefined : filterOf(values.filter),
    });
    if (!parsed.success) {
      const said = parsed.error.issues.map((i) => `${FLAG[String(i.path[0])] ?? '(input)'}${i.path.length > 1 ? ` ${i.path.slice(1).join('.')}` : ''}: ${i.message}`);
      throw new CliError(said.join('; ').replace('give either problems (a list of question ids) or filter', 'give either --problems or --filter'), 2);
    }
    return withDb(values.db, { mustExist: true }, (db) => {
      const created = createBatch(db, CLI_ACTOR, parsed.data);
      print(values.json ? JSON.stringify(created, null, 2) : `created batch ${formatBatch(created)}`);
      return 0;
    });
  },
};

export const batchesListCommand: Command = {
  name: 'batches list',
  usage: '[--json] [--db PATH]',
  summary: 'Every batch, the earliest due first: its problems, their counts per state, and whether it is overdue.',
  run(argv, { print }) {
    const { values } = parse(argv, { ...dbOption, json: { type: 'boolean' } }, false);
    return withDb(values.db, { mustExist: true }, (db) => {
      const batches = listBatches(db);
      if (values.json) print(JSON.stringify(batches.map((b) => ({ ...b, questionIds: batchProblemIds(db, b.name) ?? [] })), null, 2));
      else if (batches.length === 0) print('no batches yet (create one with batches create)');
      else for (const b of batches) print(formatBatch(b));
      return 0;
    });
  },
};
