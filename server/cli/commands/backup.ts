import { backupDatabase, BackupError } from '../../services/backup';
import { dbPath } from '../../config';
import { CliError, dbOption, openDb, parse, onePositional, type Command } from '../command';
import { formatBytes, ProgressBar } from '../progress';

/** `backup <file> [--db PATH] [--force]`: a consistent copy of the database, safe while the server runs. */
export const backupCommand: Command = {
  name: 'backup',
  usage: '<file> [--db PATH] [--force]',
  summary: 'Copy the database with SQLite online backup (safe while the server runs).',
  async run(argv) {
    const { values, positionals } = parse(argv, { ...dbOption, force: { type: 'boolean' } });
    const file = onePositional(positionals, 'give exactly one backup file name: backup <file>');
    const db = openDb(values.db);
    const bar = new ProgressBar('Backing up');
    try {
      const result = await backupDatabase(db, file, {
        force: values.force ?? false,
        onProgress: ({ totalPages, remainingPages }) => bar.update(totalPages - remainingPages, totalPages),
      });
      bar.done();
      console.log(`Backed up ${dbPath(values.db)} to ${result.file} (${formatBytes(result.bytes)}, integrity ok).`);
      return 0;
    } catch (err) {
      if (err instanceof BackupError) throw new CliError(err.message);
      throw err;
    } finally {
      db.close();
    }
  },
};
