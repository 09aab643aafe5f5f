/**
 * Which ambiguity type each key question of a release task has: the type of the gold point it
 * was written for, found by that point's identity (its question and answer), never by the
 * question's position — a release lists a combination task's qa pairs in any order, and its
 * `keywords` are a de-duplicated set of types, not one per question.
 */
import type { ReleaseRecord } from '../release/format';
import { matchPoints, sameQuestionPoints, type PointWording } from '../release/matchPoints';
import { dedupeKeywords } from '../tasks';
import type { KeyQuestion } from './report';

/** A point as attribution sees it: its wording and its type. */
export interface TypedPoint extends PointWording {
  type: string | null;
}

export interface AttributionContext {
  /** The problem's gold points in this database (a release stored here), by index; absent for a release file alone. */
  gold?: readonly TypedPoint[];
  /** The task's gold point indexes, when known (extended provenance or the ids a continued release keeps). */
  subset?: readonly number[];
  /** The same problem's one-question tasks of the same release, each as the point it was written for (type: its keyword). */
  singles: readonly TypedPoint[];
}

/** The type of the point each qa pair was written for, among `points` (null where none is found). */
function typesAmong(points: readonly TypedPoint[], qa: readonly PointWording[]): (string | null)[] {
  const match = matchPoints(points, qa) ?? sameQuestionPoints(points, qa);
  return match.map((p) => (p === null ? null : (points[p]?.type ?? null)));
}

/** The gold points a task is made of: its subset of them when known (and valid), else all the problem's. */
function goldCandidates(gold: readonly TypedPoint[], subset: readonly number[] | undefined): readonly TypedPoint[] {
  if (subset && subset.length > 0 && subset.every((i) => gold[i] !== undefined)) return subset.map((i) => gold[i]!);
  return gold;
}

/**
 * Each key question of a record with its type, the first found of: the qa pair's own type
 * (extended releases); the gold point it was written for (a release of this database); the
 * same problem's one-question task it was written for (the same whitespace-normalised question,
 * else the one whose question and answer agree best, as import-release matches them); the
 * task's keyword when the task has a single type. Else null: unattributed.
 */
export function attributeKeyQuestions(record: ReleaseRecord, context: AttributionContext): KeyQuestion[] {
  const qa = record.qa_pairs;
  const types: (string | null)[] = qa.map((pair) => pair.type ?? null);
  // Each source is asked only while some question is still untyped (matching reworded questions costs word diffs).
  const fill = (found: () => (string | null)[]) => {
    if (!types.includes(null)) return;
    const more = found();
    types.forEach((t, i) => (types[i] = t ?? more[i] ?? null));
  };
  if (context.gold && context.gold.length > 0) fill(() => typesAmong(goldCandidates(context.gold!, context.subset), qa));
  fill(() => typesAmong(context.singles, qa));
  const keywords = dedupeKeywords(record.keywords);
  if (keywords.length === 1) fill(() => qa.map(() => keywords[0]!));
  return qa.map((pair, i) => ({ question: pair.question, answer: pair.answer, type: types[i] ?? null }));
}

/** Per problem, its one-question tasks of a release as typed points (type: the task's keyword). */
export function singlePointTasks(records: readonly ReleaseRecord[]): Map<string, TypedPoint[]> {
  const out = new Map<string, TypedPoint[]>();
  for (const r of records) {
    if (r.qa_pairs.length !== 1) continue;
    const qa = r.qa_pairs[0]!;
    const point: TypedPoint = { question: qa.question, answer: qa.answer, type: qa.type ?? (r.keywords.length === 1 ? r.keywords[0]! : null) };
    const list = out.get(r.question_id);
    if (list) list.push(point);
    else out.set(r.question_id, [point]);
  }
  return out;
}
