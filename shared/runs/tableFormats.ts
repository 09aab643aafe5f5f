/**
 * A paper table as text: one model of its cells (text columns first, then figures already
 * written at their decimals) rendered as CSV, LaTeX (booktabs) and Markdown. Every table of the
 * paper goes through these, so the page's downloads, the API and the CLI write the same bytes.
 *
 * A figure that is not there is `null`: an empty cell in CSV (what spreadsheets and pandas read
 * as missing), "--" in LaTeX, "—" in Markdown and on the page.
 */
import { csvField } from '../csv';

export interface TableColumn {
  csv: string;
  /** The LaTeX header cell, already LaTeX. */
  latex: string;
  /** The header on the page and in Markdown. */
  text: string;
}

export interface TextTable {
  /** The leading columns that hold text (model, type…): left-aligned, LaTeX-escaped. */
  labels: readonly TableColumn[];
  figures: readonly TableColumn[];
  /** LaTeX lines above the header row (a grouped header and its rules). */
  latexHead?: readonly string[];
  rows: readonly { labels: readonly string[]; figures: readonly (string | null)[] }[];
}

export const MISSING = '—';

/** A number at fixed decimals, never "-0.00"; null (or not finite) stays null. */
export function fixed(v: number | null | undefined, digits: number, scale = 1): string | null {
  if (v == null || !Number.isFinite(v)) return null;
  const text = (v * scale).toFixed(digits);
  return /^-0\.?0*$/.test(text) ? text.slice(1) : text;
}

const LATEX_SPECIAL: Record<string, string> = {
  '\\': '\\textbackslash{}',
  '&': '\\&',
  '%': '\\%',
  $: '\\$',
  '#': '\\#',
  _: '\\_',
  '{': '\\{',
  '}': '\\}',
  '~': '\\textasciitilde{}',
  '^': '\\textasciicircum{}',
};

/** Text for a LaTeX cell: every character LaTeX treats specially, escaped. */
export function latexEscape(text: string): string {
  return text.replace(/[\\&%$#_{}~^]/g, (c) => LATEX_SPECIAL[c]!).replace(/[\r\n]+/g, ' ');
}

/** A number cell: a missing figure is "--", a negative one gets a real minus sign. */
const latexNumber = (c: string | null): string => (c === null ? '--' : c.startsWith('-') ? `$-$${c.slice(1)}` : c);
export const latexRow = (cells: readonly string[]) => `${cells.join(' & ')} \\\\`;

export function tableCsv(t: TextTable): string {
  const lines = [[...t.labels, ...t.figures].map((c) => c.csv), ...t.rows.map((r) => [...r.labels, ...r.figures.map((c) => c ?? '')])];
  return lines.map((l) => l.map(csvField).join(',')).join('\r\n') + '\r\n';
}

export function tableLatex(t: TextTable): string {
  return [
    `\\begin{tabular}{${'l'.repeat(t.labels.length)}${'r'.repeat(t.figures.length)}}`,
    '\\toprule',
    ...(t.latexHead ?? []),
    latexRow([...t.labels, ...t.figures].map((c) => c.latex)),
    '\\midrule',
    ...t.rows.map((r) => latexRow([...r.labels.map(latexEscape), ...r.figures.map(latexNumber)])),
    '\\bottomrule',
    '\\end{tabular}',
    '',
  ].join('\n');
}

/** Text for a Markdown table cell: the characters Markdown would read as markup or as a cell border, escaped. */
export const markdownEscape = (text: string): string => text.replace(/[\\`*_|<>[\]]/g, (c) => `\\${c}`).replace(/[\r\n]+/g, ' ');

const markdownRow = (cells: readonly string[]) => `| ${cells.join(' | ')} |`;

export function tableMarkdown(t: TextTable): string {
  return [
    markdownRow([...t.labels, ...t.figures].map((c) => markdownEscape(c.text))),
    markdownRow([...t.labels.map(() => '---'), ...t.figures.map(() => '---:')]),
    ...t.rows.map((r) => markdownRow([...r.labels.map(markdownEscape), ...r.figures.map((c) => c ?? MISSING)])),
    '',
  ].join('\n');
}

/** The figures of a row as the page shows them. */
export const figureText = (cells: readonly (string | null)[]): string[] => cells.map((c) => c ?? MISSING);
