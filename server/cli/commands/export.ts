import { releaseName, variantPolicy } from '../../../shared/schemas/release';
import { buildRelease } from '../../services/releases/build';
import { nothingToRelease } from '../../services/releases/store';
import { writeReleaseDir } from '../../services/releases/writeDir';
import { CliError, dbOption, openDb, parse, type Command } from '../command';
import { formatFindings } from './validateFormat';

export const DEFAULT_EXPORT_NAME = 'snapshot';

/** `export --out DIR`: build, validate and write a release folder; refuses a release with errors. */
export const exportCommand: Command = {
  name: 'export',
  usage: '--out DIR [--db PATH] [--name NAME] [--policy all-subsets|singletons|full-set] [--extended]',
  summary: 'Write a validated release (JSONL, data card, croissant.json, charts, manifest) into DIR.',
  run(argv) {
    const { values } = parse(argv, { ...dbOption, out: { type: 'string' }, name: { type: 'string' }, policy: { type: 'string' }, extended: { type: 'boolean' } }, false);
    if (!values.out) throw new CliError('--out DIR is required', 2);
    const name = releaseName.safeParse(values.name ?? DEFAULT_EXPORT_NAME);
    if (!name.success) throw new CliError(`--name: ${name.error.issues[0]?.message}`, 2);
    const policy = variantPolicy.safeParse(values.policy ?? 'all-subsets');
    if (!policy.success) throw new CliError(`--policy: ${policy.error.issues[0]?.message}`, 2);
    const db = openDb(values.db);
    try {
      const built = buildRelease(db, { name: name.data, notes: '', policy: policy.data, extended: values.extended ?? false });
      if (built.report.errors > 0) {
        console.error(formatFindings(built.report, 'error'));
        throw new CliError(`the release has ${built.report.errors} validation error(s); nothing was written`);
      }
      if (built.manifest.counts.tasks === 0) throw nothingToRelease();
      writeReleaseDir(values.out, built.files);
      const { counts } = built.manifest;
      console.log(`Wrote ${built.files.length} files to ${values.out}: ${counts.tasks} tasks from ${counts.problems} problems (K=1: ${counts.k['1'] ?? 0}, K=2: ${counts.k['2'] ?? 0}, K=3: ${counts.k['3'] ?? 0}); ${built.report.warnings} warning(s).`);
      return 0;
    } finally {
      db.close();
    }
  },
};
