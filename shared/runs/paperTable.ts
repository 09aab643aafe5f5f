/**
 * Every table of the paper by name, in every text format: the one function the Runs page's
 * downloads, `GET /api/runs/tables/:table` and `runs tables` all call, so they give the same bytes.
 */
import { z } from 'zod';
import { difficultyTable, type DifficultyRun } from './paperDifficulty';
import { errorsTable, type ErrorsRun } from './paperErrors';
import { table3, table3TextTable, table4, table4TextTable, type PaperRun } from './paperTables';
import { typesTable, type TypesRun } from './paperTypes';
import { tableCsv, tableLatex, tableMarkdown, type TextTable } from './tableFormats';

export const PAPER_TABLES = ['3', '4', 'types', 'difficulty', 'errors'] as const;
export type PaperTableName = (typeof PAPER_TABLES)[number];
export const TABLE_FORMATS = ['csv', 'latex', 'markdown'] as const;
export type TableFormat = (typeof TABLE_FORMATS)[number];

export const PAPER_TABLE_TITLES: Record<PaperTableName, string> = {
  '3': 'Table 3: pass@1 and clarification',
  '4': 'Table 4: average turns and diff per K',
  types: 'Per ambiguity type (RQ2): hit rate, TKQR, ORA, pass@1',
  difficulty: 'Figure 7 (RQ3): key questions hit per K (D_K–H_h)',
  errors: 'Errors of the failing codes (RQ5)',
};

/** A run with every figure the tables read (a RunSummary). */
export type PaperTableRun = PaperRun & TypesRun & DifficultyRun & ErrorsRun;

const one = (values: readonly string[]) => values.map((v) => `"${v}"`).join(', ');
export const paperTableParams = z.object({
  table: z.enum(PAPER_TABLES, { message: `must be one of ${one(PAPER_TABLES)}` }),
});
export const paperTableQuery = z.object({
  format: z.enum(TABLE_FORMATS, { message: `must be one of ${one(TABLE_FORMATS)}` }),
  release: z.string().trim().min(1, 'name a stored release').max(200).optional(),
});

export function paperTable(table: PaperTableName, runs: readonly PaperTableRun[]): TextTable {
  switch (table) {
    case '3':
      return table3TextTable(table3(runs));
    case '4':
      return table4TextTable(table4(runs));
    case 'types':
      return typesTable(runs);
    case 'difficulty':
      return difficultyTable(runs);
    case 'errors':
      return errorsTable(runs);
  }
}

const RENDER: Record<TableFormat, (t: TextTable) => string> = { csv: tableCsv, latex: tableLatex, markdown: tableMarkdown };

export const paperTableText = (table: PaperTableName, format: TableFormat, runs: readonly PaperTableRun[]): string => RENDER[format](paperTable(table, runs));

const EXTENSIONS: Record<TableFormat, string> = { csv: 'csv', latex: 'tex', markdown: 'md' };
export const MEDIA_TYPES: Record<TableFormat, string> = { csv: 'text/csv', latex: 'application/x-tex', markdown: 'text/markdown' };

/** The file a download of the table is saved as: `table-<name>-<release>.<ext>`, the release made safe for a file name. */
export const paperTableFileName = (table: PaperTableName, format: TableFormat, release: string): string =>
  `table${/^\d/.test(table) ? '' : '-'}${table}-${release.replace(/[^A-Za-z0-9._-]+/g, '_')}.${EXTENSIONS[format]}`;

/** A release some runs are about. */
export interface RunRelease {
  sha: string;
  name: string;
  runs: number;
}

/** The releases the runs are about, the one with most runs first (the tables' default). */
export function releasesOf(runs: readonly { release: string; release_sha256: string }[]): RunRelease[] {
  const bySha = new Map<string, RunRelease>();
  for (const r of runs) {
    const e = bySha.get(r.release_sha256) ?? { sha: r.release_sha256, name: r.release, runs: 0 };
    e.runs += 1;
    bySha.set(r.release_sha256, e);
  }
  return [...bySha.values()].sort((a, b) => b.runs - a.runs);
}
