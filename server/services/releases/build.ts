import { createHash } from 'node:crypto';
import { all, get, type DB } from '../../../db/database';
import { dataCard } from '../../../shared/release/card';
import { releaseCharts } from '../../../shared/release/charts';
import { croissant } from '../../../shared/release/croissant';
import { RELEASE_FILE, serializeRelease } from '../../../shared/release/format';
import { releaseStats, type ReleaseStats } from '../../../shared/release/stats';
import { validateRelease, type ValidationReport } from '../../../shared/release/validate';
import type { ReleaseManifest } from '../../../shared/schemas/release';
import type { VariantPolicy } from '../../../shared/subsets';
import { cardAgreement, cardEffort, toolVersion } from './facts';
import { loadReleaseTasks, toRecord, type ReleaseTasks } from './tasks';

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

function file(path: string, text: string): BuiltFile {
  const content = Buffer.from(text, 'utf8');
  return { path, content, sha256: sha256(content) };
}

/** The release this one continues: the newest release stored in the database. */
function continues(db: DB): string | null {
  return get<{ name: string }>(db, 'SELECT name FROM releases ORDER BY id DESC LIMIT 1')?.name ?? null;
}

function baseTexts(db: DB): Map<string, string> {
  return new Map(all<{ question_id: string; base_text: string }>(db, 'SELECT question_id, base_text FROM problems').map((p) => [p.question_id, p.base_text]));
}

/** The newest resolution among the release's problems: the data's own date for the metadata. */
function dataDate(db: DB, source: ReleaseTasks): string | null {
  const ids = source.problems.map((p) => p.id);
  if (ids.length === 0) return null;
  const row = get<{ at: string | null }>(db, `SELECT MAX(COALESCE(resolved_at, updated_at)) AS at FROM adjudications WHERE problem_id IN (${ids.map(() => '?').join(',')})`, ids);
  return row?.at?.slice(0, 10) ?? null;
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
    tool_version: toolVersion(),
    counts: {
      tasks: stats.tasks,
      problems: stats.problems,
      points: stats.points,
      k: Object.fromEntries(stats.k.map((c) => [c.label, c.count])),
      keywords: Object.fromEntries(stats.keywords.map((c) => [c.label, c.count])),
    },
    validation: { errors: report.errors, warnings: report.warnings },
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
  const records = source.tasks.map((t) => toRecord(t, source.problems.find((p) => p.id === t.problemId)!.source, options.extended));
  const jsonl = file(RELEASE_FILE, serializeRelease(records));
  const report = validateRelease(jsonl.content.toString('utf8'), { problems: baseTexts(db) });
  const facts = source.problems.map((p) => ({ questionId: p.questionId, platform: p.platform, contestDate: p.contestDate, difficulty: p.difficulty }));
  const stats = releaseStats(records, facts, source.tasks.map((t) => t.generated.qa.map((q) => q.type)));
  const previous = continues(db);
  const overrides = source.tasks.map((t) => t.generated.override?.kind).filter(Boolean);
  const card = dataCard({
    ...options,
    stats,
    jsonlSha256: jsonl.sha256,
    agreement: cardAgreement(db),
    effort: cardEffort(db, source.problems.map((p) => p.id)),
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
    datePublished: dataDate(db, source),
  });
  const charts = Object.entries(releaseCharts(stats)).map(([path, svg]) => file(path, svg));
  const files = [jsonl, file('README.md', card), file('croissant.json', `${JSON.stringify(meta, null, 2)}\n`), ...charts];
  const manifest = manifestOf(options, stats, report, previous, files);
  return { manifest, files: [...files, file(MANIFEST_FILE, `${JSON.stringify(manifest, null, 2)}\n`)], report };
}
