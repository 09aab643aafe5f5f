/**
 * The paper's Figure 7 (D_K–H_h): for K = 1…3 key questions and h = 0…K, the share of the
 * model's K-point tasks in which exactly h key questions were hit, beside the number of K-point
 * tasks. Shares with two decimals, as the paper writes them (the best D2-H2 rate is 0.08); a K
 * the model has no task of has no shares.
 */
import { latexRow, fixed, type TableColumn, type TextTable } from './tableFormats';
import type { RunTables } from './report';

export const DIFFICULTY_KS = [1, 2, 3] as const;

export type DifficultyRun = Pick<RunTables, 'hits_by_k'> & { model: string };

/** One cell of the figure: D_K–H_h's share of the K-point tasks (null without any) and the counts. */
export interface DifficultyCell {
  k: number;
  h: number;
  tasks: number;
  share: number | null;
}

export function difficultyCells(run: DifficultyRun): DifficultyCell[] {
  return DIFFICULTY_KS.flatMap((k) => {
    const counts = run.hits_by_k[String(k)] ?? [];
    const tasks = counts.reduce((a, b) => a + b, 0);
    return Array.from({ length: k + 1 }, (_x, h) => ({ k, h, tasks, share: tasks === 0 ? null : (counts[h] ?? 0) / tasks }));
  });
}

export const cellName = (c: Pick<DifficultyCell, 'k' | 'h'>) => `D${c.k}-H${c.h}`;

export function difficultyTable(runs: readonly DifficultyRun[]): TextTable {
  const figures: TableColumn[] = DIFFICULTY_KS.flatMap((k) => [
    { csv: `k${k}_tasks`, latex: '$n$', text: `K = ${k} tasks` },
    ...Array.from({ length: k + 1 }, (_x, h) => ({ csv: `d${k}_h${h}`, latex: `$H_${h}$`, text: cellName({ k, h }) })),
  ]);
  let column = 2;
  const groups = DIFFICULTY_KS.map((k) => {
    const span = { k, from: column, to: column + k + 1 };
    column = span.to + 1;
    return span;
  });
  return {
    labels: [{ csv: 'model', latex: 'Model', text: 'Model' }],
    figures,
    latexHead: [latexRow(['', ...groups.map((g) => `\\multicolumn{${g.k + 2}}{c}{$D_${g.k}$}`)]), groups.map((g) => `\\cmidrule(lr){${g.from}-${g.to}}`).join('')],
    rows: runs.map((r) => {
      const cells = difficultyCells(r);
      return {
        labels: [r.model],
        figures: DIFFICULTY_KS.flatMap((k) => {
          const ofK = cells.filter((c) => c.k === k);
          return [String(ofK[0]!.tasks), ...ofK.map((c) => fixed(c.share, 2))];
        }),
      };
    }),
  };
}
