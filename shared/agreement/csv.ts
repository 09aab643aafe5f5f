/** The per-pair and per-problem agreement tables as CSV (all rows, the order of the report). */
import { csvDocument, type CsvCell } from '../csv';
import type { Coefficient } from './coefficients';
import type { IntervalFigure } from './intervals';
import { figureValue } from './readings';
import type { AgreementView } from './types';

const value = (c: Coefficient): CsvCell => c.value;
const text = (t: string): CsvCell => ({ text: t });

/** The coefficients of a pair, a column each (intervals are overall only: see PairFigures). */
const PAIR_FIGURES: readonly [IntervalFigure, string][] = [
  ['deletion.kappa', 'deletion_kappa'],
  ['points.f1', 'point_f1'],
  ['types.kappa', 'type_kappa'],
  ['types.alpha', 'type_alpha'],
];

export function pairsCsv(r: Pick<AgreementView, 'pairs'>): string {
  const header = [
    'annotator_a',
    'annotator_b',
    'problems',
    'characters',
    'deletion_percent',
    'points',
    'matched',
    'type_pairs',
    'type_percent',
    'equal_counts',
    ...PAIR_FIGURES.map(([, name]) => name),
  ];
  const rows = r.pairs.map((p) => {
    return [
      text(p.annotators[0]),
      text(p.annotators[1]),
      p.problems,
      p.deletion.characters,
      value(p.deletion.percent),
      p.points.a + p.points.b,
      p.points.matched,
      p.types.pairs,
      value(p.types.percent),
      value(p.counts.equal),
      ...PAIR_FIGURES.map(([figure]) => value(figureValue(p, figure))),
    ];
  });
  return csvDocument(header, rows);
}

export function problemsCsv(r: Pick<AgreementView, 'perProblem'>): string {
  const header = [
    'question_id',
    'title',
    'annotator_a',
    'annotator_b',
    'score',
    'span_overlap',
    'deletion_percent',
    'deletion_kappa',
    'points_a',
    'points_b',
    'matched',
    'point_f1',
    'type_pairs',
    'types_agreeing',
    'type_percent',
    'counts_equal',
    'adjudicated',
  ];
  const rows = r.perProblem.map((p) => [
    text(p.questionId),
    text(p.title),
    text(p.annotators[0]),
    text(p.annotators[1]),
    value(p.score),
    value(p.deletion.overlap),
    value(p.deletion.percent),
    value(p.deletion.kappa),
    p.points.a,
    p.points.b,
    p.points.matched,
    value(p.points.f1),
    p.types.pairs,
    p.types.agreeing,
    value(p.types.percent),
    p.countsEqual ? 1 : 0,
    p.adjudicated ? 1 : 0,
  ]);
  return csvDocument(header, rows);
}
