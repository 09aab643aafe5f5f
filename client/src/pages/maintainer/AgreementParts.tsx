import type { CSSProperties } from 'react';
import {
  FIGURE_GUIDE,
  figureValue,
  intervalReading,
  smallSampleWarning,
  type AgreementFigures,
  type BootstrapInterval,
  type Coefficient,
  type IntervalFigure,
  type PairFigures,
  type TypeFigures,
} from '../../../../shared/agreement';
import { formatCoefficient, formatIntervalText, formatPercent, heat, typeInitials } from './agreementFormat';
import { IntervalScale } from './IntervalScale';
import { TableHead } from '../../components/TableHead';
import './AgreementPage.css';

/** A coefficient, with the reason shown when it is undefined. */
export function Value({ c, percent = false, digits = 3 }: { c: Coefficient; percent?: boolean; digits?: number }) {
  const text = percent ? formatPercent(c) : formatCoefficient(c, digits);
  if (c.value !== null) return <span className="num">{text}</span>;
  return (
    <span className="num undefined-value" title={c.reason}>
      {text} <span className="visually-hidden">({c.reason})</span>
    </span>
  );
}

/** A figure's 95% interval, e.g. "95% CI 0.41 to 0.63", with the draws where it was undefined. */
export function IntervalText({ interval, percent = false, digits = 2, compact = false }: { interval: BootstrapInterval; percent?: boolean; digits?: number; compact?: boolean }) {
  const left = compact ? `${interval.undefinedDraws} undefined` : `${interval.undefinedDraws} of ${interval.draws.toLocaleString('en-US')} draws undefined, left out`;
  return (
    <span className="interval">
      {formatIntervalText(interval, { percent, digits })}
      {interval.undefinedDraws > 0 && <span className="muted"> ({left})</span>}
    </span>
  );
}

/** One overall figure: value, 95% interval, n, its definition and usual reading, and a warning when the sample is small. */
export function FigureCard({ report, figure, percent, unit, detail }: { report: AgreementFigures; figure: IntervalFigure; percent?: boolean; unit: string; detail?: string }) {
  const guide = FIGURE_GUIDE[figure];
  const value = figureValue(report, figure);
  const interval = report.intervals[figure];
  const reading = intervalReading(figure, value.value, interval.low, interval.high);
  const warning = smallSampleWarning(figure, report);
  return (
    <div className="card figure-card" role="group" aria-label={guide.label}>
      <div className="figure-label">{guide.label}</div>
      <div className="figure-value">
        <Value c={value} percent={percent} />
      </div>
      <div className="figure-interval">
        <IntervalText interval={interval} percent={percent} />
      </div>
      <IntervalScale figure={figure} value={value.value} interval={interval} percent={percent} />
      <div className="muted figure-n">
        n = {value.n} {unit}
        {detail ? ` · ${detail}` : ''}
      </div>
      {value.value === null && <div className="muted figure-reason">{value.reason}</div>}
      {reading && <div className="figure-reading">Usual reading: {reading}</div>}
      <p className="figure-definition">{guide.definition}</p>
      {warning && <p className="warning figure-warning">{warning}</p>}
    </div>
  );
}

/** A pair's coefficient (the intervals are the overall figures'; a pair's would cost as much again). */
function PairValue({ pair, figure, percent }: { pair: PairFigures; figure: IntervalFigure; percent?: boolean }) {
  return <Value c={figureValue(pair, figure)} percent={percent} />;
}

export function PairTable({ pairs }: { pairs: readonly PairFigures[] }) {
  return (
    <table aria-label="Agreement per annotator pair">
      <TableHead columns={['Pair (A / B)', 'Problems', 'Deletion κ', 'Point F1 (points)', 'Type agreement (pairs)', 'Type κ', 'Type α', 'Equal counts']} />
      <tbody>
        {pairs.map((p) => (
          <tr key={p.annotators.join('/')}>
            <th scope="row">
              {p.annotators[0]} / {p.annotators[1]}
            </th>
            <td>{p.problems}</td>
            <td>
              <PairValue pair={p} figure="deletion.kappa" />
            </td>
            <td>
              <PairValue pair={p} figure="points.f1" /> <span className="muted">({p.points.f1.n})</span>
            </td>
            <td>
              <Value c={p.types.percent} percent /> <span className="muted">({p.types.pairs})</span>
            </td>
            <td>
              <PairValue pair={p} figure="types.kappa" />
            </td>
            <td>
              <PairValue pair={p} figure="types.alpha" />
            </td>
            <td>
              <Value c={p.counts.equal} percent />
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

export function PerTypeTable({ types }: { types: TypeFigures }) {
  return (
    <table aria-label="Agreement per ambiguity type">
      <TableHead columns={['Type', 'Chosen by A', 'Chosen by B', 'Both', 'Specific agreement']} />
      <tbody>
        {types.perType.map((t) => (
          <tr key={t.type} className={t.byA + t.byB === 0 ? 'unused' : undefined}>
            <th scope="row">{t.type}</th>
            <td>{t.byA}</td>
            <td>{t.byB}</td>
            <td>{t.both}</td>
            <td>
              <Value c={t.agreement} percent />
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** The 11×11 confusion matrix as a heat map: colour intensity by count, every cell labelled. */
export function ConfusionHeatMap({ types }: { types: TypeFigures }) {
  const max = Math.max(0, ...types.confusion.flat());
  return (
    <div className="heatmap-wrap">
      <table className="heatmap" aria-label="Type confusion heat map">
        <caption>Rows: annotator A's type · columns: annotator B's type · darker = more matched pairs</caption>
        <thead>
          <tr>
            <td />
            {types.labels.map((label) => (
              <th key={label} scope="col" title={label}>
                <abbr title={label}>{typeInitials(label)}</abbr>
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {types.confusion.map((row, i) => (
            <tr key={types.labels[i]}>
              <th scope="row">{types.labels[i]}</th>
              {row.map((count, j) => {
                const level = heat(count, max);
                return (
                  <td
                    key={types.labels[j]}
                    className={`heat-cell${i === j ? ' diagonal' : ''}${level > 0.55 ? ' dark' : ''}`}
                    style={{ '--heat': level } as CSSProperties}
                    aria-label={`A ${types.labels[i]}, B ${types.labels[j]}: ${count} pair${count === 1 ? '' : 's'}`}
                    title={`A: ${types.labels[i]} · B: ${types.labels[j]} · ${count}`}
                  >
                    {count}
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
