import type { Range } from '../edits';
import type { AmbiguityType } from '../taxonomy';
import type { Coefficient } from './coefficients';
import type { AgreementIntervals } from './intervals';

/** The parts of a point agreement looks at. */
export interface AgreementPoint {
  deletions: readonly Range[];
  type: AmbiguityType | null;
}

/** One problem with two submitted annotations (A, B) and, where adjudicated, the gold points. */
export interface AgreementItem {
  questionId: string;
  baseLength: number;
  annotatorA: string;
  annotatorB: string;
  pointsA: readonly AgreementPoint[];
  pointsB: readonly AgreementPoint[];
  gold?: readonly AgreementPoint[] | null;
}

/** A coefficient with the number of items it was computed on. */
export type Figure = Coefficient & { n: number };

export interface DeletionFigures {
  /** Characters of all base texts: the items of percent and kappa. */
  characters: number;
  bothDeleted: number;
  onlyA: number;
  onlyB: number;
  bothKept: number;
  percent: Figure;
  kappa: Figure;
}

export interface PointFigures {
  a: number;
  b: number;
  matched: number;
  unmatchedA: number;
  unmatchedB: number;
  /** Mean character IoU of the matched pairs. */
  meanIoU: Figure;
  /** 2·matched / (a + b). */
  f1: Figure;
}

export interface TypeAgreement {
  type: AmbiguityType;
  byA: number;
  byB: number;
  both: number;
  /** Specific agreement 2·both / (byA + byB). */
  agreement: Figure;
}

export interface TypeFigures {
  /** Matched pairs where both points have a type: the items of every figure below. */
  pairs: number;
  /** Matched pairs left out because a point has no type. */
  untypedPairs: number;
  percent: Figure;
  kappa: Figure;
  alpha: Figure;
  /** The 11 types in taxonomy order: the rows (A) and columns (B) of the confusion matrix. */
  labels: AmbiguityType[];
  confusion: number[][];
  perType: TypeAgreement[];
}

export interface CountFigures {
  problems: number;
  /** Share of problems where both annotators wrote the same number of points. */
  equal: Figure;
  meanAbsDifference: Figure;
}

export interface GoldAnnotatorFigures {
  annotator: string;
  /** Problems of this annotator that have a resolved gold version. */
  problems: number;
  points: number;
  /** Points aligned (IoU ≥ 0.5) to a gold point. */
  kept: number;
  keptShare: Figure;
  /** Kept points where both sides have a type. */
  typed: number;
  typeCorrect: number;
  typeAccuracy: Figure;
}

export interface GoldFigures {
  problems: number;
  annotators: GoldAnnotatorFigures[];
}

export interface AgreementFigures {
  problems: number;
  deletion: DeletionFigures;
  points: PointFigures;
  types: TypeFigures;
  counts: CountFigures;
  gold: GoldFigures;
  /** 95% percentile bootstrap intervals over the problems, by figure path ('deletion.kappa', …). */
  intervals: AgreementIntervals;
}

/**
 * One annotator pair's figures, without bootstrap intervals: a pair holds a fraction of the problems,
 * and its intervals cost as much again as the overall ones (the overall figures carry them).
 */
export interface PairFigures extends Omit<AgreementFigures, 'intervals'> {
  /** The two annotators, sorted; A is the first (rows of the pair's confusion matrix). */
  annotators: [string, string];
}

export interface ProblemAgreement {
  questionId: string;
  annotators: [string, string];
  deletion: { percent: Coefficient; kappa: Coefficient; overlap: Coefficient };
  points: { a: number; b: number; matched: number; f1: Coefficient };
  types: { pairs: number; agreeing: number; percent: Coefficient };
  countsEqual: boolean;
  adjudicated: boolean;
  /** Mean of the defined parts of deletion overlap, point F1 and type agreement; worst first. */
  score: Coefficient;
}

export interface AgreementReport extends AgreementFigures {
  pairs: PairFigures[];
  perProblem: ProblemAgreement[];
}

/** The report as the API and the CLI return it: per-problem rows carry the problem title. */
export interface AgreementView extends AgreementReport {
  perProblem: (ProblemAgreement & { title: string })[];
}
