import type { AgreementIntervals } from '../agreement';
import type { ReleaseSettings } from '../schemas/releaseSettings';
import type { JudgeCheck } from '../runs/judge';
import type { RunSummary } from '../runs/views';
import { baselineResults } from './cardBaselines';
import type { CardAudit } from './cardAudits';
import { datasetCreation } from './cardCreation';
import { citation, datasetDetails, glossary } from './cardDetails';
import { biasRisksLimitations, usesSection, whoWroteTheCard } from './cardSections';
import { datasetStructure } from './cardStructure';
import { RELEASE_FILE, type ReleaseRecord } from './format';
import type { Count, ReleaseStats } from './stats';

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
  /** 95% bootstrap intervals over the problems (seeded, so the card stays reproducible); absent: none quoted. */
  intervals?: AgreementIntervals;
  /** Matched pairs where both points have a type (the items of the type figures). */
  typePairs?: number;
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
  /**
   * The guidelines versions the submitted annotations of the problems adjudicated here were
   * submitted under, oldest version first; `version: null` counts those with none recorded.
   */
  guidelines: { version: number | null; annotations: number }[];
  /**
   * The released gold points that came from model suggestions an annotator accepted (as is or
   * edited), by agent; absent when none did (the card then says nothing of suggestions).
   */
  suggested?: { goldPoints: number; fromSuggestions: number; agents: { agent: string; points: number }[] };
}

/** The accounts behind the released problems' gold points (adjudicated here), by role; sorted names. */
export interface CardPeople {
  annotators: string[];
  adjudicators: string[];
}

/** A stored run chosen for the card's baseline results: its `runs report` figures and the judge check of its hit labels. */
export interface CardBaseline {
  run: RunSummary;
  /** The lexical cross-check of the run's hit labels (null: the run asked no question). */
  judge: JudgeCheck | null;
  /** The latest human audit of the run's judge that has labels (absent: none). */
  audit?: CardAudit;
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
  people: CardPeople;
  /** The runs of `export --runs`, in the order given (none: no baseline section). */
  baselines: readonly CardBaseline[];
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

export { CITATION } from './cardDetails';

export function sizeCategory(n: number): string {
  if (n < 1000) return 'n<1K';
  if (n < 10_000) return '1K<n<10K';
  if (n < 100_000) return '10K<n<100K';
  return '100K<n<1M';
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

function summary({ title, version, date, stats, policy }: CardInput): string {
  return [
    `# Dataset Card for ${title}`,
    '',
    `Version ${version}, cut on ${date}.`,
    '',
    `ClarifyCodeBench measures whether a model asks the right clarification questions before writing code. This release holds **${stats.tasks} underspecified programming tasks** made from **${stats.problems} LiveCodeBench problems**: each task is a problem statement from which information was deleted, with the key clarification questions (K = 1 to 3) and the answers that restore it. Tasks were generated with the \`${policy}\` variant policy.`,
  ].join('\n');
}

function moreInformation(input: CardInput): string {
  const parts = ['## More Information'];
  if (input.baselines.length > 0) parts.push(baselineResults(input));
  parts.push(`### Checksum\n\nSHA-256 of \`${RELEASE_FILE}\`: \`${input.jsonlSha256}\``);
  return parts.join('\n\n');
}

/**
 * The Hugging Face data card (README.md) of a release, laid out as the Hub's dataset card
 * template: its headings in its order, the optional ones where there is something to say.
 * Deterministic: same input, same bytes.
 */
export function dataCard(input: CardInput): string {
  const sections = [
    frontMatter(input),
    summary(input),
    datasetDetails(input),
    usesSection(input.settings),
    datasetStructure(input),
    datasetCreation(input),
    biasRisksLimitations(input),
    citation(),
    glossary(input),
    moreInformation(input),
    whoWroteTheCard(input.settings),
  ];
  return `${sections.join('\n\n')}\n`;
}
