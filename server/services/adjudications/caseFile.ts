import { buildCrossCheck, type CrossCheck } from '../../../shared/crossCheck';
import type { GoldPoint } from '../../../shared/schemas/adjudication';
import type { DB } from '../../../db/database';
import { hasAnnotated } from '../../../db/annotations';
import { DomainError, forbidden, notFound } from '../../domain/errors';
import {
  findAdjudication,
  findProblem,
  loadExclusions,
  loadGoldPoints,
  loadOverrides,
  loadSides,
  type AdjudicationRow,
  type ProblemRow,
  type SideWork,
  type StoredOverride,
} from './store';

/** Everything known about one problem under adjudication. */
export interface CaseFile {
  problem: ProblemRow;
  /** Both null unless both annotations are submitted (a problem known only from its adjudication, e.g. a legacy import). */
  A: SideWork | null;
  B: SideWork | null;
  crossCheck: CrossCheck | null;
  adjudication: AdjudicationRow | undefined;
  gold: GoldPoint[];
  overrides: StoredOverride[];
  /** Task subsets the release this problem continues leaves out. */
  excluded: string[];
}

/**
 * Load a problem whose two annotations are submitted, or that has an adjudication already (a
 * legacy import has gold points but no annotations); 404 for unknown problems, 409 otherwise.
 */
export function loadCase(db: DB, questionId: string): CaseFile {
  const problem = findProblem(db, questionId);
  if (!problem) throw notFound(`No problem "${questionId}".`);
  const { A, B } = loadSides(db, problem.id);
  const adjudication = findAdjudication(db, problem.id);
  const ready = A?.status === 'submitted' && B?.status === 'submitted';
  if (!ready && !adjudication) {
    throw new DomainError('not_ready', `Problem "${questionId}" is not ready for adjudication: both annotators must submit first.`);
  }
  return {
    problem,
    A: ready ? A : null,
    B: ready ? B : null,
    crossCheck: ready ? buildCrossCheck(problem.base_text, A.points, B.points) : null,
    adjudication,
    gold: loadGoldPoints(db, problem.id),
    overrides: loadOverrides(db, problem.id),
    excluded: loadExclusions(db, problem.id),
  };
}

/** 409 unless the caller's version is the stored one. */
export function checkVersion(file: CaseFile, version: number): void {
  const current = file.adjudication?.version ?? 0;
  if (version !== current) {
    throw new DomainError('stale_version', `The gold version of "${file.problem.question_id}" was changed by someone else (now version ${current}, you sent ${version}). Reload to see the latest version.`, {
      currentVersion: current,
    });
  }
}

/** 409 when the problem is resolved: it is read-only until a maintainer reopens it. */
export function checkEditable(file: CaseFile): void {
  if (file.adjudication?.status === 'resolved') {
    throw new DomainError('read_only', `Problem "${file.problem.question_id}" is resolved and read-only; a maintainer can reopen it.`);
  }
}

/** The gold state as events record it (before/after). */
export function goldSnapshot(file: Pick<CaseFile, 'adjudication' | 'gold'>): { status: string; version: number; notes: string; points: GoldPoint[] } {
  return {
    status: file.adjudication?.status ?? 'todo',
    version: file.adjudication?.version ?? 0,
    notes: file.adjudication?.notes ?? '',
    points: file.gold,
  };
}

/** True when the user is (or was) one of the problem's annotators: assigned it, or holds an annotation of it. */
export function annotatedBy(db: DB, userId: number, questionId: string): boolean {
  return hasAnnotated(db, userId, questionId);
}

/** 403 for anyone adjudicating a problem they annotated (e.g. an annotator since promoted): it would not be an independent check. */
export function refuseOwnWork(db: DB, userId: number, questionId: string): void {
  if (annotatedBy(db, userId, questionId)) {
    throw forbidden(`You annotated ${questionId} yourself; another adjudicator must adjudicate it.`);
  }
}
