import { CLI_ACTOR } from '../../../db/events';
import { formatImportIssue } from '../../../shared/schemas/lcb';
import { importAnnotationsFile } from '../../services/annotationImport';
import { ImportError } from '../../services/lcbFile';
import { CliError, dbOption, parse, onePositional, existingFile, withDb, type Command } from '../command';

/** `import-annotations <file.jsonl> [--db PATH]`: external double annotations, stored as submitted. */
export const importAnnotationsCommand: Command = {
  name: 'import-annotations',
  usage: '<file.jsonl> [--db PATH]',
  summary: 'Import external annotations (one per line) as submitted annotations; all or nothing.',
  run(argv, { print, printError }) {
    const { values, positionals } = parse(argv, dbOption);
    const file = existingFile(onePositional(positionals, 'give exactly one file: import-annotations <file.jsonl>'), 2);
    // An importer: a new --db path gets a new database.
    return withDb(values.db, { mustExist: false }, async (db) => {
      try {
        const s = await importAnnotationsFile(db, CLI_ACTOR, file);
        print(`${s.total} annotations: ${s.created} created, ${s.updated} updated, ${s.unchanged} unchanged; ${s.assignmentsCreated} assignments created.`);
        if (s.usersCreated.length > 0) {
          print(`Created ${s.usersCreated.length} annotator account(s) with an unusable random password: ${s.usersCreated.join(', ')}.`);
          print('They cannot log in until a maintainer sets a password for them (accounts page).');
        }
        return 0;
      } catch (err) {
        return reportImportFailure(err, printError);
      }
    });
  },
};

/** An importer's failure: every listed line-numbered issue, the count of the rest, and the exit; anything else is rethrown. */
export function reportImportFailure(err: unknown, printError: (text: string) => void): never {
  if (!(err instanceof ImportError)) throw err;
  for (const issue of err.issues) printError(formatImportIssue(issue));
  if (err.unlistedLines > 0) printError(`… and ${err.unlistedLines.toLocaleString('en-US')} more line${err.unlistedLines === 1 ? '' : 's'} with errors`);
  const n = err.linesWithErrors;
  throw new CliError(`nothing was imported (${n.toLocaleString('en-US')} line${n === 1 ? '' : 's'} with errors)`);
}
