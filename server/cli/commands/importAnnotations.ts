import { CLI_ACTOR } from '../../../db/events';
import { formatImportIssue } from '../../../shared/schemas/lcb';
import { importAnnotationsFile } from '../../services/annotationImport';
import { ImportError } from '../../services/lcbFile';
import { CliError, dbOption, openDb, parse, onePositional, existingFile, type Command } from '../command';

/** `import-annotations <file.jsonl> [--db PATH]`: external double annotations, stored as submitted. */
export const importAnnotationsCommand: Command = {
  name: 'import-annotations',
  usage: '<file.jsonl> [--db PATH]',
  summary: 'Import external annotations (one per line) as submitted annotations; all or nothing.',
  async run(argv) {
    const { values, positionals } = parse(argv, dbOption);
    const file = existingFile(onePositional(positionals, 'give exactly one file: import-annotations <file.jsonl>'), 2);
    const db = openDb(values.db);
    try {
      const s = await importAnnotationsFile(db, CLI_ACTOR, file);
      console.log(`${s.total} annotations: ${s.created} created, ${s.updated} updated, ${s.unchanged} unchanged; ${s.assignmentsCreated} assignments created.`);
      if (s.usersCreated.length > 0) {
        console.log(`Created ${s.usersCreated.length} annotator account(s) with an unusable random password: ${s.usersCreated.join(', ')}.`);
        console.log('They cannot log in until a maintainer sets a password for them (accounts page).');
      }
      return 0;
    } catch (err) {
      if (err instanceof ImportError) {
        for (const issue of err.issues) console.error(formatImportIssue(issue));
        throw new CliError(`nothing was imported (${err.issues.length} problem${err.issues.length === 1 ? '' : 's'})`);
      }
      throw err;
    } finally {
      db.close();
    }
  },
};
