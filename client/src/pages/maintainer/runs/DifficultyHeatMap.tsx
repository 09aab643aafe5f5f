import { cellName, DIFFICULTY_KS, difficultyCells, type DifficultyCell, type DifficultyRun } from '../../../../../shared/runs/paperDifficulty';
import { fixed } from '../../../../../shared/runs/tableFormats';
import { shade } from './Charts';

const CELL_W = 64;
const CELL_H = 26;
const LABEL_W = 150;
const HEAD_H = 46;
/** A gap between the K groups, so D1, D2 and D3 read as three blocks. */
const GAP = 10;

const share = (v: number | null) => fixed(v, 2) ?? '—';

/**
 * The paper's Figure 7 as a heat map, models × D_K–H_h cells, each cell the share of the
 * model's K-point tasks with exactly h key questions hit, written in the cell as in the table,
 * beside the number of K-point tasks: everything the table holds.
 */
export function DifficultyHeatMap({ runs }: { runs: readonly DifficultyRun[] }) {
  // Per K, the task count, then H_0…H_K.
  const columns = DIFFICULTY_KS.flatMap((k, group) => Array.from({ length: k + 2 }, (_x, i) => ({ k, h: i - 1, group })));
  const xs = columns.map((c, j) => LABEL_W + c.group * GAP + j * CELL_W);
  const cellX = (c: Pick<DifficultyCell, 'k' | 'h'>) => xs[columns.findIndex((col) => col.k === c.k && col.h === c.h)]!;
  const width = xs[xs.length - 1]! + CELL_W + 8;
  const height = HEAD_H + runs.length * CELL_H + 8;
  const summary = runs
    .map((r) => `${r.model}: ${difficultyCells(r).map((c) => `${cellName(c)} ${share(c.share)} of ${c.tasks} tasks`).join(', ')}`)
    .join('. ');
  return (
    <svg className="chart" width={width} height={height} viewBox={`0 0 ${width} ${height}`} role="img" aria-label="Share of K-point tasks with h key questions hit, per model" aria-describedby="difficulty-desc">
      <title>Share of K-point tasks with exactly h key questions hit (D_K–H_h), per model</title>
      <desc id="difficulty-desc">{summary}</desc>
      {DIFFICULTY_KS.map((k) => {
        const first = columns.findIndex((c) => c.k === k);
        return (
          <text key={k} x={xs[first]! + ((k + 2) * CELL_W) / 2} y={16} textAnchor="middle" fontSize="12" fontWeight="600">
            K = {k}
          </text>
        );
      })}
      {columns.map((c, j) => (
        <text key={cellName(c)} x={xs[j]! + CELL_W / 2} y={HEAD_H - 10} textAnchor="middle" fontSize="11">
          {c.h < 0 ? 'tasks' : cellName(c)}
        </text>
      ))}
      {runs.map((r, i) => {
        const y = HEAD_H + i * CELL_H;
        return (
          <g key={r.model}>
            <text x={LABEL_W - 8} y={y + CELL_H / 2 + 4} textAnchor="end" fontSize="12">
              {r.model}
            </text>
            {DIFFICULTY_KS.map((k) => (
              <text key={k} x={cellX({ k, h: -1 }) + CELL_W / 2} y={y + CELL_H / 2 + 4} textAnchor="middle" fontSize="11" fill="#555">
                {r.hits_by_k[String(k)]?.reduce((a, b) => a + b, 0) ?? 0}
              </text>
            ))}
            {difficultyCells(r).map((c) => (
              <g key={cellName(c)}>
                <rect x={cellX(c)} y={y} width={CELL_W - 2} height={CELL_H - 2} fill={c.share === null ? '#eef0f4' : shade(c.share)}>
                  <title>{`${r.model}, ${cellName(c)}: ${share(c.share)} of ${c.tasks} tasks with K = ${c.k}`}</title>
                </rect>
                <text x={cellX(c) + CELL_W / 2} y={y + CELL_H / 2 + 4} textAnchor="middle" fontSize="11" fill={c.share !== null && c.share > 0.55 ? '#fff' : '#222'}>
                  {share(c.share)}
                </text>
              </g>
            ))}
          </g>
        );
      })}
    </svg>
  );
}
