import { z } from 'zod';
import type { AmbiguityType } from '../taxonomy';
import type { WorkedExample } from './types';

/** The team's Markdown is text; 200,000 characters is far beyond any real guide. */
export const MAX_GUIDELINES_MARKDOWN = 200_000;

/** A maintainer's save: the version they edited (optimistic concurrency) and the new Markdown. */
export const saveGuidelinesBody = z.object({
  version: z.number().int().min(1),
  markdown: z.string().max(MAX_GUIDELINES_MARKDOWN),
});
export type SaveGuidelinesBody = z.infer<typeof saveGuidelinesBody>;

/** Which version to read (default: the current one). */
export const guidelinesQuery = z.object({ version: z.coerce.number().int().min(1).optional() });

export interface GuidelinesView {
  version: number;
  /** The newest version (equal to `version` unless an older one was asked for). */
  currentVersion: number;
  markdown: string;
  /** Who saved this version (null: the built-in version 1) and when. */
  savedBy: string | null;
  savedAt: string;
  types: { name: AmbiguityType; anchor: string; definition: string; example: WorkedExample }[];
  rules: { title: string; text: string }[];
}

export interface GuidelinesVersionSummary {
  version: number;
  savedBy: string | null;
  savedAt: string;
  characters: number;
}

/** An annotator opened the Guidelines page at this version. */
export const guidelinesSeenBody = z.object({ version: z.number().int().min(1) });

/** Whether the guidelines changed since the annotator last opened the Guidelines page. */
export interface GuidelinesNews {
  current: number;
  /** The version they last opened the page at (1 when they never have since this was recorded). */
  lastSeen: number;
  changed: boolean;
}
