import type { ReleaseSettings } from '../schemas/releaseSettings';
import { AMBIGUITY_TYPES, TYPE_DEFINITIONS } from '../taxonomy';
import { biasRisksLimitations, creation, dataInstance, personalInfo, usesSection, whoWroteTheCard } from './cardSections';
import { CHART_FILES } from './charts';
import { pct, table } from './markdown';
import { RELEASE_FILE, type ReleaseRecord } from './format';
import { byCount, type Count, type LengthStats, type ReleaseStats } from './stats';

/** A coefficient as the agreement service reports it: a value, or why it is undefined. */
export interface CardCoefficient {
  value: number | null;
  reason?: string;
  n?: number;
}

export interface CardAgreement {
  problems: number;
  deletionPercent: CardCoefficient;
  deletionKappa: CardCoefficient;
  pointF1: CardCoefficient;
  typePercent: CardCoefficient;
  typeKappa: CardCoefficient;
  typeAlpha: CardCoefficient;
}

export interface CardEffort {
  annotations: number;
  annotators: number;
  totalMs: number;
  medianMs: number;
}

/** Where the released problems' gold points were made: here, or imported with an earlier release. */
export interface CardCreation {
  /** Problems whose gold points were adjudicated in this tool. */
  adjudicated: number;
  /** Of those, the problems with two submitted independent annotations on record. */
  doublyAnnotated: number;
  /** Problems whose gold points were recovered from an imported release file, per file. */
  imported: { release: string; file: string; sha256: string | null; problems: number }[];
}

export interface CardInput {
  name: string;
  /** The dataset's title (front matter, heading, Croissant name). */
  title: string;
  /** MAJOR.MINOR.PATCH. */
  version: string;
  /** The cut date, YYYY-MM-DD. */
  date: string;
  notes: string;
  policy: string;
  extended: boolean;
  stats: ReleaseStats;
  jsonlSha256: string;
  /** Agreement over the released problems that have two submitted annotations (null: none has). */
  agreement: CardAgreement | null;
  effort: CardEffort;
  creation: CardCreation;
  settings: ReleaseSettings;
  /** The first record of the file, shown abridged as the data instance. */
  example: ReleaseRecord | null;
  provenance: {
    livecodebench: string;
    /** The LiveCodeBench release of the released problems (label "not recorded" where unknown). */
    lcbVersions: Count[];
    toolVersion: string;
    /** The release whose task ids this one keeps, if any. */
    continues: string | null;
    overrides: { edit: number; rewrite: number };
    legacyProblems: number;
  };
}

/** The benchmark's own citation, as its authors give it. */
export const CITATION = `@article{fang2026clarifycodebench,
  title         = {ClarifyCodeBench: Evaluating LLMs on Clarifying Ambiguous Requirements for Code Generation},
  author        = {Fang, Zheng and Jin, Dongming and Dong, Yihong and Li, Yongmin and Zhang, Kechi and Jin, Zhi and Li, Ge},
  year          = {2026},
  journal       = {arXiv preprint arXiv:2607.00711},
  eprint        = {2607.00711},
  archivePrefix = {arXiv},
  primaryClass  = {cs.SE},
  url           = {https://arxiv.org/abs/2607.00711}
}`;

export function sizeCategory(n: number): string {
  if (n < 1000) return 'n<1K';
  if (n < 10_000) return '1K<n<10K';
  if (n < 100_000) return '10K<n<100K';
  return '100K<n<1M';
}

function duration(ms: number): string {
  const minutes = Math.round(ms / 60_000);
  if (minutes < 60) return `${minutes} min`;
  return `${Math.floor(minutes / 60)} h ${minutes % 60} min`;
}

function coefficient(c: CardCoefficient): string {
  if (c.value === null) return `undefined (${c.reason ?? 'no data'})`;
  return `${c.value.toFixed(3)}${c.n === undefined ? '' : ` (n = ${c.n})`}`;
}

function licenseLines(s: ReleaseSettings): string[] {
  const lines = [`license: ${s.license}`];
  if (s.license === 'other') {
    if (s.licenseName) lines.push(`license_name: ${s.licenseName}`);
    if (s.licenseLink) lines.push(`license_link: ${JSON.stringify(s.licenseLink)}`);
  }
  return lines;
}

