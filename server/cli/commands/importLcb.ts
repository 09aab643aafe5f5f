import { CLI_ACTOR } from '../../../db/events';
import { plural } from '../../../shared/plural';
import { formatImportIssue } from '../../../shared/schemas/lcb';
import { ImportError, importLcbFile, LCB_VERSION } from '../../services/lcbImport';
import { CliError, dbOption, parse, onePositional, existingFile, withDb, type Command, type CommandContext } from '../command';
import { formatBytes, ProgressBar } from '../progress';

/** Most file errors printed; the lines of the rest are counted. */
export const MAX_PRINTED_ISSUES = 50;

export function printIssues(err: ImportError, printError: CommandContext['printError']): void {
  printError(`error: ${err.message}`);
  const printed = err.issues.slice(0, MAX_PRINTED_ISSUES);
  for (const issue of printed) printError(formatImportIssue(issue));
  const shown = new Set(printed.map((i) => i.line));
  const more = new Set(err.issues.slice(MAX_PRINTED_ISSUES).map((i) => i.line).filter((line) => !shown.has(line))).size + err.unlistedLines;
  if (more > 0) printError(`… and ${more.toLocaleString('en-US')} more line${more === 1 ? '' : 's'} with errors`);
}

/** `import-lcb <file.jsonl> [--lcb-version v6] [--db PATH]`: import LiveCodeBench problems through the one importer. */
export const importLcbCommand: Command = {
  name: 'import-lcb',
  usage: '<file.jsonl> [--lcb-version TAG] [--db PATH]',
  summary: 'Import LiveCodeBench code_generation_lite problems (all or nothing; re-importing is safe).',
  run(argv, { io, print, printError }) {
    const { values, positionals } = parse(argv, { ...dbOption, 'lcb-version': { type: 'string' } });
    const file = existingFile(onePositional(positionals, 'give exactly one file: import-lcb <file.jsonl>'));
    const lcbVersion = values['lcb-version'];
    if (lcbVersion !== undefined && !LCB_VERSION.test(lcbVersion)) throw new CliError('--lcb-version: use a LiveCodeBench release tag such as v6', 2);
    const bar = new ProgressBar('Reading', io.stderr);
    // An importer: a new --db path gets a new database.
    return withDb(values.db, { mustExist: false }, async (db) => {
      try {
        const summary = await importLcbFile(db, file, CLI_ACTOR, {
          lcbVersion,
          onProgress: (done, total) => bar.update(done, total, `${formatBytes(done)} / ${formatBytes(total)}`),
        });
        bar.done();
        print(`imported ${plural(summary.total, 'problem')}: ${summary.inserted} new, ${summary.updated} updated, ${summary.unchanged} unchanged${lcbVersion ? `; LiveCodeBench release ${lcbVersion}` : ''}`);
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
