import path from 'node:path';
import { backupDatabase, BackupError, rotatingBackup } from '../../services/backup';
import { CliError, dbOption, parse, onePositional, withDb, type Command } from '../command';
import { formatBytes, ProgressBar } from '../progress';

function keepCount(value: string | undefined): number {
  if (value === undefined) throw new CliError('--dir needs --keep N (how many backups to keep)', 2);
  if (!/^\d+$/.test(value) || Number(value) < 1) throw new CliError(`--keep: expected a whole number of at least 1, got "${value}"`, 2);
  return Number(value);
}

/**
 * `backup <file> [--db PATH] [--force]`: a consistent copy of the database, safe while the server runs.
 * `backup --dir DIR --keep N [--db PATH]`: a timestamped verified copy in DIR, keeping the newest N.
 */
export const backupCommand: Command = {
  name: 'backup',
  usage: '<file> [--db PATH] [--force] | --dir DIR --keep N [--db PATH]',
  summary: 'Copy the database with SQLite online backup (safe while the server runs); with --dir, timestamped and rotated.',
  run(argv, { io, print }) {
    const { values, positionals } = parse(argv, { ...dbOption, force: { type: 'boolean' }, dir: { type: 'string' }, keep: { type: 'string' } });
    const rotating = values.dir !== undefined;
    if (rotating && (positionals.length > 0 || values.force)) throw new CliError('with --dir, give no file name and no --force: backup --dir DIR --keep N', 2);
    if (!rotating && values.keep !== undefined) throw new CliError('--keep goes with --dir: backup --dir DIR --keep N', 2);
    const keep = rotating ? keepCount(values.keep) : 0;
    const file = rotating ? '' : onePositional(positionals, 'give exactly one backup file name: backup <file> (or --dir DIR --keep N)');
    const bar = new ProgressBar('Backing up', io.stderr);
    const onProgress = ({ totalPages, remainingPages }: { totalPages: number; remainingPages: number }) => bar.update(totalPages - remainingPages, totalPages);
    return withDb(values.db, { mustExist: true }, async (db, dbFile) => {
      try {
        if (!rotating) {
          const result = await backupDatabase(db, file, { force: values.force ?? false, onProgress });
          bar.done();
          print(`Backed up ${dbFile} to ${result.file} (${formatBytes(result.bytes)}, integrity ok).`);
          return 0;
        }
        const result = await rotatingBackup(db, values.dir!, keep, { onProgress });
        bar.done();
        print(`Backed up ${dbFile} to ${result.file} (${formatBytes(result.bytes)}, verified).`);
        print(`Kept ${result.kept.length} verified backup(s); deleted ${result.deleted.length}${result.deleted.length ? `: ${result.deleted.map((f) => path.basename(f)).join(', ')}` : ''}.`);
        if (result.unverified.length > 0) {
          // The new backup is good, but the folder holds files that are not: a person must look.
          throw new CliError(`${result.unverified.length} backup(s) in ${path.resolve(values.dir!)} failed verification and were left in place:\n${result.unverified.map((u) => `  ${u.reason}`).join('\n')}`);
        }
        return 0;
      } catch (err) {
        if (err instanceof BackupError) throw new CliError(err.message);
        throw err;
      }
    });
  },
};