function frontMatter(input: CardInput): string {
  return [
    '---',
    ...licenseLines(input.settings),
    'language:',
    '- en',
    'task_categories:',
    '- text-generation',
    'tags:',
    '- code',
    '- clarification-questions',
    '- underspecification',
    'size_categories:',
    `- ${sizeCategory(input.stats.tasks)}`,
    `pretty_name: ${JSON.stringify(input.title)}`,
    'configs:',
    '- config_name: default',
    '  data_files:',
    '  - split: test',
    `    path: ${RELEASE_FILE}`,
    '---',
  ].join('\n');
}

function summary({ title, version, date, notes, stats, policy }: CardInput): string {
  const lines = [
    `# ${title}`,
    '',
    `Version ${version}, cut on ${date}.`,
    '',
    `ClarifyCodeBench measures whether a model asks the right clarification questions before writing code. This release holds **${stats.tasks} underspecified programming tasks** made from **${stats.problems} LiveCodeBench problems**: each task is a problem statement from which information was deleted, with the key clarification questions (K = 1 to 3) and the answers that restore it. Tasks were generated with the \`${policy}\` variant policy.`,
  ];
  if (notes.trim()) lines.push('', `Release notes: ${notes.trim()}`);
  return lines.join('\n');
}

function schema(extended: boolean): string {
  const rows = [
    ['`task_id`', 'string', 'Task id, `task_1` … `task_N`.'],
    ['`question_id`', 'string', 'LiveCodeBench question id of the source problem.'],
    ['`keywords`', 'list of string', 'The de-duplicated ambiguity types of the task\'s points, in point order.'],
    ['`modified_content`', 'string', 'The underspecified statement.'],
    ['`qa_pairs`', 'list of {question, answer}', 'One key question and its ground-truth answer per point; its length is K.'],
  ];
  if (extended) {
    rows.push(['`qa_pairs[].type`', 'string', 'Extended releases only: the ambiguity type of the point.']);
    rows.push(['`provenance`', '{subset, points, override, adjudication}', 'Extended releases only: the gold point indexes of the task, where each point came from (A, B, merged, new, legacy), the override kind if the task was edited, and whether the gold set was adjudicated or imported.']);
  }
  return `### Data Fields\n\nOne JSON object per line (\`${RELEASE_FILE}\`), fields in this order:\n\n${table(['field', 'type', 'meaning'], rows)}`;
}

const lengthRow = (label: string, l: LengthStats) => [label, l.min, l.median, l.mean, l.max];

function counts(head: string, list: readonly Count[], of: number): string {
  return table([head, 'count', 'share'], list.map((c) => [c.label, c.count, pct(c.count, of)]));
}

function statistics({ stats }: CardInput): string {
  const keywordRows = byCount(stats.keywords).map((c) => [c.label, c.count, pct(c.count, stats.keywordTotal), pct(c.count, stats.tasks)]);
  const parts = [
    '## Statistics',
    '',
    `Every figure below is computed from the ${stats.tasks} records of \`${RELEASE_FILE}\` and their ${stats.problems} source problems.`,
    '',
    table(['', 'count'], [['tasks', stats.tasks], ['source problems', stats.problems], ['key questions (points over all tasks)', stats.points], ['keywords (each counted once per task)', stats.keywordTotal]]),
    '',
    '### Tasks by K (number of key questions)',
    '',
    counts('K', stats.k, stats.tasks),
    '',
    `![Tasks by K](${CHART_FILES.k})`,
    '',
    '### Keywords',
    '',
    table(['keyword', 'tasks', 'share of keywords', 'share of tasks'], keywordRows),
    '',
    `![Keywords](${CHART_FILES.types})`,
  ];
  if (stats.pointTypes) parts.push('', '### Point types', '', 'The type of every key question over all tasks (a task with two points of one type counts it twice).', '', counts('type', byCount(stats.pointTypes), stats.points));
  parts.push(
    '',
    '### Lengths (characters)',
    '',
    table(['', 'min', 'median', 'mean', 'max'], [lengthRow('modified_content', stats.textLength), lengthRow('question', stats.questionLength), lengthRow('answer', stats.answerLength)]),
    '',
    '### Source problems',
    '',
    `Contest dates: ${stats.contestDates ? `${stats.contestDates.from} to ${stats.contestDates.to}` : 'unknown'}.`,
    '',
    counts('difficulty', stats.difficulty, stats.problems),
    '',
    counts('platform', stats.platforms, stats.problems),
  );
  return parts.join('\n');
}

