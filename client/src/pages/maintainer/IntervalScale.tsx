import { formatRange, formatSigned, readingBands, type BootstrapInterval, type IntervalFigure } from '../../../../shared/agreement';
import './AgreementPage.css';

const WIDTH = 180;
const PAD = 12;
const BAR_Y = 6;
const BAR_H = 14;

/** The drawn part of the scale: from 0 (or lower when the interval or value is below it) to 1. */
function domainOf(low: number | null, value: number | null): [number, number] {
  const least = Math.min(0, low ?? 0, value ?? 0);
  return [Math.floor(least * 5) / 5, 1];
}

/** Two edges closer than this share of the scale push their labels apart (α's 0.667 and 0.8). */
const CROWDED = 0.15;
const tickAnchor = (edges: readonly number[], k: number): 'start' | 'middle' | 'end' => {
  const span = edges[edges.length - 1]! - edges[0]!;
  if (k + 1 < edges.length && edges[k + 1]! - edges[k]! < CROWDED * span) return 'end';
  if (k > 0 && edges[k]! - edges[k - 1]! < CROWDED * span) return 'start';
  return 'middle';
};

/**
 * A figure's 95% interval drawn on its scale over its reading bands (Landis & Koch for κ,
 * Krippendorff for α; a plain 0–1 scale for shares), with the value as a dot. The drawing is
 * described in words for those who cannot see it.
 */
export function IntervalScale({ figure, value, interval, percent = false }: { figure: IntervalFigure; value: number | null; interval: BootstrapInterval; percent?: boolean }) {
  const [from, to] = domainOf(interval.low, value);
  const x = (v: number) => PAD + ((Math.min(to, Math.max(from, v)) - from) / (to - from)) * (WIDTH - 2 * PAD);
  const bands = readingBands(figure).filter((b) => b.to > from);
  const shown = (v: number) => (percent ? `${formatSigned(v * 100, 0)}%` : formatSigned(v, Number(v.toFixed(1)) === v ? 1 : 2));
  const edges = [...new Set([from, ...bands.map((b) => b.to).filter((t) => t < to), to])];
  const description =
    interval.low === null || interval.high === null
      ? `No interval: every draw was undefined. Scale ${shown(from)} to ${shown(to)}.`
      : `Interval ${formatRange(interval.low, interval.high, 2, percent)} on a scale from ${shown(from)} to ${shown(to)}` +
        (bands.length ? `, over the bands ${bands.map((b) => `${b.name} (to ${formatSigned(b.to, 2)})`).join(', ')}` : '') +
        (value === null ? '.' : `; the value ${percent ? `${formatSigned(value * 100, 1)}%` : formatSigned(value, 2)} marked.`);
  return (
    <svg className="interval-scale" viewBox={`0 0 ${WIDTH} 38`} role="img" aria-label={description}>
      {bands.map((b, k) => (
        <g key={b.name}>
          <rect x={x(Math.max(b.from, from))} y={BAR_Y} width={x(b.to) - x(Math.max(b.from, from))} height={BAR_H} className={`band band-${k % 2}`}>
            <title>{b.name}</title>
          </rect>
        </g>
      ))}
      {bands.length === 0 && <rect x={x(from)} y={BAR_Y} width={x(to) - x(from)} height={BAR_H} className="band band-0" />}
      {interval.low !== null && interval.high !== null && (
        <g className="interval-bar">
          <line x1={x(interval.low)} x2={x(interval.high)} y1={BAR_Y + BAR_H / 2} y2={BAR_Y + BAR_H / 2} />
          <line x1={x(interval.low)} x2={x(interval.low)} y1={BAR_Y + 2} y2={BAR_Y + BAR_H - 2} />
          <line x1={x(interval.high)} x2={x(interval.high)} y1={BAR_Y + 2} y2={BAR_Y + BAR_H - 2} />
        </g>
      )}
      {value !== null && <circle className="interval-value" cx={x(value)} cy={BAR_Y + BAR_H / 2} r={3.5} />}
      {edges.map((e, k) => (
        <text key={e} x={x(e)} y={35} textAnchor={tickAnchor(edges, k)} className="interval-tick">
          {shown(e)}
        </text>
      ))}
    </svg>
  );
}
