import type { DB } from '../../../db/database';
import { buildCrossCheck, type CrossCheck } from '../../../shared/crossCheck';
import type { GoldPoint } from '../../../shared/schemas/adjudication';
import { conflict, notFound } from '../../http/errors';
import {
  findAdjudication,
  findProblem,
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
  A: SideWork;
  B: SideWork;
  crossCheck: CrossCheck;
  adjudication: AdjudicationRow | undefined;
  gold: GoldPoint[];
  overrides: StoredOverride[];
}

/** Load a problem whose two annotations are submitted; 404 for unknown problems, 409 when not ready. */
export function loadCase(db: DB, questionId: string): CaseFile {
  const problem = findProblem(db, questionId);
  if (!problem) throw notFound(`No problem "${questionId}".`);
  const { A, B } = loadSides(db, problem.id);
  if (!A || !B || A.status !== 'submitted' || B.status !== 'submitted') {
    throw conflict(`Problem "${questionId}" is not ready for adjudication: both annotators must submit first.`);
  }
  return {
    problem,
    A,
    B,
    crossCheck: buildCrossCheck(problem.base_text, A.points, B.points),
    adjudication: findAdjudication(db, problem.id),
    gold: loadGoldPoints(db, problem.id),
    overrides: loadOverrides(db, problem.id),
  };
}

/** 409 unless the caller's version is the stored one. */
export function checkVersion(file: CaseFile, version: number): void {
  const current = file.adjudication?.version ?? 0;
  if (version !== current) {
    throw conflict(`The gold version of "${file.problem.question_id}" was changed by someone else (now version ${current}, you sent ${version}). Reload to see the latest version.`, {
      currentVersion: current,
    });
  }
}

/** 409 when the problem is resolved: it is read-only until a maintainer reopens it. */
export function checkEditable(file: CaseFile): void {
  if (file.adjudication?.status === 'resolved') {
    throw conflict(`Problem "${file.problem.question_id}" is resolved and read-only; a maintainer can reopen it.`);
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
