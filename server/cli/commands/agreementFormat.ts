import {
  FIGURE_GUIDE,
  figureValue,
  formatInterval,
  INTERVAL_FIGURES,
  intervalMethod,
  readingOf,
  smallSampleWarning,
  type AgreementFigures,
  type Figure,
  type IntervalFigure,
  type PairFigures,
} from '../../../shared/agreement';
import type { AgreementView } from '../../services/agreement';

const num = (f: Figure, digits = 3) => (f.value === null ? 'undefined' : f.value.toFixed(digits));
const pct = (f: Figure) => (f.value === null ? 'undefined' : `${(f.value * 100).toFixed(1)}%`);

/** A plain-text table with left-aligned first column and right-aligned numbers. */
export function table(header: string[], rows: string[][]): string {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  const line = (cells: string[]) => cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join('  ');
  return [line(header), widths.map((w) => '-'.repeat(w)).join('  '), ...rows.map(line)].join('\n');
}

function overallRows(f: AgreementFigures): string[][] {
  return [
    ['Deletions (per character)', String(f.deletion.characters), pct(f.deletion.percent), `kappa ${num(f.deletion.kappa)}`],
    ['Point detection (points)', String(f.points.a + f.points.b), `F1 ${num(f.points.f1)}`, `matched ${f.points.matched}, unmatched A ${f.points.unmatchedA} / B ${f.points.unmatchedB}`],
    ['Types (matched pairs)', String(f.types.pairs), pct(f.types.percent), `kappa ${num(f.types.kappa)}, alpha ${num(f.types.alpha)}`],
    ['Point counts (problems)', String(f.counts.problems), pct(f.counts.equal), `mean |difference| ${num(f.counts.meanAbsDifference, 2)}`],
  ];
}

function undefinedReasons(f: AgreementFigures): string[] {
  const named: [string, Figure][] = [
    ['deletion kappa', f.deletion.kappa],
    ['point F1', f.points.f1],
    ['type kappa', f.types.kappa],
    ['type alpha', f.types.alpha],
  ];
  return named.filter(([, fig]) => fig.value === null).map(([name, fig]) => `  ${name} is undefined: ${fig.reason}`);
}

/** Each coefficient with its interval, undefined draws, usual reading and small-sample warning; then how the intervals were made. */
function intervalLines(f: AgreementFigures): string[] {
  const rows = INTERVAL_FIGURES.map((key) => {
    const interval = f.intervals[key];
    const value = figureValue(f, key);
    return [FIGURE_GUIDE[key].label, num(value), formatInterval(interval), String(interval.undefinedDraws), readingOf(key, value.value) ?? ''];
  });
  const warnings = [...new Set(INTERVAL_FIGURES.map((key) => smallSampleWarning(key, f)).filter((w) => w !== null))];
  return [
    'Coefficients with 95% intervals',
    table(['figure', 'value', '95% interval', 'undefined draws', 'usual reading'], rows),
    intervalMethod(f.intervals['deletion.kappa'], f.problems),
    ...warnings,
    '',
    'Definitions',
    ...INTERVAL_FIGURES.map((key) => `  ${FIGURE_GUIDE[key].label}: ${FIGURE_GUIDE[key].definition}`),
  ];
}

/** A pair's figure (the intervals are the overall figures'). */
const withInterval = (p: PairFigures, key: IntervalFigure) => num(figureValue(p, key));

function pairRows(pairs: readonly PairFigures[]): string[][] {
  return pairs.map((p) => [
    `${p.annotators[0]} / ${p.annotators[1]}`,
    String(p.problems),
    withInterval(p, 'deletion.kappa'),
    `${withInterval(p, 'points.f1')} (${p.points.a + p.points.b})`,
    `${withInterval(p, 'types.kappa')} (${p.types.pairs})`,
    withInterval(p, 'types.alpha'),
    pct(p.counts.equal),
  ]);
}

/** The readable report of `agreement` without --json. */
export function formatAgreement(r: AgreementView, worst = 10): string {
  const out: string[] = [`Inter-annotator agreement over ${r.problems} problem(s) with two submitted annotations`, ''];
  out.push(table(['figure', 'n', 'agreement', 'coefficients'], overallRows(r)), ...undefinedReasons(r), '');
  out.push(...intervalLines(r), '');
  out.push('Per annotator pair', table(['pair', 'problems', 'del. kappa', 'F1 (n)', 'type kappa (n)', 'type alpha', 'equal counts'], pairRows(r.pairs)), '');
  const used = r.types.perType.filter((t) => t.byA + t.byB > 0);
  out.push('Per type (specific agreement 2·both / (A + B))', table(['type', 'by A', 'by B', 'both', 'agreement'], used.map((t) => [t.type, String(t.byA), String(t.byB), String(t.both), pct(t.agreement)])), '');
  const abbrev = r.types.labels.map((_, i) => `T${i + 1}`);
  out.push('Type confusion (rows: annotator A, columns: annotator B)');
  out.push(table(['', ...abbrev], r.types.confusion.map((row, i) => [`T${i + 1} ${r.types.labels[i]}`, ...row.map(String)])), '');
  if (r.gold.problems > 0) {
    out.push(`Against the gold (${r.gold.problems} adjudicated problem(s))`);
    out.push(table(['annotator', 'points', 'kept', 'kept share', 'type accuracy (n)'], r.gold.annotators.map((g) => [g.annotator, String(g.points), String(g.kept), pct(g.keptShare), `${pct(g.typeAccuracy)} (${g.typed})`])), '');
  }
  out.push(`Lowest agreement first (up to ${worst})`);
  out.push(table(['problem', 'annotators', 'score', 'overlap', 'F1', 'types'], r.perProblem.slice(0, worst).map((p) => [
    p.questionId, p.annotators.join(' / '), num({ ...p.score, n: 0 }, 2), num({ ...p.deletion.overlap, n: 0 }, 2), num({ ...p.points.f1, n: 0 }, 2), `${p.types.agreeing}/${p.types.pairs}`,
  ])));
  return out.join('\n');
}
