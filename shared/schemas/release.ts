import { z } from 'zod';
import type { AdjudicationProgress } from './backoffice';
import { VARIANT_POLICIES } from '../subsets';
import { semanticVersion, type ReleaseSettings } from './releaseSettings';
import type { CardSettingWarning } from '../release/cardSettings';
import { modelName } from '../runs/views';

/** Release names go into URLs, zip folders and card titles: letters, digits, dot, dash, underscore. */
export const releaseName = z
  .string()
  .trim()
  .regex(/^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$/, 'use 1–64 letters, digits, dots, dashes or underscores, starting with a letter or digit');

export const variantPolicy = z.enum(VARIANT_POLICIES, { message: `must be one of: ${VARIANT_POLICIES.join(', ')}` });

const releaseOptions = z.object({
  policy: variantPolicy.default('all-subsets'),
  extended: z.boolean().default(false),
});

/** The models of the stored runs the card shows as baseline results (each run over exactly the release's tasks). */
const baselineModels = z
  .array(modelName)
  .max(50, 'at most 50 runs')
  .refine((names) => new Set(names).size === names.length, 'name each run once')
  .default([]);

/** "Check release": the options, and the name it would be cut under (checked for collisions). */
export const previewReleaseBody = releaseOptions.extend({ name: releaseName.optional() });

export const cutReleaseBody = releaseOptions.extend({
  name: releaseName,
  notes: z.string().max(4000, 'at most 4000 characters').default(''),
  /** The metadata version (MAJOR.MINOR.PATCH); by default the name's when it is one (v1.1 → 1.1.0), else 0.1.0. */
  version: semanticVersion.optional(),
  runs: baselineModels,
});

export type PreviewReleaseInput = z.infer<typeof previewReleaseBody>;
export type CutReleaseInput = z.infer<typeof cutReleaseBody>;

export interface ManifestFile {
  path: string;
  bytes: number;
  sha256: string;
}

/** manifest.json of a release: what it holds, counted, with a checksum per file. */
export interface ReleaseManifest {
  name: string;
  /** Semantic version and cut date (YYYY-MM-DD) of an exported release; absent in imported ones. */
  version?: string;
  date?: string;
  notes: string;
  policy: string;
  extended: boolean;
  continues: string | null;
  tool_version: string;
  counts: {
    tasks: number;
    problems: number;
    points: number;
    k: Record<string, number>;
    keywords: Record<string, number>;
  };
  validation: { errors: number; warnings: number };
  files: ManifestFile[];
}

/** A release as the API lists it: the manifest plus who cut it and when. */
export interface ReleaseSummary {
  name: string;
  kind: 'export' | 'legacy';
  notes: string;
  policy: string;
  createdBy: string | null;
  createdAt: string;
  manifest: ReleaseManifest;
  /** The card settings the release was cut with ({} for imported releases). */
  settings: Partial<ReleaseSettings>;
  /** When the release was made public (null: unpublished; an imported release counts as published at its import), and by whom. */
  publishedAt: string | null;
  publishedBy: string | null;
}

/** A problem the release leaves out, and why: where it stands on its way to the gold version. */
export interface LeftOutProblem {
  questionId: string;
  title: string;
  state: AdjudicationProgress;
}

/** What "Check release" finds beyond validation: a name already used, and the problems left out. */
export interface ReleaseCheck {
  /** Why the name cannot be used (a release of that name exists), or null. */
  nameTaken: string | null;
  problems: { total: number; released: number };
  leftOut: LeftOutProblem[];
  /** The card settings left empty, each naming the setting (the card says that nothing was stated). */
  cardWarnings: CardSettingWarning[];
}

/** A stored run the card of the checked release could show: one made on exactly its tasks. */
export interface BaselineCandidate {
  model: string;
  /** The stored release the run was imported against. */
  release: string;
}
