import { alignPoints } from '../alignment';
import { ratio, withN } from '../agreement/aggregate';
import type { AgreementPoint, Figure } from '../agreement/types';
import { mergeRanges, overlapLength, type Range } from '../edits';
import { AMBIGUITY_TYPES, type AmbiguityType } from '../taxonomy';

/**
 * "My agreement": one annotator's submitted work against the gold of the problems resolved since.
 *
 * - Deletion agreement is the Jaccard index of deleted characters: the characters both the
 *   annotator and the gold deleted, over the characters either deleted (pooled over problems
 *   for a group, so a long deletion weighs more than a short one).
 * - Type agreement is over the annotator's points aligned with a gold point (the cross-check's
 *   alignment: character IoU ≥ 0.5, one-to-one): the share whose type is the gold point's type.
 *   Per type, the gold points of that type aligned with one of the annotator's points, and how
 *   many of those the annotator typed the same; gold points of the type no point of theirs
 *   matched are counted as missed.
 */
export interface MyAgreementItem {
  questionId: string;
  title: string;
  /** When the gold was resolved (ISO time): the order "over time" follows. */
  resolvedAt: string;
  baseLength: number;
  mine: readonly AgreementPoint[];
  gold: readonly AgreementPoint[];
}

export interface MyProblemAgreement {
  questionId: string;
  title: string;
  resolvedAt: string;
  /** Characters deleted by both / by either. */
  bothDeleted: number;
  eitherDeleted: number;
  deletion: Figure;
  points: number;
  goldPoints: number;
  matched: number;
  /** Aligned pairs where both have a type, and of those the ones with the same type. */
  typed: number;
  sameType: number;
  type: Figure;
}

export interface MyPeriodAgreement {
  /** The month of resolution, YYYY-MM. */
  period: string;
  problems: number;
  deletion: Figure;
  type: Figure;
}

export interface MyTypeAgreement {
  type: AmbiguityType;
  /** Gold points of this type. */
  gold: number;
  /** Of those, aligned with one of the annotator's typed points. */
  matched: number;
  /** Of the matched, typed the same by the annotator. */
  same: number;
  agreement: Figure;
}

export interface MyAgreement {
  problems: number;
  deletion: Figure;
  type: Figure;
  perProblem: MyProblemAgreement[];
  overTime: MyPeriodAgreement[];
  perType: MyTypeAgreement[];
}

function deleted(points: readonly AgreementPoint[], length: number): Range[] {
  const ranges: Range[] = [];
  for (const p of points) for (const [s, e] of p.deletions) if (Math.max(0, s) < Math.min(length, e)) ranges.push([Math.max(0, s), Math.min(length, e)]);
  return mergeRanges(ranges);
}

const size = (ranges: readonly Range[]) => ranges.reduce((n, [s, e]) => n + (e - s), 0);

interface Scored {
  row: MyProblemAgreement;
  /** Per gold point: its type and, when aligned with a typed point of the annotator's, that point's type. */
  goldTypes: { type: AmbiguityType | null; mine: AmbiguityType | null | undefined }[];
}

function scoreProblem(item: MyAgreementItem): Scored {
  const mine = deleted(item.mine, item.baseLength);
  const gold = deleted(item.gold, item.baseLength);
  const both = overlapLength(mine, gold);
  const either = size(mine) + size(gold) - both;
  const { pairs } = alignPoints(item.mine, item.gold);
  const goldTypes: Scored['goldTypes'] = item.gold.map((g) => ({ type: g.type, mine: undefined }));
  let typed = 0;
  let sameType = 0;
  for (const pair of pairs) {
    const a = item.mine[pair.a]!.type;
    const b = item.gold[pair.b]!.type;
    goldTypes[pair.b]!.mine = a;
    if (a === null || b === null) continue;
    typed++;
    if (a === b) sameType++;
  }
  const row: MyProblemAgreement = {
    questionId: item.questionId,
    title: item.title,
    resolvedAt: item.resolvedAt,
    bothDeleted: both,
    eitherDeleted: either,
    deletion: withN(ratio(both, either, 'neither you nor the gold deleted anything'), 1),
    points: item.mine.length,
    goldPoints: item.gold.length,
    matched: pairs.length,
    typed,
    sameType,
    type: withN(ratio(sameType, typed, 'none of your points was aligned with a typed gold point'), typed),
  };
  return { row, goldTypes };
}

function pooled(rows: readonly MyProblemAgreement[]): { deletion: Figure; type: Figure } {
  const both = rows.reduce((n, r) => n + r.bothDeleted, 0);
  const either = rows.reduce((n, r) => n + r.eitherDeleted, 0);
  const typed = rows.reduce((n, r) => n + r.typed, 0);
  const same = rows.reduce((n, r) => n + r.sameType, 0);
  return {
    deletion: withN(ratio(both, either, 'no deleted characters'), rows.length),
    type: withN(ratio(same, typed, 'no aligned typed points'), typed),
  };
}

function perType(scored: readonly Scored[]): MyTypeAgreement[] {
  return AMBIGUITY_TYPES.flatMap((type) => {
    let gold = 0;
    let matched = 0;
    let same = 0;
    for (const s of scored) {
      for (const g of s.goldTypes) {
        if (g.type !== type) continue;
        gold++;
        if (g.mine === undefined || g.mine === null) continue;
        matched++;
        if (g.mine === type) same++;
      }
    }
    return gold === 0 ? [] : [{ type, gold, matched, same, agreement: withN(ratio(same, matched, 'no gold point of this type was aligned with yours'), matched) }];
  });
}

/** The annotator's agreement with the gold, overall, per problem (oldest resolution first), per month and per gold type. */
export function myAgreement(items: readonly MyAgreementItem[]): MyAgreement {
  const scored = [...items].sort((x, y) => x.resolvedAt.localeCompare(y.resolvedAt) || x.questionId.localeCompare(y.questionId)).map(scoreProblem);
  const perProblem = scored.map((s) => s.row);
  const months = new Map<string, MyProblemAgreement[]>();
  for (const row of perProblem) {
    const period = row.resolvedAt.slice(0, 7);
    months.set(period, [...(months.get(period) ?? []), row]);
  }
  const overTime = [...months].map(([period, rows]) => ({ period, problems: rows.length, ...pooled(rows) }));
  return { problems: perProblem.length, ...pooled(perProblem), perProblem, overTime, perType: perType(scored) };
}
