import { cohenKappaFromTable, defined, undefinedBecause, type Coefficient } from './coefficients';
import { aggregate, figures, ratio } from './aggregate';
import { itemStats, swapSides, type ItemStats } from './itemStats';
import type { BootstrapOptions } from './bootstrap';
import { statsIntervals, type AgreementIntervals } from './intervals';
import type { AgreementFigures, AgreementItem, AgreementReport, PairFigures, ProblemAgreement } from './types';

function pairKey(s: ItemStats): [string, string] {
  return s.annotatorA.localeCompare(s.annotatorB) <= 0 ? [s.annotatorA, s.annotatorB] : [s.annotatorB, s.annotatorA];
}

function pairFigures(stats: readonly ItemStats[]): PairFigures[] {
  const groups = new Map<string, { annotators: [string, string]; stats: ItemStats[] }>();
  for (const s of stats) {
    const annotators = pairKey(s);
    const key = JSON.stringify(annotators);
    let group = groups.get(key);
    if (!group) groups.set(key, (group = { annotators, stats: [] }));
    // Within a pair, A is always the first-named annotator so the confusion matrix has one orientation.
    group.stats.push(s.annotatorA === annotators[0] ? s : swapSides(s));
  }
  return [...groups.values()]
    .sort((x, y) => x.annotators[0].localeCompare(y.annotators[0]) || x.annotators[1].localeCompare(y.annotators[1]))
    .map((g) => ({ annotators: g.annotators, ...figures(g.stats) }));
}

function mean(parts: readonly Coefficient[]): Coefficient {
  const values = parts.flatMap((p) => (p.value === null ? [] : [p.value]));
  if (values.length === 0) return undefinedBecause('no part of the agreement is defined');
  return defined(values.reduce((a, b) => a + b, 0) / values.length);
}

export function problemAgreement(s: ItemStats): ProblemAgreement {
  const bothKept = s.characters - s.bothDeleted - s.onlyA - s.onlyB;
  const table = [
    [s.bothDeleted, s.onlyA],
    [s.onlyB, bothKept],
  ];
  const overlap = ratio(s.bothDeleted, s.bothDeleted + s.onlyA + s.onlyB, 'neither annotator deleted anything');
  const f1 = ratio(2 * s.matched, s.a + s.b, 'no points');
  const agreeing = s.typePairs.filter(([a, b]) => a === b).length;
  const typePercent = ratio(agreeing, s.typePairs.length, 'no matched typed pairs');
  return {
    questionId: s.questionId,
    annotators: [s.annotatorA, s.annotatorB],
    deletion: { percent: ratio(s.characters - s.onlyA - s.onlyB, s.characters, 'empty base text'), kappa: cohenKappaFromTable(table), overlap },
    points: { a: s.a, b: s.b, matched: s.matched, f1 },
    types: { pairs: s.typePairs.length, agreeing, percent: typePercent },
    countsEqual: s.a === s.b,
    adjudicated: s.goldA !== null,
    score: mean([overlap, f1, typePercent]),
  };
}

/** Worst first; problems whose score is undefined go last. */
function byScore(x: ProblemAgreement, y: ProblemAgreement): number {
  const a = x.score.value ?? Infinity;
  const b = y.score.value ?? Infinity;
  return a - b || x.questionId.localeCompare(y.questionId);
}

/** The overall figures of computeAgreement alone, for callers that quote only those (the data card). */
export function overallAgreement(items: readonly AgreementItem[], bootstrap: BootstrapOptions = {}): AgreementFigures {
  return aggregate(items.map(itemStats), bootstrap);
}

/** The intervals of the overall figures with other bootstrap settings (the report uses the defaults). */
export function agreementIntervals(items: readonly AgreementItem[], options: BootstrapOptions = {}): AgreementIntervals {
  return statsIntervals(items.map(itemStats), options);
}

/**
 * Inter-annotator agreement over problems with two independent submitted annotations:
 * deletions per character, point detection through the point alignment, types over
 * matched pairs, point counts, and each annotator against the gold where adjudicated —
 * overall, per annotator pair and per problem.
 */
export function computeAgreement(items: readonly AgreementItem[]): AgreementReport {
  const stats = items.map(itemStats);
  return {
    ...aggregate(stats),
    pairs: pairFigures(stats),
    perProblem: stats.map(problemAgreement).sort(byScore),
  };
}
