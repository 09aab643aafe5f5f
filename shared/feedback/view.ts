import type { CrossCheck } from '../crossCheck';
import type { Point } from '../edits';
import type { MyAgreement } from './myAgreement';

/** A gold point as its annotators see it after resolution: no provenance (which side it came from). */
export interface FeedbackGoldPoint extends Point {
  /** The adjudicator's note on the point. */
  note: string;
}

/**
 * An annotator's own submission beside the gold of a resolved problem. `crossCheck` compares
 * them with the cross-check's own rules: side A is the annotator ("yours"), side B the gold.
 * Nothing of the other annotator is in it but what became gold; their name is replaced in the
 * adjudicator's notes.
 */
export interface FeedbackView {
  questionId: string;
  title: string;
  baseText: string;
  submittedAt: string | null;
  /** The guidelines version the submission was made under (null: not recorded). */
  guidelinesVersion: number | null;
  resolvedAt: string;
  mine: Point[];
  gold: FeedbackGoldPoint[];
  /** The adjudicator's notes on the problem. */
  notes: string;
  crossCheck: CrossCheck;
  /** The gold was reopened before this resolution: when, and why (the maintainer's reason, names as "you" / "the other annotator"). */
  reopened: { at: string; reason: string | null } | null;
}

export type MyAgreementView = MyAgreement;
