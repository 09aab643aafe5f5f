import type { RunSummary } from '../../../../../shared/runs/views';
import { kBarsLayout } from './chartLayout';
import { fmt, pct } from './format';

const CELL_W = 92;
const CELL_H = 26;
const LABEL_W = 150;
const HEAD_H = 86;

/** White → blue for a rate in [0, 1]. */
export function shade(v: number): string {
  const t = Math.max(0, Math.min(1, v));
  const mix = (a: number, b: number) => Math.round(a + (b - a) * t);
  return `rgb(${mix(247, 37)}, ${mix(249, 82)}, ${mix(252, 196)})`;
}

/** Heat map models × types: each cell the key-question hit rate of that type for that model. */
export function TypeHeatMap({ runs, types }: { runs: readonly RunSummary[]; types: readonly string[] }) {
  const width = LABEL_W + types.length * CELL_W + 8;
  const height = HEAD_H + runs.length * CELL_H + 8;
  const summary = runs
    .map((r) => `${r.model}: ${types.map((t) => `${t} ${pct(r.per_type[t]?.hit_rate ?? null)}`).join(', ')}`)
    .join('. ');
  return (
    <svg className="chart" width={width} height={height} viewBox={`0 0 ${width} ${height}`} role="img" aria-label="Key-question hit rate per ambiguity type and model" aria-describedby="heatmap-desc">
      <title>Key-question hit rate per ambiguity type and model</title>
      <desc id="heatmap-desc">{summary}</desc>
      {types.map((t, j) => (
        <text key={t} x={LABEL_W + j * CELL_W + CELL_W / 2} y={HEAD_H - 8} transform={`rotate(-35 ${LABEL_W + j * CELL_W + CELL_W / 2} ${HEAD_H - 8})`} fontSize="11">
          {t}
        </text>
      ))}
      {runs.map((r, i) => (
        <g key={r.model}>
          <text x={LABEL_W - 8} y={HEAD_H + i * CELL_H + CELL_H / 2 + 4} textAnchor="end" fontSize="12">
            {r.model}
          </text>
          {types.map((t, j) => {
            const f = r.per_type[t];
            const rate = f?.hit_rate ?? null;
            return (
              <g key={t}>
                <rect x={LABEL_W + j * CELL_W} y={HEAD_H + i * CELL_H} width={CELL_W - 2} height={CELL_H - 2} fill={rate === null ? '#eef0f4' : shade(rate)}>
                  <title>{`${r.model}, ${t}: hit rate ${pct(rate)} of ${f?.key_questions ?? 0} key questions`}</title>
                </rect>
                <text x={LABEL_W + j * CELL_W + CELL_W / 2} y={HEAD_H + i * CELL_H + CELL_H / 2 + 4} textAnchor="middle" fontSize="11" fill={rate !== null && rate > 0.55 ? '#fff' : '#222'}>
                  {pct(rate)}
                </text>
              </g>
            );
          })}
        </g>
      ))}
    </svg>
  );
}

const PLOT_H = 150;

/** Grouped bars per K: each model's TKQR and ORA for the tasks with that K. */
export function KBars({ runs }: { runs: readonly RunSummary[] }) {
  const ks = [...new Set(runs.flatMap((r) => Object.keys(r.per_k)))].sort((a, b) => Number(a) - Number(b));
  const perGroup = runs.length * 2;
  const { barW: BAR_W, groupW, width } = kBarsLayout(runs.length, ks.length);
  const height = PLOT_H + 60;
  const summary = ks
    .map((k) => `K = ${k}: ${runs.map((r) => `${r.model} TKQR ${fmt(r.per_k[k]?.tkqr ?? null)}, ORA ${fmt(r.per_k[k]?.ora ?? null)}`).join('; ')}`)
    .join('. ');
  const y = (v: number) => 10 + PLOT_H - v * PLOT_H;
  return (
    <>
    <svg className="chart" width={width} height={height} viewBox={`0 0 ${width} ${height}`} role="img" aria-label="TKQR and ORA per K and model" aria-describedby="kbars-desc">
      <title>TKQR and ORA per number of key questions (K)</title>
      <desc id="kbars-desc">{summary}</desc>
      {[0, 0.5, 1].map((v) => (
        <g key={v}>
          <line x1={36} x2={width - 6} y1={y(v)} y2={y(v)} stroke="#d9dde5" />
          <text x={30} y={y(v) + 4} textAnchor="end" fontSize="10">
            {v}
          </text>
        </g>
      ))}
      {ks.map((k, g) => (
        <g key={k}>
          {runs.map((r, i) =>
            (['tkqr', 'ora'] as const).map((metric, m) => {
              const v = r.per_k[k]?.[metric] ?? 0;
              const x = 40 + g * groupW + (i * 2 + m) * BAR_W;
              return (
                <rect key={`${r.model}-${metric}`} className={`bar ${metric}`} x={x} y={y(v)} width={Math.max(1, BAR_W - (BAR_W > 8 ? 3 : 1))} height={Math.max(0, v * PLOT_H)} fill={metric === 'tkqr' ? '#4f6bd8' : '#e08a2b'} opacity={1 - (i % 4) * 0.18}>
                  <title>{`K = ${k}, ${r.model}: ${metric.toUpperCase()} ${fmt(r.per_k[k]?.[metric] ?? null)} over ${r.per_k[k]?.tasks ?? 0} tasks`}</title>
                </rect>
              );
            }),
          )}
          <text x={40 + g * groupW + (perGroup * BAR_W) / 2} y={PLOT_H + 28} textAnchor="middle" fontSize="12">
            K = {k}
          </text>
        </g>
      ))}
      <g fontSize="11">
        <rect x={40} y={PLOT_H + 40} width={10} height={10} fill="#4f6bd8" />
        <text x={54} y={PLOT_H + 49}>TKQR</text>
        <rect x={100} y={PLOT_H + 40} width={10} height={10} fill="#e08a2b" />
        <text x={114} y={PLOT_H + 49}>ORA</text>
      </g>
    </svg>
    {/* The order of the bars, in HTML so that it wraps however many runs there are. */}
    <p className="muted chart-order">Bars in each group, left to right: {runs.map((r) => r.model).join(', ')}.</p>
    </>
  );
}
