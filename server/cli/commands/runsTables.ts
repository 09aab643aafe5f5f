import { PAPER_TABLES, paperTableParams, paperTableQuery, TABLE_FORMATS } from '../../../shared/runs/paperTable';
import { DomainError } from '../../domain/errors';
import { paperTableFile } from '../../services/runs/paperTables';
import { CliError, dbOption, parse, withDb, type Command } from '../command';

/** A --option's value checked by the API's own schema field, its message under the option's name. */
function option<T>(name: string, result: { success: true; data: T } | { success: false; error: { issues: { message: string }[] } }): T {
  if (!result.success) throw new CliError(`--${name}: ${result.error.issues[0]!.message}`, 2);
  return result.data;
}

/** `runs tables --table T --format F [--release NAME]`: one table of the paper, the same text the Runs page downloads. */
export const runsTablesCommand: Command = {
  name: 'runs tables',
  usage: `--table ${PAPER_TABLES.join('|')} --format ${TABLE_FORMATS.join('|')} [--release NAME|SHA256] [--db PATH]`,
  summary:
    "One table of the paper over one release's runs, on standard output: 3 (pass@1, Δ, TKQR, ORA), 4 (turns and diff per K), types (per ambiguity type: hit rate, TKQR, ORA, pass@1), difficulty (Figure 7: share of K-point tasks with h key questions hit) or errors (failing codes by LiveCodeBench's error category). Byte for byte what the Runs page downloads; without --release, the release with most runs.",
  run(argv, { io }) {
    const { values } = parse(argv, { ...dbOption, table: { type: 'string' }, format: { type: 'string' }, release: { type: 'string' } }, false);
    if (values.table === undefined) throw new CliError(`say which table: --table ${PAPER_TABLES.join('|')}`, 2);
    if (values.format === undefined) throw new CliError(`say which format: --format ${TABLE_FORMATS.join('|')}`, 2);
    const { table } = option('table', paperTableParams.safeParse({ table: values.table }));
    const { format } = option('format', paperTableQuery.safeParse({ format: values.format }));
    return withDb(values.db, { mustExist: true }, (db) => {
      try {
        io.stdout.write(paperTableFile(db, table, format, values.release).text);
      } catch (err) {
        if (err instanceof DomainError && err.code === 'validation_failed') throw new CliError(`--${err.message}`, 1);
        throw err;
      }
      return 0;
    });
  },
};
