import { createHash } from 'node:crypto';
import { get, type DB } from '../../../db/database';
import { dataCard } from '../../../shared/release/card';
import { releaseCharts } from '../../../shared/release/charts';
import { croissant } from '../../../shared/release/croissant';
import { RELEASE_FILE, serializeRecord, type ReleaseRecord } from '../../../shared/release/format';
import { releaseStats, type ReleaseStats } from '../../../shared/release/stats';
import { validateReleaseRecords, type ValidationReport } from '../../../shared/release/validate';
import type { ReleaseManifest } from '../../../shared/schemas/release';
import type { VariantPolicy } from '../../../shared/subsets';
import { cardAgreement, cardEffort, dataDate, toolVersion } from './facts';
import { manifestTally } from './manifest';
import { loadReleaseTasks, toRecord } from './tasks';

export interface BuildOptions {
  name: string;
  notes: string;
  policy: VariantPolicy;
  extended: boolean;
}

export interface BuiltFile {
  path: string;
  content: Buffer;
  sha256: string;
}

export interface BuiltRelease {
  manifest: ReleaseManifest;
  /** Every file of the release, manifest.json last. */
  files: BuiltFile[];
  report: ValidationReport;
}

export const MANIFEST_FILE = 'manifest.json';

export const sha256 = (data: string | Buffer) => createHash('sha256').update(data).digest('hex');

function file(path: string, text: string | Buffer): BuiltFile {
  const content = typeof text === 'string' ? Buffer.from(text, 'utf8') : text;
  return { path, content, sha256: sha256(content) };
}

/**
 * The bytes of `serializeRelease(records)`, encoded line by line: the file as one string
 * would be built only to be flattened and encoded. Every line is whole JSON (no surrogate
 * pair is split between lines), so the bytes are the same.
 */
function releaseBytes(records: readonly ReleaseRecord[]): Buffer {
  return Buffer.concat(records.map((r) => Buffer.from(`${serializeRecord(r)}\n`, 'utf8')));
}

/** The release this one continues: the newest release stored in the database. */
function continues(db: DB): string | null {
  return get<{ name: string }>(db, 'SELECT name FROM releases ORDER BY id DESC LIMIT 1')?.name ?? null;
}

function lcbDescription(stats: ReleaseStats): string {
  const from = stats.platforms.map((p) => `${p.count} from ${p.label}`).join(', ') || 'none';
  const dates = stats.contestDates ? `, contests ${stats.contestDates.from} to ${stats.contestDates.to}` : '';
  // Problems are imported from any LiveCodeBench file; its release version is not part of the records.
  return `LiveCodeBench code generation problems (${from}${dates}; the LiveCodeBench release version is not recorded in the records)`;
}

function manifestOf(options: BuildOptions, stats: ReleaseStats, report: ValidationReport, previous: string | null, files: BuiltFile[]): ReleaseManifest {
  return {
    name: options.name,
    notes: options.notes,
    policy: options.policy,
    extended: options.extended,
    continues: previous,
    ...manifestTally(stats, report),
    files: files.map((f) => ({ path: f.path, bytes: f.content.length, sha256: f.sha256 })),
  };
}

/**
 * Build a release from the database without writing anything: the JSONL, the data card,
 * Croissant metadata, charts and manifest, plus the validation report of the JSONL (run by
 * the same rules as `validate --problems`). Same database, same options: same bytes.
 */
export function buildRelease(db: DB, options: BuildOptions): BuiltRelease {
  const source = loadReleaseTasks(db, options.policy);
  const problems = new Map(source.problems.map((p) => [p.id, p]));
  const records = source.tasks.map((t) => toRecord(t, problems.get(t.problemId)!.source, options.extended));
  const jsonl = file(RELEASE_FILE, releaseBytes(records));
  // The records of the file, as validateRelease would read them back from it (JSON escapes
  // every lone surrogate, so its bytes decode to exactly the serialised lines). The source
  // problems are the release's problems, the only ones its records can name.
  const report = validateReleaseRecords(records, { problems: new Map(source.problems.map((p) => [p.questionId, p.baseText])) });
  const facts = source.problems.map((p) => ({ questionId: p.questionId, platform: p.platform, contestDate: p.contestDate, difficulty: p.difficulty }));
  const stats = releaseStats(records, facts, source.tasks.map((t) => t.generated.qa.map((q) => q.type)));
  const previous = continues(db);
  const ids = source.problems.map((p) => p.id);
  const overrides = source.tasks.map((t) => t.generated.override?.kind).filter(Boolean);
  const card = dataCard({
    ...options,
    stats,
    jsonlSha256: jsonl.sha256,
    agreement: cardAgreement(db),
    effort: cardEffort(db, ids),
    provenance: {
      livecodebench: lcbDescription(stats),
      toolVersion: toolVersion(),
      continues: previous,
      overrides: { edit: overrides.filter((k) => k === 'edit').length, rewrite: overrides.filter((k) => k === 'rewrite').length },
      legacyProblems: source.problems.filter((p) => p.source === 'legacy').length,
    },
  });
  const meta = croissant({
    name: `ClarifyCodeBench ${options.name}`,
    description: `${stats.tasks} underspecified programming tasks from ${stats.problems} LiveCodeBench problems, each with 1 to 3 key clarification questions and their answers.`,
    version: options.name,
    jsonlSha256: jsonl.sha256,
    extended: options.extended,
    datePublished: dataDate(db, ids),
  });
  const charts = Object.entries(releaseCharts(stats)).map(([path, svg]) => file(path, svg));
  const files = [jsonl, file('README.md', card), file('croissant.json', `${JSON.stringify(meta, null, 2)}\n`), ...charts];
  const manifest = manifestOf(options, stats, report, previous, files);
  return { manifest, files: [...files, file(MANIFEST_FILE, `${JSON.stringify(manifest, null, 2)}\n`)], report };
}
