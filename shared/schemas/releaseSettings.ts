import { z } from 'zod';

/**
 * What the maintainers write for a release's data card, edited on the Releases page and
 * copied into each release when it is cut. The defaults say only what is known of every
 * release this tool makes; an empty text makes the card say that nothing was stated.
 */
const text = (max = 4000) => z.string().trim().max(max, `at most ${max} characters`);

export const LCB_LICENSE_LINK = 'https://huggingface.co/datasets/livecodebench/code_generation_lite';

export const releaseSettings = z.object({
  /** The Hugging Face `license` id (`other` when the card names the licenses itself). */
  license: z
    .string()
    .trim()
    .regex(/^[a-z0-9][a-z0-9.-]{0,63}$/, 'use a Hugging Face license id such as other, mit or cc-by-4.0'),
  /** `license_name` and `license_link` of the front matter; used when the license is `other`. */
  licenseName: z
    .string()
    .trim()
    .regex(/^([a-z0-9][a-z0-9.-]{0,63})?$/, 'use lower-case letters, digits, dots and dashes'),
  licenseLink: z
    .string()
    .trim()
    .max(500, 'at most 500 characters')
    .refine((s) => s === '' || /^https?:\/\/\S+$/.test(s), 'use an http(s) address'),
  /** The license paragraph of the card. */
  licenseStatement: text(),
  /** Dataset Details: who curated, funded and shares the dataset; the repository address. */
  curators: text(1000),
  fundedBy: text(1000),
  sharedBy: text(1000),
  repository: z
    .string()
    .trim()
    .max(500, 'at most 500 characters')
    .refine((s) => s === '' || /^https?:\/\/\S+$/.test(s), 'use an http(s) address'),
  curationRationale: text(),
  /** Who the annotators are beyond what the card counts (background, how they were recruited). */
  annotators: text(),
  /** Name the annotators and adjudicators (their account names) in the card; off by default. */
  nameAnnotators: z.boolean(),
  directUse: text(),
  outOfScopeUse: text(),
  bias: text(),
  risks: text(),
  limitations: text(),
  recommendations: text(),
  personalInfo: text(),
  authors: text(1000),
  contact: text(1000),
});

export type ReleaseSettings = z.infer<typeof releaseSettings>;

export const DEFAULT_RELEASE_SETTINGS: ReleaseSettings = {
  license: 'other',
  licenseName: 'mit-and-livecodebench-terms',
  licenseLink: LCB_LICENSE_LINK,
  licenseStatement:
    'The annotations (the deletions, key questions, answers and types) are released under the MIT license. The problem statements, and the hidden tests needed to compute pass@1, come from LiveCodeBench and remain under its terms (see the license link).',
  curators: '',
  fundedBy: '',
  sharedBy: '',
  repository: '',
  curationRationale:
    'Code models given an underspecified request tend to guess instead of asking. The tasks measure whether a model asks the right clarification questions first: each takes a real competitive-programming statement, whose full text fixes one correct behaviour, and deletes information a solver needs, so that every deletion has a known key question and a ground-truth answer.',
  annotators: '',
  nameAnnotators: false,
  directUse:
    'Evaluating whether a code model asks the key clarification questions before writing code for an underspecified programming task, under the ClarifyCodeBench protocol (key-question hits, TKQR, ORA, and pass@1 once the answers are given).',
  outOfScopeUse: '',
  bias: '',
  risks:
    'The statements come from public LiveCodeBench problems, so a model may have seen an original statement and restore the deleted information from memory instead of asking for it.',
  limitations: '',
  recommendations: '',
  personalInfo: '',
  authors: '',
  contact: '',
};

/** The stored settings with every missing key filled from the defaults (older rows, imported releases). */
const storedSettings = releaseSettings.partial(); // built once: a schema costs about a millisecond to build

export function withDefaults(value: unknown): ReleaseSettings {
  const parsed = storedSettings.safeParse(value ?? {});
  return { ...DEFAULT_RELEASE_SETTINGS, ...(parsed.success ? parsed.data : {}) };
}

/** Strict semantic version, as Croissant requires for `version`. */
export const SEMVER = /^(0|[1-9]\d*)\.(0|[1-9]\d*)\.(0|[1-9]\d*)$/;
export const semanticVersion = z.string().trim().regex(SEMVER, 'use MAJOR.MINOR.PATCH, e.g. 1.1.0');

/** The version a release name implies when it is one: "v1.1" → 1.1.0, "2" → 2.0.0, "v1.2.3" → 1.2.3. */
export function versionFromName(name: string): string | null {
  const m = /^v?(0|[1-9]\d*)(?:\.(0|[1-9]\d*))?(?:\.(0|[1-9]\d*))?$/i.exec(name.trim());
  return m ? `${m[1]}.${m[2] ?? 0}.${m[3] ?? 0}` : null;
}

/** A release's metadata version: the one given, else the name's, else 0.1.0 (a first, unnumbered cut). */
export const FALLBACK_VERSION = '0.1.0';
export function releaseVersion(name: string, version?: string | null): string {
  return version || versionFromName(name) || FALLBACK_VERSION;
}
