import { z } from 'zod';
import { all, run, type DB } from './database';
import { decodeJson, decodeList } from './storedJson';
import type { AgreementPoint } from '../shared/agreement';
import type { Point, Range, Repair } from '../shared/edits';
import { sourcesSchema, type GoldPoint, type Provenance, type Sources } from '../shared/schemas/adjudication';
import { rangeSchema, repairSchema } from '../shared/schemas/point';
import { isAmbiguityType } from '../shared/taxonomy';

/**
 * The stored points of annotations (annotation_points) and gold annotations (gold_points): the
 * one place where a stored row becomes a Point and a Point becomes a row.
 *
 * Reading tolerates bad stored data and repairs it at this boundary, never failing a request:
 * - deletions and repairs are JSON lists parsed through the shared point schema's element
 *   schemas (rangeSchema, repairSchema): a column that is not JSON or not a list reads as [];
 *   an element that breaks the schema (a reversed range, a repair without text) is dropped;
 * - an unknown or missing ambiguity type reads as none (null);
 * - question and answer are read as stored.
 * Good data reads exactly as it was written, so API answers and release files do not change.
 */
export interface PointRow {
  idx?: number;
  deletions: string;
  repairs: string;
  question: string;
  answer: string;
  type: string | null;
}

const rangeList = z.array(rangeSchema);
const repairList = z.array(repairSchema);

export const deletionsFromJson = (text: string): Range[] => decodeList(text, rangeSchema, rangeList);
export const repairsFromJson = (text: string): Repair[] => decodeList(text, repairSchema, repairList);

/** A stored point row (annotation or gold) as a Point, repaired as described above. */
export function pointFromRow(row: PointRow): Point {
  return {
    deletions: deletionsFromJson(row.deletions),
    repairs: repairsFromJson(row.repairs),
    question: row.question,
    answer: row.answer,
    type: isAmbiguityType(row.type) ? row.type : null,
  };
}

/** What agreement reads of a point: its deletions and type only (the same repairs as pointFromRow). */
export function agreementPointFromRow(row: Pick<PointRow, 'deletions' | 'type'>): AgreementPoint {
  return { deletions: deletionsFromJson(row.deletions), type: isAmbiguityType(row.type) ? row.type : null };
}

/** One annotation's points in order. */
export function readAnnotationPoints(db: DB, annotationId: number): Point[] {
  return all<PointRow>(db, 'SELECT deletions, repairs, question, answer, type FROM annotation_points WHERE annotation_id = ? ORDER BY idx', [annotationId]).map(pointFromRow);
}

/** A gold_points row: a stored point of a problem's gold annotation. */
export interface GoldRow extends PointRow {
  problem_id: number;
  provenance: Provenance;
  sources: string;
  plausible: number;
  ambiguous: number;
  sufficient: number;
  note: string;
}

/** Sources that are not JSON or break the schema read as "built from no annotator point". */
const NO_SOURCES: Sources = { from: { a: null, b: null } };

/** A gold_points row as a GoldPoint, repaired as pointFromRow does (and bad sources as none). */
export function goldPointFromRow(r: GoldRow): GoldPoint {
  return {
    ...pointFromRow(r),
    provenance: r.provenance,
    sources: decodeJson(r.sources, sourcesSchema, NO_SOURCES),
    checklist: { plausible: r.plausible === 1, ambiguous: r.ambiguous === 1, sufficient: r.sufficient === 1 },
    note: r.note,
  };
}

/** A problem's gold points in order. */
export function readGoldPoints(db: DB, problemId: number): GoldPoint[] {
  return all<GoldRow>(db, 'SELECT * FROM gold_points WHERE problem_id = ? ORDER BY idx', [problemId]).map(goldPointFromRow);
}

/** Replace a problem's gold points (inside the caller's transaction). */
export function writeGoldPoints(db: DB, problemId: number, points: readonly GoldPoint[]): void {
  run(db, 'DELETE FROM gold_points WHERE problem_id = ?', [problemId]);
  points.forEach((p, idx) => {
    run(
      db,
      `INSERT INTO gold_points (problem_id, idx, deletions, repairs, question, answer, type, provenance, sources, plausible, ambiguous, sufficient, note)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      [
        problemId,
        idx,
        JSON.stringify(p.deletions),
        JSON.stringify(p.repairs),
        p.question,
        p.answer,
        p.type,
        p.provenance,
        JSON.stringify(p.sources),
        p.checklist.plausible ? 1 : 0,
        p.checklist.ambiguous ? 1 : 0,
        p.checklist.sufficient ? 1 : 0,
        p.note,
      ],
    );
  });
}

function groupAgreementPoints(rows: readonly { owner: number; deletions: string; type: string | null }[]): Map<number, AgreementPoint[]> {
  const byOwner = new Map<number, AgreementPoint[]>();
  for (const row of rows) {
    let list = byOwner.get(row.owner);
    if (!list) byOwner.set(row.owner, (list = []));
    list.push(agreementPointFromRow(row));
  }
  return byOwner;
}

/** Problems with two submitted annotations (SQL), the ones agreement compares. */
export const SUBMITTED_PAIRS = `SELECT problem_id FROM annotations WHERE status = 'submitted' GROUP BY problem_id HAVING COUNT(*) = 2`;

/** The agreement points of every submitted annotation of a problem with two, by annotation id. */
export function readSubmittedPairPoints(db: DB): Map<number, AgreementPoint[]> {
  return groupAgreementPoints(
    all(
      db,
      `SELECT ap.annotation_id AS owner, ap.deletions, ap.type FROM annotation_points ap
         JOIN annotations a ON a.id = ap.annotation_id
        WHERE a.status = 'submitted' AND a.problem_id IN (${SUBMITTED_PAIRS})
        ORDER BY ap.annotation_id, ap.idx`,
    ),
  );
}

/** Gold points of every resolved adjudication by problem id (an empty list when the gold set is empty). */
export function readResolvedGoldPoints(db: DB): Map<number, AgreementPoint[]> {
  const gold = groupAgreementPoints(
    all(
      db,
      `SELECT g.problem_id AS owner, g.deletions, g.type FROM gold_points g
         JOIN adjudications ad ON ad.problem_id = g.problem_id
        WHERE ad.status = 'resolved' ORDER BY g.problem_id, g.idx`,
    ),
  );
  for (const { problem_id } of all<{ problem_id: number }>(db, `SELECT problem_id FROM adjudications WHERE status = 'resolved'`)) {
    if (!gold.has(problem_id)) gold.set(problem_id, []);
  }
  return gold;
}

/** One gold point stored as given, its checklist ticked or not (a fixture of a resolution or a legacy import). */
export function insertGoldPoint(
  db: DB,
  problemId: number,
  idx: number,
  p: { deletions: readonly Range[]; repairs?: readonly Repair[]; question?: string; answer?: string; type?: string | null; provenance: Provenance; checked?: boolean },
): void {
  const checked = p.checked === false ? 0 : 1;
  run(
    db,
    `INSERT INTO gold_points (problem_id, idx, deletions, repairs, question, answer, type, provenance, plausible, ambiguous, sufficient) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    [problemId, idx, JSON.stringify(p.deletions), JSON.stringify(p.repairs ?? []), p.question ?? '', p.answer ?? '', p.type ?? null, p.provenance, checked, checked, checked],
  );
}

/** Reword one gold point's key question, nothing else changed. */
export function setGoldQuestion(db: DB, problemId: number, idx: number, question: string): void {
  run(db, 'UPDATE gold_points SET question = ? WHERE problem_id = ? AND idx = ?', [question, problemId, idx]);
}
