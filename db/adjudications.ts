import { all, get, run, type DB } from './database';
import type { AdjudicationSource } from '../shared/schemas/adjudication';

export interface AdjudicationRow {
  problem_id: number;
  status: 'draft' | 'resolved';
  source: AdjudicationSource;
  version: number;
  notes: string;
  updated_at: string;
  resolved_at: string | null;
  resolved_by_name: string | null;
}

export function findAdjudication(db: DB, problemId: number): AdjudicationRow | undefined {
  return get<AdjudicationRow>(
    db,
    `SELECT j.problem_id, j.status, j.source, j.version, j.notes, j.updated_at, j.resolved_at, u.username AS resolved_by_name
       FROM adjudications j LEFT JOIN users u ON u.id = j.resolved_by WHERE j.problem_id = ?`,
    [problemId],
  );
}

/** Insert or update a problem's adjudication at the given version; resolving records who and when. */
export function upsertAdjudication(db: DB, problemId: number, actorId: number | null, fields: { status: 'draft' | 'resolved'; version: number; notes: string }): void {
  const resolved = fields.status === 'resolved';
  run(
    db,
    `INSERT INTO adjudications (problem_id, status, version, notes, updated_by, updated_at, resolved_by, resolved_at)
     VALUES (?, ?, ?, ?, ?, strftime('%Y-%m-%dT%H:%M:%fZ', 'now'), ?, CASE WHEN ? THEN strftime('%Y-%m-%dT%H:%M:%fZ', 'now') END)
     ON CONFLICT (problem_id) DO UPDATE SET status = excluded.status, version = excluded.version, notes = excluded.notes,
       updated_by = excluded.updated_by, updated_at = excluded.updated_at, resolved_by = excluded.resolved_by, resolved_at = excluded.resolved_at`,
    [problemId, fields.status, fields.version, fields.notes, actorId, resolved ? actorId : null, resolved ? 1 : 0],
  );
}

/** One version later, nothing else changed (a change beside the gold points, e.g. an override). */
export function bumpAdjudicationVersion(db: DB, problemId: number, actorId: number | null): void {
  run(db, `UPDATE adjudications SET version = version + 1, updated_by = ?, updated_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now') WHERE problem_id = ?`, [actorId, problemId]);
}

/** One ready problem: both slots' submitted annotations, with what identifies their content. */
export interface ReadyPair {
  id: number;
  question_id: string;
  title: string;
  difficulty: string;
  status: 'draft' | 'resolved' | null;
  source: 'adjudication' | 'legacy' | null;
  record_sha256: string;
  a_user: number;
  a_name: string;
  a_id: number;
  a_version: number;
  a_updated: string;
  b_user: number;
  b_name: string;
  b_id: number;
  b_version: number;
  b_updated: string;
}

/**
 * Problems whose two assigned annotators have both submitted, in import order, with both
 * annotations' ids and versions (one query, no points).
 */
export function readReadyPairs(db: DB): ReadyPair[] {
  return all<ReadyPair>(
    db,
    `SELECT p.id, p.question_id, p.title, p.difficulty, p.record_sha256, j.status, j.source,
            sa.user_id AS a_user, ua.username AS a_name, aa.id AS a_id, aa.version AS a_version, aa.updated_at AS a_updated,
            sb.user_id AS b_user, ub.username AS b_name, ab.id AS b_id, ab.version AS b_version, ab.updated_at AS b_updated
       FROM problems p
       JOIN assignments sa ON sa.problem_id = p.id AND sa.slot = 1
       JOIN annotations aa ON aa.problem_id = p.id AND aa.user_id = sa.user_id AND aa.status = 'submitted'
       JOIN users ua ON ua.id = sa.user_id
       JOIN assignments sb ON sb.problem_id = p.id AND sb.slot = 2
       JOIN annotations ab ON ab.problem_id = p.id AND ab.user_id = sb.user_id AND ab.status = 'submitted'
       JOIN users ub ON ub.id = sb.user_id
       LEFT JOIN adjudications j ON j.problem_id = p.id
      ORDER BY p.import_order`,
  );
}

export interface LegacyOnlyRow {
  id: number;
  question_id: string;
  title: string;
  difficulty: string;
  status: 'draft' | 'resolved' | null;
}

/** Problems with gold points from a legacy release but no two submitted annotations, in import order. */
export function readLegacyOnly(db: DB): LegacyOnlyRow[] {
  return all<LegacyOnlyRow>(
    db,
    `SELECT p.id, p.question_id, p.title, p.difficulty, j.status
       FROM problems p JOIN adjudications j ON j.problem_id = p.id
      WHERE j.source = 'legacy' AND (SELECT COUNT(*) FROM assignments s JOIN annotations a ON a.problem_id = s.problem_id AND a.user_id = s.user_id
              WHERE s.problem_id = p.id AND a.status = 'submitted') < 2
      ORDER BY p.import_order`,
  );
}

/** The version of what agreement and the adjudication queue read; triggers (migration 171) bump it on every change. */
export function agreementDataVersion(db: DB): number {
  return get<{ version: number }>(db, 'SELECT version FROM agreement_data_version WHERE id = 1')?.version ?? 0;
}

/** A problem's adjudication stored as it stands (a resolution, a draft in progress, or one a legacy release brought). */
export function insertAdjudication(
  db: DB,
  problemId: number,
  fields: { status: 'draft' | 'resolved'; version?: number; source?: AdjudicationSource; notes?: string; resolvedAt?: string | null },
): void {
  run(db, 'INSERT INTO adjudications (problem_id, status, version, source, notes, resolved_at) VALUES (?, ?, ?, ?, ?, ?)', [
    problemId,
    fields.status,
    fields.version ?? 0,
    fields.source ?? 'adjudication',
    fields.notes ?? '',
    fields.resolvedAt ?? null,
  ]);
}

/** Record who last edited and who resolved a problem's adjudication (an unnamed one is left as it is). */
export function setAdjudicationPeople(db: DB, problemId: number, people: { updatedBy?: number; resolvedBy?: number }): void {
  if (people.updatedBy !== undefined) run(db, 'UPDATE adjudications SET updated_by = ? WHERE problem_id = ?', [people.updatedBy, problemId]);
  if (people.resolvedBy !== undefined) run(db, 'UPDATE adjudications SET resolved_by = ? WHERE problem_id = ?', [people.resolvedBy, problemId]);
}

/** Set a problem's adjudication back to a draft, or resolved again, nothing else changed. */
export function setAdjudicationStatus(db: DB, problemId: number, status: 'draft' | 'resolved'): void {
  run(db, 'UPDATE adjudications SET status = ? WHERE problem_id = ?', [status, problemId]);
}
