import type { Alignment } from './alignment';
import type { CrossCheck } from './crossCheck';
import type { Finding, Point, Repair } from './edits';
import type { AdjudicationStatus, GoldPoint } from './schemas/adjudication';
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
}

export interface OverrideView extends TaskOverride {
  /** Tiny edits the override text makes to the base text, flagged for review. */
  repairs: Repair[];
  createdBy: string | null;
  createdAt: string;
}

export interface GoldView {
  status: AdjudicationStatus;
  version: number;
  notes: string;
  points: GoldPoint[];
  overrides: OverrideView[];
  updatedAt: string | null;
  resolvedBy: string | null;
  resolvedAt: string | null;
  /** What still keeps the stored gold from being resolved (empty when it can be). */
  resolveIssues: Finding[];
}

export interface CaseView {
  questionId: string;
  title: string;
  difficulty: string;
  baseText: string;
  revealNames: boolean;
  annotations: { A: SideView; B: SideView };
  alignment: Alignment;
  crossCheck: CrossCheck;
  gold: GoldView;
  tasks: GeneratedTask[];
}

export interface QueueItem {
  questionId: string;
  title: string;
  difficulty: string;
  status: AdjudicationStatus;
  disagreement: number;
  exactAgreement: boolean;
  pointsA: number;
  pointsB: number;
  /** Types used by either annotator, in taxonomy order. */
  types: string[];
  pair: { key: string; label: string };
}

export interface QueueView {
  items: QueueItem[];
  /** Progress over every problem ready for adjudication, before filters. */
  progress: { ready: number; todo: number; draft: number; resolved: number; waiting: number };
  pairs: { key: string; label: string }[];
  revealNames: boolean;
}