function splits({ stats }: CardInput): string {
  return [
    '### Data Splits',
    '',
    'The release is one evaluation split, `test`; there is no training or validation split.',
    '',
    table(['split', 'tasks', 'source problems', 'file'], [['test', stats.tasks, stats.problems, `\`${RELEASE_FILE}\``]]),
  ].join('\n');
}

function taxonomy(): string {
  return `## Taxonomy\n\nThe 11 underspecification types of ClarifyCodeBench, as the \`keywords\` name them; each says what the requirement leaves open.\n\n${table(['type', 'definition'], AMBIGUITY_TYPES.map((t) => [t, TYPE_DEFINITIONS[t]]))}`;
}

function agreement({ agreement: a, stats }: CardInput): string {
  if (!a) return `## Inter-annotator agreement\n\nNot available: none of the ${stats.problems} released problems has two submitted independent annotations in this tool.`;
  return [
    '## Inter-annotator agreement',
    '',
    `Computed over the ${a.problems} of the ${stats.problems} released problems that have two submitted independent annotations (before adjudication); no other problem is counted.`,
    '',
    table(['figure', 'value'], [
      ['deleted characters: percent agreement', coefficient(a.deletionPercent)],
      ["deleted characters: Cohen's κ", coefficient(a.deletionKappa)],
      ['points: F1 of aligned points', coefficient(a.pointF1)],
      ['types of aligned points: percent agreement', coefficient(a.typePercent)],
      ["types of aligned points: Cohen's κ", coefficient(a.typeKappa)],
      ["types of aligned points: Krippendorff's α", coefficient(a.typeAlpha)],
    ]),
  ].join('\n');
}

function effort({ effort: e, stats }: CardInput): string {
  if (e.annotations === 0) return `## Annotation effort\n\nNo time on task was recorded for the ${stats.problems} released problems (for example, because they were imported from an earlier release).`;
  return `## Annotation effort\n\n${e.annotations} submitted annotation(s) by ${e.annotators} annotator(s) on the ${stats.problems} released problems; active time on task: ${duration(e.totalMs)} in total, ${duration(e.medianMs)} median per annotation.`;
}

function provenance({ provenance: p, policy, extended }: CardInput): string {
  return [
    '## Provenance',
    '',
    `- Source problems: ${p.livecodebench}.`,
    `- LiveCodeBench release of the statements: ${p.lcbVersions.map((v) => `${v.label} (${v.count} problem${v.count === 1 ? '' : 's'})`).join(', ') || 'none'}.`,
    `- Built with CCB Studio ${p.toolVersion}; variant policy \`${policy}\`${extended ? ', extended fields' : ''}.`,
    `- Continues: ${p.continues ? `release \`${p.continues}\` (its task ids are kept)` : 'no earlier release (ids task_1 … task_N)'}.`,
    `- Problems whose gold points were imported from an earlier release: ${p.legacyProblems}.`,
    `- Tasks with a hand-edited wording: ${p.overrides.edit}; tasks whose text was rewritten beyond deletions: ${p.overrides.rewrite}.`,
  ].join('\n');
}

function license({ settings: s }: CardInput): string {
  const named = s.license === 'other' ? `\`other\`${s.licenseName ? ` (\`${s.licenseName}\`)` : ''}` : `\`${s.license}\``;
  const parts = ['## License', '', `License: ${named}${s.licenseLink ? `; see <${s.licenseLink}>` : ''}.`];
  if (s.licenseStatement) parts.push('', s.licenseStatement);
  return parts.join('\n');
}

function closing({ jsonlSha256 }: CardInput): string {
  return [
    '## Citation',
    '',
    '```bibtex',
    CITATION,
    '```',
    '',
    '## Checksum',
    '',
    `SHA-256 of \`${RELEASE_FILE}\`: \`${jsonlSha256}\``,
  ].join('\n');
}

/** The Hugging Face style data card (README.md) of a release. Deterministic: same input, same bytes. */
export function dataCard(input: CardInput): string {
  const sections = [
    frontMatter(input),
    summary(input),
    usesSection(input.settings),
    `## Dataset Structure\n\n${dataInstance(input.example)}`,
    schema(input.extended),
    splits(input),
    creation(input),
    statistics(input),
    taxonomy(),
    agreement(input),
    effort(input),
    provenance(input),
    biasRisksLimitations(input),
    personalInfo(input),
    license(input),
    closing(input),
    whoWroteTheCard(input.settings),
  ];
  return `${sections.join('\n\n')}\n`;
}
