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
  /** The base text itself, only when its length in UTF-16 units may differ from `chars`. */
  wide_text: string | null;
  username: string;
}

/**
 * The base text's length as JavaScript counts it (UTF-16 units) without reading the text:
 * SQLite's length() counts code points, which is the same unless the text holds a character
 * beyond U+FFFF (a UTF-8 lead byte F0–F4) or a NUL (where length() stops). Only such texts
 * are read whole; the row of a problem is read twice (once per annotation), and its text is
 * a few KB the agreement never looks at.
 */
const BASE_LENGTH = `length(p.base_text) AS chars,
       CASE WHEN instr(CAST(p.base_text AS BLOB), X'00') + instr(CAST(p.base_text AS BLOB), X'F0') + instr(CAST(p.base_text AS BLOB), X'F1')
               + instr(CAST(p.base_text AS BLOB), X'F2') + instr(CAST(p.base_text AS BLOB), X'F3') + instr(CAST(p.base_text AS BLOB), X'F4') > 0
            THEN p.base_text END AS wide_text`;

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
  const items: AgreementItem[] = [];
  const titles = new Map<string, string>();
  for (let i = 0; i + 1 < annotations.length; i += 2) {
    const a = annotations[i]!;
    const b = annotations[i + 1]!;
    titles.set(a.question_id, a.title);
    items.push({
      questionId: a.question_id,
      baseLength: a.wide_text === null ? a.chars : a.wide_text.length,
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
