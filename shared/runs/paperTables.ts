/**
 * The paper's Table 3 (pass@1 on the complete statement and after clarification, their Δ, TKQR,
 * ORA) and Table 4 (average turns and diff per K) over a release's stored runs, and their text
 * as CSV and as LaTeX (booktabs). Pure functions: the Runs page and tests share them.
 *
 * Cells, everywhere: pass@1 and Δ in percent with one decimal (Δ = interactive − complete, in
 * points, so a negative Δ is what clarification left unsolved); TKQR and ORA with two decimals,
 * as the paper prints them; turns and diff with two. A figure that is not there (pass@1 not
 * imported yet, no task with that K) is `null`: "--" in LaTeX (an en dash), an empty cell in
 * CSV (what spreadsheets and pandas read as missing; a dash would turn the column into text).
 */
import { csvField } from '../csv';
import type { RunTables } from './report';

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

/** A number at fixed decimals, never "-0.00"; null stays null. */
function fixed(v: number | null, digits: number, scale = 1): string | null {
  if (v === null || !Number.isFinite(v)) return null;
  const text = (v * scale).toFixed(digits);
  return /^-0\.?0*$/.test(text) ? text.slice(1) : text;
}

const table3Cells = (r: Table3Row): (string | null)[] => [fixed(r.pass1_complete, 1, 100), fixed(r.pass1, 1, 100), fixed(r.delta, 1, 100), fixed(r.tkqr, 2), fixed(r.ora, 2)];
const table4Cells = (row: Table4['rows'][number]): (string | null)[] => row.cells.flatMap((c) => [fixed(c.avg_turns, 2), fixed(c.avg_diff, 2)]);
const groupName = (g: string) => (g === ALL_K ? 'all' : `K=${g}`);

/** The cells of the tables as the page shows them ("—" for a missing figure). */
export const TABLE3_HEADERS = ['Model', 'pass@1 complete (%)', 'pass@1 interactive (%)', 'Δ (points)', 'TKQR', 'ORA'] as const;
export const table3Text = (r: Table3Row): string[] => table3Cells(r).map((c) => c ?? '—');
export const table4Text = (row: Table4['rows'][number]): string[] => table4Cells(row).map((c) => c ?? '—');

export { csvField };

const csv = (rows: readonly (readonly (string | null)[])[]): string => rows.map((r) => r.map((c) => csvField(c ?? '')).join(',')).join('\r\n') + '\r\n';

export function table3Csv(rows: readonly Table3Row[]): string {
  return csv([['model', 'pass1_complete_pct', 'pass1_interactive_pct', 'delta_points', 'tkqr', 'ora'], ...rows.map((r) => [r.model, ...table3Cells(r)])]);
}

export function table4Csv(t: Table4): string {
  const header = ['model', ...t.groups.flatMap((g) => [`${groupName(g)}_avg_turns`, `${groupName(g)}_avg_diff`])];
  return csv([header, ...t.rows.map((r) => [r.model, ...table4Cells(r)])]);
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
const latexRow = (cells: readonly string[]) => `${cells.join(' & ')} \\\\`;

export function table3Latex(rows: readonly Table3Row[]): string {
  return [
    '\\begin{tabular}{lrrrrr}',
    '\\toprule',
    latexRow(['Model', 'pass@1 (complete)', 'pass@1 (interactive)', '$\\Delta$', 'TKQR', 'ORA']),
    '\\midrule',
    ...rows.map((r) => latexRow([latexEscape(r.model), ...table3Cells(r).map(latexNumber)])),
    '\\bottomrule',
    '\\end{tabular}',
    '',
  ].join('\n');
}

export function table4Latex(t: Table4): string {
  const n = t.groups.length;
  const groupHead = t.groups.map((g) => `\\multicolumn{2}{c}{${g === ALL_K ? 'All' : `$K=${g}$`}}`);
  const rules = t.groups.map((_g, i) => `\\cmidrule(lr){${2 + 2 * i}-${3 + 2 * i}}`).join('');
  return [
    `\\begin{tabular}{l${'rr'.repeat(n)}}`,
    '\\toprule',
    latexRow(['', ...groupHead]),
    rules,
    latexRow(['Model', ...t.groups.flatMap(() => ['Turns', 'Diff'])]),
    '\\midrule',
    ...t.rows.map((r) => latexRow([latexEscape(r.model), ...table4Cells(r).map(latexNumber)])),
    '\\bottomrule',
    '\\end{tabular}',
    '',
  ].join('\n');
}
