import type { DB } from '../../db/database';
import { readSubmittedPairAnnotations, type PairAnnotationRow } from '../../db/annotations';
import { readResolvedGoldPoints, readSubmittedPairPoints } from '../../db/points';
import { readBaseTexts } from '../../db/problems';
import { computeAgreement, overallAgreement, type AgreementFigures, type AgreementItem, type AgreementView } from '../../shared/agreement';

/**
 * The base text's length as JavaScript counts it (UTF-16 units), read without the text where
 * SQLite can tell: a text whose UTF-8 size equals its length() in characters is ASCII without
 * NUL, so its length is that. Other texts are read whole, once per problem (a problem's row
 * is read once per annotation, and its few KB of text are otherwise never looked at).
 */
function baseLengths(db: DB, rows: readonly PairAnnotationRow[]): Map<number, number> {
  const lengths = new Map<number, number>();
  const wide = new Set<number>();
  for (const r of rows) {
    if (r.bytes === r.chars) lengths.set(r.problem_id, r.chars);
    else wide.add(r.problem_id);
  }
  if (wide.size > 0) for (const [id, text] of readBaseTexts(db, [...wide])) lengths.set(id, text.length);
  return lengths;
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
  const annotations = readSubmittedPairAnnotations(db);
  const points = readSubmittedPairPoints(db);
  const gold = readResolvedGoldPoints(db);
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
