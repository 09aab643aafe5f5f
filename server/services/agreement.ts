import { all, type DB } from '../../db/database';
import { computeAgreement, overallAgreement, type AgreementFigures, type AgreementItem, type AgreementPoint, type AgreementView } from '../../shared/agreement';
import type { Range } from '../../shared/edits';
import { isAmbiguityType } from '../../shared/taxonomy';

interface AnnotationRow {
  id: number;
  problem_id: number;
  question_id: string;
  title: string;
  /** SQLite's length() of the base text: its code points, up to a first NUL. */
  chars: number;
  /** Its size in UTF-8 bytes: equal to `chars` only for ASCII without NUL. */
  bytes: number;
  username: string;
}

/**
 * The base text's length as JavaScript counts it (UTF-16 units), read without the text where
 * SQLite can tell: a text whose UTF-8 size equals its length() in characters is ASCII without
 * NUL, so its length is that. Other texts are read whole, once per problem (a problem's row
 * is read once per annotation, and its few KB of text are otherwise never looked at).
 */
const BASE_LENGTH = `length(p.base_text) AS chars, length(CAST(p.base_text AS BLOB)) AS bytes`;

function baseLengths(db: DB, rows: readonly AnnotationRow[]): Map<number, number> {
  const lengths = new Map<number, number>();
  const wide = new Set<number>();
  for (const r of rows) {
    if (r.bytes === r.chars) lengths.set(r.problem_id, r.chars);
    else wide.add(r.problem_id);
  }
  if (wide.size > 0) {
    for (const p of all<{ id: number; base_text: string }>(db, 'SELECT id, base_text FROM problems WHERE id IN (SELECT value FROM json_each(?))', [JSON.stringify([...wide])])) {
      lengths.set(p.id, p.base_text.length);
    }
  }
  return lengths;
}

interface PointRow {
  owner: number;
  deletions: string;
  type: string | null;
}

function toPoint(row: PointRow): AgreementPoint {
  const parsed: unknown = JSON.parse(row.deletions);
  const deletions = Array.isArray(parsed) ? (parsed as Range[]) : [];
  return { deletions, type: isAmbiguityType(row.type) ? row.type : null };
}

function groupPoints(rows: readonly PointRow[]): Map<number, AgreementPoint[]> {
  const byOwner = new Map<number, AgreementPoint[]>();
  for (const row of rows) {
    let list = byOwner.get(row.owner);
    if (!list) byOwner.set(row.owner, (list = []));
    list.push(toPoint(row));
  }
  return byOwner;
}

const SUBMITTED_PAIRS = `SELECT problem_id FROM annotations WHERE status = 'submitted' GROUP BY problem_id HAVING COUNT(*) = 2`;

/** Gold points of every resolved adjudication (an empty list when the gold set is empty). */
function loadGold(db: DB): Map<number, AgreementPoint[]> {
  const gold = groupPoints(
    all<PointRow>(
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

export interface LoadedItems {
  items: AgreementItem[];
  titles: Map<string, string>;
}

/**
 * The independent annotations of every problem with two submitted annotations; A is the
 * annotator in assignment slot 1 (as in the cross-check), with the gold where resolved.
 */
export function loadAgreementItems(db: DB): LoadedItems {
  const annotations = all<AnnotationRow>(
    db,
    `SELECT a.id, a.problem_id, p.question_id, p.title, ${BASE_LENGTH}, u.username
       FROM annotations a
       JOIN problems p ON p.id = a.problem_id
       JOIN users u ON u.id = a.user_id
       LEFT JOIN assignments s ON s.problem_id = a.problem_id AND s.user_id = a.user_id
      WHERE a.status = 'submitted' AND a.problem_id IN (${SUBMITTED_PAIRS})
      ORDER BY p.import_order, p.id, COALESCE(s.slot, 3), a.user_id`,
  );
  const points = groupPoints(
    all<PointRow>(
      db,
      `SELECT ap.annotation_id AS owner, ap.deletions, ap.type FROM annotation_points ap
         JOIN annotations a ON a.id = ap.annotation_id
        WHERE a.status = 'submitted' AND a.problem_id IN (${SUBMITTED_PAIRS})
        ORDER BY ap.annotation_id, ap.idx`,
    ),
  );
  const gold = loadGold(db);
  const lengths = baseLengths(db, annotations);
  const items: AgreementItem[] = [];
  const titles = new Map<string, string>();
  for (let i = 0; i + 1 < annotations.length; i += 2) {
    const a = annotations[i]!;
    const b = annotations[i + 1]!;
    titles.set(a.question_id, a.title);
    items.push({
      questionId: a.question_id,
      baseLength: lengths.get(a.problem_id)!,
      annotatorA: a.username,
      annotatorB: b.username,
      pointsA: points.get(a.id) ?? [],
      pointsB: points.get(b.id) ?? [],
      gold: gold.get(a.problem_id) ?? null,
    });
  }
  return { items, titles };
}

export type { AgreementView } from '../../shared/agreement';

/** The agreement report of the database: what the dashboard, the CLI and the data card quote. */
export function agreementReport(db: DB): AgreementView {
  const { items, titles } = loadAgreementItems(db);
  const report = computeAgreement(items);
  return { ...report, perProblem: report.perProblem.map((p) => ({ ...p, title: titles.get(p.questionId) ?? '' })) };
}

/** The overall figures of agreementReport without the per-pair and per-problem breakdowns (what the data card quotes). */
export function agreementFigures(db: DB): AgreementFigures {
  return overallAgreement(loadAgreementItems(db).items);
}
