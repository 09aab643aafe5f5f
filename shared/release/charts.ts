import { byCount, type Count } from './stats';

const escapeXml = (s: string) => s.replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`);

const ROW = 26;
const BAR = 18;
const CHAR_WIDTH = 7.2;
const BAR_AREA = 320;
const PAD = 12;

/**
 * A horizontal bar chart as a standalone SVG: one row per count with its label, bar and value.
 * Plain text in, deterministic text out (the same counts always give the same bytes).
 */
export function barChart(title: string, counts: readonly Count[], options: { valueSuffix?: (c: Count) => string } = {}): string {
  const labelWidth = Math.ceil(Math.max(4, ...counts.map((c) => c.label.length)) * CHAR_WIDTH) + PAD;
  const max = Math.max(1, ...counts.map((c) => c.count));
  const top = 40;
  const width = PAD + labelWidth + BAR_AREA + 90;
  const height = top + counts.length * ROW + PAD;
  const rows = counts.map((c, i) => {
    const y = top + i * ROW;
    const w = Math.round((c.count / max) * BAR_AREA * 10) / 10;
    const value = `${c.count}${options.valueSuffix ? options.valueSuffix(c) : ''}`;
    return [
      `  <text x="${PAD + labelWidth - 8}" y="${y + 13}" text-anchor="end">${escapeXml(c.label)}</text>`,
      `  <rect x="${PAD + labelWidth}" y="${y}" width="${w}" height="${BAR}" rx="2" fill="#4f6bd8"><title>${escapeXml(`${c.label}: ${value}`)}</title></rect>`,
      `  <text x="${PAD + labelWidth + w + 6}" y="${y + 13}">${escapeXml(value)}</text>`,
    ].join('\n');
  });
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" role="img" aria-label="${escapeXml(title)}" font-family="system-ui, sans-serif" font-size="12" fill="#222">`,
    `  <rect width="${width}" height="${height}" fill="#fff"/>`,
    `  <text x="${PAD}" y="24" font-size="15" font-weight="600">${escapeXml(title)}</text>`,
    ...rows,
    '</svg>',
    '',
  ].join('\n');
}

export const CHART_FILES = { k: 'charts/k-distribution.svg', types: 'charts/type-distribution.svg' } as const;

const percent = (n: number, of: number) => (of === 0 ? '0%' : `${((n / of) * 100).toFixed(1)}%`);

/** The card's two charts, by file path. */
export function releaseCharts(stats: { tasks: number; k: Count[]; keywords: Count[]; keywordTotal: number }): Record<string, string> {
  return {
    [CHART_FILES.k]: barChart('Tasks by number of ambiguity points (K)', stats.k.map((c) => ({ label: `K = ${c.label}`, count: c.count })), {
      valueSuffix: (c) => ` (${percent(c.count, stats.tasks)})`,
    }),
    [CHART_FILES.types]: barChart('Keywords (ambiguity types), each counted once per task', byCount(stats.keywords), {
      valueSuffix: (c) => ` (${percent(c.count, stats.keywordTotal)})`,
    }),
  };
}
