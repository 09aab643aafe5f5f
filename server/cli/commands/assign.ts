import { CLI_ACTOR } from '../../../db/events';
import { plural } from '../../../shared/plural';
import { autoAssign, workloadOverview } from '../../services/assignments';
import { CliError, dbOption, parse, withDb, type Command } from '../command';

/** `assign --auto [--db PATH]`: the same balanced auto-assignment as the Assignments page. */
export const assignCommand: Command = {
  name: 'assign',
  usage: '--auto [--include-resolved] [--db PATH]',
  summary: 'Give every problem with fewer than two annotators two distinct active annotators, balancing load (problems with resolved gold only with --include-resolved).',
  run(argv, { print }) {
    const { values } = parse(argv, { ...dbOption, auto: { type: 'boolean' }, 'include-resolved': { type: 'boolean' } }, false);
    if (!values.auto) throw new CliError('only automatic assignment is available here: assign --auto (assign by hand on the Assignments page)', 2);
    return withDb(values.db, { mustExist: true }, (db) => {
      const result = autoAssign(db, CLI_ACTOR, { includeResolved: values['include-resolved'] });
      print(`assigned ${plural(result.problems, 'problem')} (${plural(result.assignments, 'new assignment')})`);
      if (result.skippedResolved) {
        print(`skipped ${plural(result.skippedResolved, 'problem')} with resolved gold (--include-resolved assigns them too)`);
      }
      const back = result.skippedInAdjudication;
      if (back) print(`skipped ${back} problem${back > 1 ? 's' : ''} sent back to adjudication (a Runs flag or a reopen): ${back > 1 ? 'they need' : 'it needs'} an adjudicator, not annotators`);
      for (const w of workloadOverview(db)) {
        print(`  ${w.username.padEnd(12)} ${String(w.assigned).padStart(4)} assigned, ${w.todo} to do, ${w.inProgress} in progress, ${w.submitted} submitted${w.active ? '' : ' (deactivated)'}`);
      }
      return 0;
    });
  },
};
