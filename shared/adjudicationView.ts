import type { Alignment } from './alignment';
import type { CrossCheck } from './crossCheck';
import type { Finding, Point, Repair } from './edits';
import type { PointOrigin } from './suggestions/schema';
import type { AcknowledgedFinding } from './writing/findings';
import type { AdjudicationSource, AdjudicationStatus, GoldPoint } from './schemas/adjudication';
import type { GeneratedTask, TaskOverride } from './tasks';

/** The JSON shapes of the adjudication API, shared by the server's presenters and the client. */
export interface SideView {
  /** Always "Annotator A" / "Annotator B" (blind adjudication). */
  label: string;
  /** The annotator's username, only when a maintainer has revealed names. */
  name: string | null;
  status: 'draft' | 'submitted';
  submittedAt: string | null;
  points: Point[];
  /** Where each point came from (own, suggested, suggested-edited), in point order; blind-safe: no names. */
  origins: PointOrigin[];
  /** Findings of the shared rules the annotator acknowledged on submit, each with its reason, by point index. */
  acknowledged: AcknowledgedFinding[];
}

export interface OverrideView extends TaskOverride {
  /** Tiny edits the override text makes to the base text, flagged for review. */
  repairs: Repair[];
  createdBy: string | null;
  createdAt: string;
}

export interface GoldView {
  status: AdjudicationStatus;
  /** 'legacy' when the gold points were recovered by import-release; null before any adjudication. */
  source: AdjudicationSource | null;
  version: number;
  notes: string;
  points: GoldPoint[];
  overrides: OverrideView[];
  /** Task subsets ("1,2") left out of the release this problem continues: not exported. */
  excluded: string[];
  updatedAt: string | null;
  resolvedBy: string | null;
  resolvedAt: string | null;
  /** What still keeps the stored gold from being resolved (empty when it can be). */
  resolveIssues: Finding[];
  /** Editor-rule findings on unchanged legacy points: the release was made with them, so they only warn. */
  inheritedIssues: Finding[];
}

export interface CaseView {
  questionId: string;
  title: string;
  difficulty: string;
  baseText: string;
  revealNames: boolean;
  /** Null when the problem has no two submitted annotations (a problem known only from a legacy release). */
  annotations: { A: SideView | null; B: SideView | null };
  alignment: Alignment | null;
  crossCheck: CrossCheck | null;
  gold: GoldView;
  tasks: GeneratedTask[];
}

export interface QueueItem {
  questionId: string;
  title: string;
  difficulty: string;
  status: AdjudicationStatus;
  /** 'legacy' for gold points recovered from a legacy release. */
  source: AdjudicationSource;
  /** Null (like the counts and the pair) for a legacy problem without two submitted annotations. */
  disagreement: number | null;
  exactAgreement: boolean;
  pointsA: number | null;
  pointsB: number | null;
  /** Types used by either annotator (the gold types for a legacy problem), in taxonomy order. */
  types: string[];
  pair: { key: string; label: string } | null;
  /** Why a maintainer reopened it (e.g. a task flagged from the Runs page), while it is a draft again. */
  reopenReason?: string | null;
}

export interface QueueView {
  /** One page of the filtered queue (offset … offset + limit − 1 of `total`). */
  items: QueueItem[];
  /** Rows of the filtered queue over all pages. */
  total: number;
  offset: number;
  limit: number;
  /** Progress over every problem ready for adjudication, before filters. */
  progress: { ready: number; todo: number; draft: number; resolved: number; waiting: number };
  pairs: { key: string; label: string }[];
  revealNames: boolean;
  /** Legacy problems without two submitted annotations, before filters (listed after the ready ones). */
  legacy: number;
}
