import { createHash } from 'node:crypto';
import type { DB } from '../../../db/database';
import { newestReleaseName } from '../../../db/releases';
import { dataCard } from '../../../shared/release/card';
import { releaseCharts } from '../../../shared/release/charts';
import { croissant } from '../../../shared/release/croissant';
import { RELEASE_FILE } from '../../../shared/release/format';
import { serializeReleaseBytes } from './releaseBytes';
import { releaseStats, type ReleaseStats } from '../../../shared/release/stats';
import { acknowledgementByRule, type RuleAcknowledgement } from '../../../shared/release/acknowledged';
import { acknowledgedByProblem } from '../../../db/pointFindings';
import { validateReleaseRecords, type ValidationReport } from '../../../shared/release/validate';
import type { ReleaseManifest } from '../../../shared/schemas/release';
import { releaseVersion, type ReleaseSettings } from '../../../shared/schemas/releaseSettings';
import type { VariantPolicy } from '../../../shared/subsets';
import { missingCardSettings, type CardSettingWarning } from '../../../shared/release/cardSettings';
import { baselineRuns } from './baselines';
import { cardAgreement, cardCreation, cardEffort, cardPeople, lcbVersions, toolVersion } from './facts';
import { readReleaseSettings } from './settings';
import { manifestTally } from './manifest';
import { loadReleaseTasks, toRecord } from './tasks';

export interface BuildOptions {
  name: string;
  notes: string;
  policy: VariantPolicy;
  extended: boolean;
  /** MAJOR.MINOR.PATCH; by default from the name (v1.1 → 1.1.0), else 0.1.0. */
  version?: string;
  /** The cut date (YYYY-MM-DD) for datePublished and the card; by default today (UTC). */
  date?: string;
  /** The card settings; by default those saved on the Releases page. */
  settings?: ReleaseSettings;
  /** Models whose stored runs over exactly these tasks the card shows as baseline results (`export --runs`). */
  runs?: readonly string[];
}

/** Today's date in UTC, YYYY-MM-DD: the cut date of a release made now. */
export const today = (now = new Date()) => now.toISOString().slice(0, 10);

/** The dataset's title in the card, its front matter and Croissant. */
export const releaseTitle = (name: string) => `ClarifyCodeBench ${name}`;

const MIT_URL = 'https://opensource.org/licenses/MIT';

/** Croissant's license: a URL for the card's license (for `other`, its license link; the card's license paragraph says the rest). */
function croissantLicense(s: ReleaseSettings): string | string[] {
  if (s.license === 'mit') return MIT_URL;
  if (s.license === 'other') return s.licenseLink || s.licenseName || 'other';
  return `https://choosealicense.com/licenses/${s.license}/`;
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
  /** The card settings left empty, each naming the setting (warnings: none blocks a release). */
  cardWarnings: CardSettingWarning[];
  /** Per rule, the report's findings acknowledged on submit (with their reasons) apart from those nobody acknowledged. */
  acknowledgement: RuleAcknowledgement[];
}

export const MANIFEST_FILE = 'manifest.json';

export const sha256 = (data: string | Buffer) => createHash('sha256').update(data).digest('hex');

function file(path: string, text: string | Buffer): BuiltFile {
  const content = typeof text === 'string' ? Buffer.from(text, 'utf8') : text;
  return { path, content, sha256: sha256(content) };
}

/** The release this one continues: the newest release stored in the database. */
function continues(db: DB): string | null {
  return newestReleaseName(db);
}

function lcbDescription(stats: ReleaseStats): string {
  const from = stats.platforms.map((p) => `${p.count} from ${p.label}`).join(', ') || 'none';
  const dates = stats.contestDates ? `, contests ${stats.contestDates.from} to ${stats.contestDates.to}` : '';
  return `LiveCodeBench code generation problems (${from}${dates})`;
}

function manifestOf(options: BuildOptions & { version: string; date: string }, stats: ReleaseStats, report: ValidationReport, previous: string | null, files: BuiltFile[]): ReleaseManifest {
  return {
    name: options.name,
    version: options.version,
    date: options.date,
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
export function buildRelease(db: DB, buildOptions: BuildOptions): BuiltRelease {
  const options = { ...buildOptions, version: releaseVersion(buildOptions.name, buildOptions.version), date: buildOptions.date ?? today() };
  const settings = buildOptions.settings ?? readReleaseSettings(db);
  const source = loadReleaseTasks(db, options.policy);
  const problems = new Map(source.problems.map((p) => [p.id, p]));
  const records = source.tasks.map((t) => toRecord(t, problems.get(t.problemId)!.source, options.extended));
  const jsonl = file(RELEASE_FILE, serializeReleaseBytes(records));
  // The records of the file, as validateRelease would read them back from it (JSON escapes
  // every lone surrogate, so its bytes decode to exactly the serialised lines). The source
  // problems are the release's problems, the only ones its records can name.
  // The tasks' deletions are a hint that spares walking the texts unit by unit; it changes no finding.
  const report = validateReleaseRecords(records, {
    problems: new Map(source.problems.map((p) => [p.questionId, p.baseText])),
    deletionHints: source.tasks.map((t) => t.deletions),
  });
  // Every figure of the card describes exactly the problems that have records in the file.
  const released = new Set(records.map((r) => r.question_id));
  const releasedProblems = source.problems.filter((p) => released.has(p.questionId));
  const facts = releasedProblems.map((p) => ({ questionId: p.questionId, platform: p.platform, contestDate: p.contestDate, difficulty: p.difficulty }));
  const stats = releaseStats(records, facts, source.tasks.map((t) => t.generated.qa.map((q) => q.type)));
  const previous = continues(db);
  const ids = releasedProblems.map((p) => p.id);
  const overrides = source.tasks.map((t) => t.generated.override?.kind).filter(Boolean);
  const title = releaseTitle(options.name);
  const card = dataCard({
    ...options,
    title,
    settings,
    stats,
    jsonlSha256: jsonl.sha256,
    agreement: cardAgreement(db, released),
    effort: cardEffort(db, ids),
    creation: cardCreation(db, ids),
    people: cardPeople(db, ids),
    baselines: baselineRuns(db, options.runs ?? [], jsonl.sha256),
    example: records[0] ?? null,
    provenance: {
      livecodebench: lcbDescription(stats),
      lcbVersions: lcbVersions(db, ids),
      toolVersion: toolVersion(),
      continues: previous,
      overrides: { edit: overrides.filter((k) => k === 'edit').length, rewrite: overrides.filter((k) => k === 'rewrite').length },
      legacyProblems: releasedProblems.filter((p) => p.source === 'legacy').length,
    },
  });
  const meta = croissant({
    name: title,
    description: `${stats.tasks} underspecified programming tasks from ${stats.problems} LiveCodeBench problems, each with 1 to 3 key clarification questions and their answers.`,
    version: options.version,
    jsonlSha256: jsonl.sha256,
    extended: options.extended,
    datePublished: options.date,
    license: croissantLicense(settings),
  });
  const charts = Object.entries(releaseCharts(stats)).map(([path, svg]) => file(path, svg));
  const files = [jsonl, file('README.md', card), file('croissant.json', `${JSON.stringify(meta, null, 2)}\n`), ...charts];
  const manifest = manifestOf(options, stats, report, previous, files);
  const acknowledgement = acknowledgementByRule(report.findings, new Map(records.map((r) => [r.task_id, r.question_id])), acknowledgedByProblem(db));
  return { manifest, files: [...files, file(MANIFEST_FILE, `${JSON.stringify(manifest, null, 2)}\n`)], report, cardWarnings: missingCardSettings(settings), acknowledgement };
}
