import fs from 'node:fs';
import { plural } from '../../../shared/plural';
import { modelName } from '../../../shared/runs/views';
import { releaseName, variantPolicy } from '../../../shared/schemas/release';
import { releaseSettings, semanticVersion, type ReleaseSettings } from '../../../shared/schemas/releaseSettings';
import { buildRelease, today } from '../../services/releases/build';
import { readReleaseSettings } from '../../services/releases/settings';
import { nothingToRelease } from '../../services/releases/store';
import { writeReleaseDir } from '../../services/releases/writeDir';
import { CliError, dbOption, existingFile, parse, withDb, type Command } from '../command';
import type { DB } from '../../../db/database';
import { formatFindings } from './validateFormat';

export const DEFAULT_EXPORT_NAME = 'snapshot';

const DATE = /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/;

/** The card settings saved on the Releases page, with the keys of a JSON settings file over them. */
function settingsOf(db: DB, file: string | undefined): ReleaseSettings {
  const saved = readReleaseSettings(db);
  if (file === undefined) return saved;
  let value: unknown;
  try {
    value = JSON.parse(fs.readFileSync(existingFile(file), 'utf8'));
  } catch (err) {
    if (err instanceof CliError) throw err;
    throw new CliError(`--settings: ${file} is not valid JSON`, 2);
  }
  const parsed = releaseSettings.partial().strict().safeParse(value);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw new CliError(`--settings: ${issue.path.join('.') || 'file'}: ${issue.message}`, 2);
  }
  return { ...saved, ...parsed.data };
}

/** `--runs a,b`: the models of the stored runs for the card's baseline results, each a valid model name, no repeats. */
function runsOf(value: string | undefined): string[] {
  if (value === undefined) return [];
  const names = value.split(',').map((n) => n.trim());
  const out: string[] = [];
  for (const n of names) {
    const parsed = modelName.safeParse(n);
    if (!parsed.success) throw new CliError(`--runs: "${n}": ${parsed.error.issues[0]!.message}`, 2);
    if (out.includes(parsed.data)) throw new CliError(`--runs: "${n}" is named twice`, 2);
    out.push(parsed.data);
  }
  return out;
}

/** `export --out DIR`: build, validate and write a release folder; refuses a release with errors. */
export const exportCommand: Command = {
  name: 'export',
  usage: '--out DIR [--db PATH] [--name NAME] [--version X.Y.Z] [--date YYYY-MM-DD] [--settings FILE.json] [--policy all-subsets|singletons|full-set] [--extended] [--runs MODEL,…]',
  summary: 'Write a validated release (JSONL, data card, croissant.json, charts, manifest) into DIR; --runs adds stored runs over these tasks as baseline results.',
  run(argv, { print, printError }) {
    const { values } = parse(
      argv,
      { ...dbOption, out: { type: 'string' }, name: { type: 'string' }, version: { type: 'string' }, date: { type: 'string' }, settings: { type: 'string' }, policy: { type: 'string' }, extended: { type: 'boolean' }, runs: { type: 'string' } },
      false,
    );
    const out = values.out;
    if (!out) throw new CliError('--out DIR is required', 2);
    const name = releaseName.safeParse(values.name ?? DEFAULT_EXPORT_NAME);
    if (!name.success) throw new CliError(`--name: ${name.error.issues[0]?.message}`, 2);
    const policy = variantPolicy.safeParse(values.policy ?? 'all-subsets');
    if (!policy.success) throw new CliError(`--policy: ${policy.error.issues[0]?.message}`, 2);
    const version = values.version === undefined ? undefined : semanticVersion.safeParse(values.version);
    if (version && !version.success) throw new CliError(`--version: ${version.error.issues[0]?.message}`, 2);
    if (values.date !== undefined && !DATE.test(values.date)) throw new CliError('--date: use YYYY-MM-DD', 2);
    const runs = runsOf(values.runs);
    return withDb(values.db, { mustExist: true }, (db) => {
      const settings = settingsOf(db, values.settings);
      const built = buildRelease(db, { name: name.data, notes: '', policy: policy.data, extended: values.extended ?? false, version: version?.data, date: values.date ?? today(), settings, runs });
      if (built.report.errors > 0) {
        printError(formatFindings(built.report, 'error'));
        throw new CliError(`the release has ${built.report.errors} validation error(s); nothing was written`);
      }
      if (built.manifest.counts.tasks === 0) throw nothingToRelease();
      writeReleaseDir(out, built.files);
      for (const w of built.cardWarnings) printError(`warning: ${w.message}`);
      const { counts } = built.manifest;
      const baselines = runs.length > 0 ? `; baseline results of ${runs.join(', ')}` : '';
      print(
        `Wrote ${plural(built.files.length, 'file')} to ${out}: ${plural(counts.tasks, 'task')} from ${plural(counts.problems, 'problem')} (K=1: ${counts.k['1'] ?? 0}, K=2: ${counts.k['2'] ?? 0}, K=3: ${counts.k['3'] ?? 0}); ${built.report.warnings} warning(s); ${built.cardWarnings.length} card setting warning(s)${baselines}.`,
      );
      return 0;
    });
  },
};
