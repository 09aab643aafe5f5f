import path from 'node:path';
import { transaction } from '../../../db/database';
import { appendEvent, CLI_ACTOR } from '../../../db/events';
import { countUsersAndProblems } from '../../../db/schema';
import { BackupError, restoreDatabase } from '../../services/backup';
import { dbPath } from '../../config';
import { CliError, dbOption, parse, onePositional, withDb, type Command } from '../command';
import { ProgressBar } from '../progress';

/** `restore <file> [--db PATH] [--force]`: check a backup, then replace the database with it. */
export const restoreCommand: Command = {
  name: 'restore',
  usage: '<file> [--db PATH] [--force]',
  summary: 'Check a backup (integrity, CCB Studio schema) and replace the database with it.',
  async run(argv, { io, print }) {
    const { values, positionals } = parse(argv, { ...dbOption, force: { type: 'boolean' } });
    const file = onePositional(positionals, 'give exactly one backup file: restore <file>');
    const target = dbPath(values.db);
    const bar = new ProgressBar('Restoring', io.stderr);
    let migrations: number[];
    try {
      ({ migrations } = await restoreDatabase(file, target, {
        force: values.force ?? false,
        onProgress: ({ totalPages, remainingPages }) => bar.update(totalPages - remainingPages, totalPages),
      }));
    } catch (err) {
      if (err instanceof BackupError) throw new CliError(`${err.message} Nothing was changed.`);
      throw err;
    }
    bar.done();
    // Bring a backup made by an older version up to this version's schema (withDb migrates).
    return withDb(target, { mustExist: true }, (db) => {
      transaction(db, () =>
        appendEvent(db, CLI_ACTOR, { action: 'database.restore', entityType: 'database', details: { from: path.resolve(file), migrations } }),
      );
      const { users, problems } = countUsersAndProblems(db);
      print(`Restored ${target} from ${file} (${users} users, ${problems} problems, integrity ok).`);
      return 0;
    });
  },
};
