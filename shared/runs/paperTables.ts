/**
 * The paper's Table 3 (pass@1 on the complete statement and after clarification, their Δ, TKQR,
 * ORA) and Table 4 (average turns and diff per K) over a release's stored runs, and their text
 * as CSV and as LaTeX (booktabs). Pure functions: the Runs page and tests share them.
 *
 * Cells, everywhere: pass@1 and Δ in percent with one decimal (Δ = interactive − complete, in
 * points, so a negative Δ is what clarification left unsolved); TKQR and ORA with two decimals,
 * as the paper prints them; turns and diff with two. A figure that is not there (pass@1 not
 * imported yet, no task with that K) is `null` (see tableFormats.ts for how each format writes it).
 */
import { csvField } from '../csv';
import type { RunTables } from './report';
import { figureText, fixed, latexEscape, latexRow, tableCsv, tableLatex, tableMarkdown, type TableColumn, type TextTable } from './tableFormats';

/** What the tables need of a run (a RunSummary has it). */
export type PaperRun = Pick<RunTables, 'tkqr' | 'ora' | 'pass1' | 'pass1_complete' | 'avg_turns' | 'avg_diff'> & {
  model: string;
  per_k: Record<string, { avg_turns: number; avg_diff: number }>;
};

export interface Table3Row {
  model: string;
  pass1_complete: number | null;
  pass1: number | null;
  /** pass1 − pass1_complete, null unless both are there. */
  delta: number | null;
  tkqr: number | null;
  ora: number | null;
}

export interface Table4 {
  /** The K values of any run, ascending, then "all" (every task of the run). */
  groups: string[];
  rows: { model: string; cells: { avg_turns: number | null; avg_diff: number | null }[] }[];
}

export const ALL_K = 'all';

/** Table 3: one row per run, in the order given. */
export function table3(runs: readonly PaperRun[]): Table3Row[] {
  return runs.map((r) => ({
    model: r.model,
    pass1_complete: r.pass1_complete,
    pass1: r.pass1,
    delta: r.pass1 === null || r.pass1_complete === null ? null : r.pass1 - r.pass1_complete,
    tkqr: r.tkqr,
    ora: r.ora,
  }));
}

/** Table 4: per run, average turns and diff for each K any run has, and over all its tasks. */
export function table4(runs: readonly PaperRun[]): Table4 {
  const ks = [...new Set(runs.flatMap((r) => Object.keys(r.per_k)))].sort((a, b) => Number(a) - Number(b));
  return {
    groups: [...ks, ALL_K],
    rows: runs.map((r) => ({
      model: r.model,
      cells: [...ks.map((k) => ({ avg_turns: r.per_k[k]?.avg_turns ?? null, avg_diff: r.per_k[k]?.avg_diff ?? null })), { avg_turns: r.avg_turns, avg_diff: r.avg_diff }],
    })),
  };
}

const table3Cells = (r: Table3Row): (string | null)[] => [fixed(r.pass1_complete, 1, 100), fixed(r.pass1, 1, 100), fixed(r.delta, 1, 100), fixed(r.tkqr, 2), fixed(r.ora, 2)];
const table4Cells = (row: Table4['rows'][number]): (string | null)[] => row.cells.flatMap((c) => [fixed(c.avg_turns, 2), fixed(c.avg_diff, 2)]);
const groupName = (g: string) => (g === ALL_K ? 'all' : `K=${g}`);

/** The cells of the tables as the page shows them ("—" for a missing figure). */
export const TABLE3_HEADERS = ['Model', 'pass@1 complete (%)', 'pass@1 interactive (%)', 'Δ (points)', 'TKQR', 'ORA'] as const;
export const table3Text = (r: Table3Row): string[] => figureText(table3Cells(r));
export const table4Text = (row: Table4['rows'][number]): string[] => figureText(table4Cells(row));

export { csvField, latexEscape };

const MODEL: TableColumn = { csv: 'model', latex: 'Model', text: 'Model' };

export function table3TextTable(rows: readonly Table3Row[]): TextTable {
  const names: [string, string, string][] = [
    ['pass1_complete_pct', 'pass@1 (complete)', TABLE3_HEADERS[1]],
    ['pass1_interactive_pct', 'pass@1 (interactive)', TABLE3_HEADERS[2]],
    ['delta_points', '$\\Delta$', TABLE3_HEADERS[3]],
    ['tkqr', 'TKQR', 'TKQR'],
    ['ora', 'ORA', 'ORA'],
  ];
  return {
    labels: [MODEL],
    figures: names.map(([csv, latex, text]) => ({ csv, latex, text })),
    rows: rows.map((r) => ({ labels: [r.model], figures: table3Cells(r) })),
  };
}

export function table4TextTable(t: Table4): TextTable {
  const groupHead = t.groups.map((g) => `\\multicolumn{2}{c}{${g === ALL_K ? 'All' : `$K=${g}$`}}`);
  const rules = t.groups.map((_g, i) => `\\cmidrule(lr){${2 + 2 * i}-${3 + 2 * i}}`).join('');
  return {
    labels: [MODEL],
    figures: t.groups.flatMap((g) => [
      { csv: `${groupName(g)}_avg_turns`, latex: 'Turns', text: `${g === ALL_K ? 'all tasks' : `K = ${g}`} turns` },
      { csv: `${groupName(g)}_avg_diff`, latex: 'Diff', text: `${g === ALL_K ? 'all tasks' : `K = ${g}`} diff` },
    ]),
    latexHead: [latexRow(['', ...groupHead]), rules],
    rows: t.rows.map((r) => ({ labels: [r.model], figures: table4Cells(r) })),
  };
}

export const table3Csv = (rows: readonly Table3Row[]): string => tableCsv(table3TextTable(rows));
export const table3Latex = (rows: readonly Table3Row[]): string => tableLatex(table3TextTable(rows));
export const table3Markdown = (rows: readonly Table3Row[]): string => tableMarkdown(table3TextTable(rows));
export const table4Csv = (t: Table4): string => tableCsv(table4TextTable(t));
export const table4Latex = (t: Table4): string => tableLatex(table4TextTable(t));
export const table4Markdown = (t: Table4): string => tableMarkdown(table4TextTable(t));
