import { byCount, type Count } from './stats';

const escapeXml = (s: string) => s.replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`);

const ROW = 26;
const BAR = 18;
const BAR_AREA = 320;
const PAD = 12;
const FONT = 12;
const TITLE_FONT = 15;
/**
 * Widths are estimated without a font: 0.62 em per character is wider than the average
 * glyph of the usual sans-serif fonts (bold included), so text stays inside the viewBox.
 */
export const CHAR_EM = 0.62;
const textWidth = (s: string, size: number) => Math.ceil(s.length * CHAR_EM * size);

export interface ChartOptions {
  valueSuffix?: (c: Count) => string;
  /** The chart's long description (its <desc>); by default every row's label and value. */
  description?: string;
}

/**
 * A horizontal bar chart as a standalone SVG: one row per count with its label, bar and value,
 * a root <title> and <desc> for assistive technology, and a viewBox that holds every element.
 * Plain text in, deterministic text out (the same counts always give the same bytes).
 */
export function barChart(title: string, counts: readonly Count[], options: ChartOptions = {}): string {
  const values = counts.map((c) => `${c.count}${options.valueSuffix ? options.valueSuffix(c) : ''}`);
  const labelWidth = Math.max(4 * CHAR_EM * FONT, ...counts.map((c) => textWidth(c.label, FONT))) + PAD;
  const max = Math.max(1, ...counts.map((c) => c.count));
  const top = PAD + TITLE_FONT + PAD;
  const rowsWidth = PAD + labelWidth + BAR_AREA + 6 + Math.max(0, ...values.map((v) => textWidth(v, FONT))) + PAD;
  const width = Math.max(rowsWidth, PAD + textWidth(title, TITLE_FONT) + PAD);
  const height = top + counts.length * ROW + PAD;
  const description = options.description ?? counts.map((c, i) => `${c.label}: ${values[i]}`).join('; ');
  const rows = counts.map((c, i) => {
    const y = top + i * ROW;
    const w = Math.round((c.count / max) * BAR_AREA * 10) / 10;
    return [
      `  <text x="${PAD + labelWidth - 8}" y="${y + 13}" text-anchor="end">${escapeXml(c.label)}</text>`,
      `  <rect x="${PAD + labelWidth}" y="${y}" width="${w}" height="${BAR}" rx="2" fill="#4f6bd8"><title>${escapeXml(`${c.label}: ${values[i]}`)}</title></rect>`,
      `  <text x="${PAD + labelWidth + w + 6}" y="${y + 13}">${escapeXml(values[i]!)}</text>`,
    ].join('\n');
  });
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" role="img" aria-labelledby="chart-title chart-desc" font-family="system-ui, sans-serif" font-size="${FONT}" fill="#222">`,
    `  <title id="chart-title">${escapeXml(title)}</title>`,
    `  <desc id="chart-desc">${escapeXml(description)}</desc>`,
    `  <rect width="${width}" height="${height}" fill="#fff"/>`,
    `  <text x="${PAD}" y="${PAD + TITLE_FONT}" font-size="${TITLE_FONT}" font-weight="600">${escapeXml(title)}</text>`,
    ...rows,
    '</svg>',
    '',
  ].join('\n');
}

export const CHART_FILES = { k: 'charts/k-distribution.svg', types: 'charts/type-distribution.svg' } as const;

const percent = (n: number, of: number) => (of === 0 ? '0%' : `${((n / of) * 100).toFixed(1)}%`);

/** The card's two charts, by file path; each <desc> names the population it counts. */
export function releaseCharts(stats: { tasks: number; k: Count[]; keywords: Count[]; keywordTotal: number }): Record<string, string> {
  const kSuffix = (c: Count) => ` (${percent(c.count, stats.tasks)})`;
  const kCounts = stats.k.map((c) => ({ label: `K = ${c.label}`, count: c.count }));
  const typeSuffix = (c: Count) => ` (${percent(c.count, stats.keywordTotal)})`;
  const types = byCount(stats.keywords);
  return {
    [CHART_FILES.k]: barChart('Tasks by number of ambiguity points (K)', kCounts, {
      valueSuffix: kSuffix,
      description: `The ${stats.tasks} tasks of the release by K, with shares of all tasks: ${kCounts.map((c) => `${c.label}: ${c.count}${kSuffix(c)}`).join('; ')}.`,
    }),
    [CHART_FILES.types]: barChart('Keywords (ambiguity types), each counted once per task', types, {
      valueSuffix: typeSuffix,
      description: `The ${stats.keywordTotal} keywords of the release's ${stats.tasks} tasks by type, with shares of all keywords: ${types.map((c) => `${c.label}: ${c.count}${typeSuffix(c)}`).join('; ')}.`,
    }),
  };
}
