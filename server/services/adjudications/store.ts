import type { DB } from '../../../db/database';
import { readSideRows } from '../../../db/annotations';
import { readSetting, writeSetting } from '../../../db/settings';
import { readDraftPoints } from '../../../db/annotationDrafts';
import type { Point } from '../../../shared/edits';
import type { PointOrigin } from '../../../shared/suggestions/schema';
import { readAcknowledged } from '../../../db/pointFindings';
import type { AcknowledgedFinding } from '../../../shared/writing/findings';

export { findAdjudication, type AdjudicationRow } from '../../../db/adjudications';
export { readGoldPoints as loadGoldPoints, writeGoldPoints } from '../../../db/points';
export { findProblemBrief as findProblem, type ProblemBrief as ProblemRow } from '../../../db/problems';
export { deleteOverride, readExclusions as loadExclusions, readOverrides as loadOverrides, writeOverride, type StoredOverrideRow as StoredOverride } from '../../../db/taskRows';

/** One annotator's submitted work on a problem, by assignment slot (1 → A, 2 → B). */
export interface SideWork {
  userId: number;
  username: string;
  annotationId: number;
  status: 'draft' | 'submitted';
  submittedAt: string | null;
  points: Point[];
  origins: PointOrigin[];
  /** The findings its annotator acknowledged on submit, with their reasons. */
  acknowledged: AcknowledgedFinding[];
}

/** The annotations of both slots of a problem (undefined for a slot with no annotation yet). */
export function loadSides(db: DB, problemId: number): { A?: SideWork; B?: SideWork } {
  const sides: { A?: SideWork; B?: SideWork } = {};
  for (const r of readSideRows(db, problemId)) {
    if (r.id === null || r.status === null) continue;
    const { points, origins } = readDraftPoints(db, r.id);
    const side: SideWork = { userId: r.user_id, username: r.username, annotationId: r.id, status: r.status, submittedAt: r.submitted_at, points, origins, acknowledged: readAcknowledged(db, r.id) };
    if (r.slot === 1) sides.A = side;
    else sides.B = side;
  }
  return sides;
}

const REVEAL_NAMES_KEY = 'adjudication.revealNames';

/** Blind adjudication by default: annotator names are shown only once a maintainer reveals them. */
export function revealNames(db: DB): boolean {
  return readSetting(db, REVEAL_NAMES_KEY) === 'true';
}

export function writeRevealNames(db: DB, value: boolean): void {
  writeSetting(db, REVEAL_NAMES_KEY, String(value));
}
