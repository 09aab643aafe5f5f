/**
 * The paper's RQ5 error analysis: per model, over all its graded tasks, per K and per ambiguity
 * type, the share of the failing codes in each category LiveCodeBench's metadata gives (see
 * failures.ts), in percent with one decimal, beside the numbers of graded and failing codes. A
 * group without a failing code has no shares.
 */
import { AMBIGUITY_TYPES } from '../taxonomy';
import { DIFFICULTY_KS } from './paperDifficulty';
import { FAILURE_CATEGORIES, FAILURE_LABELS, type FailureTally } from './failures';
import type { RunTables } from './report';
import { fixed, latexEscape, type TextTable } from './tableFormats';

export type ErrorsRun = Pick<RunTables, 'failures'> & { model: string };

const NO_CODES: FailureTally = { graded: 0, failing: 0, categories: Object.fromEntries(FAILURE_CATEGORIES.map((c) => [c, 0])) as FailureTally['categories'] };

/** The groups of each model's rows: all tasks, each K, each type, with the tally of each. */
function groups(r: ErrorsRun): [string, FailureTally][] {
  return [
    ['all', r.failures.all],
    ...DIFFICULTY_KS.map((k): [string, FailureTally] => [`K=${k}`, r.failures.per_k[String(k)] ?? NO_CODES]),
    ...AMBIGUITY_TYPES.map((t): [string, FailureTally] => [t, r.failures.per_type[t] ?? NO_CODES]),
  ];
}

export function errorsTable(runs: readonly ErrorsRun[]): TextTable {
  return {
    labels: [
      { csv: 'model', latex: 'Model', text: 'Model' },
      { csv: 'group', latex: 'Tasks', text: 'Tasks' },
    ],
    figures: [
      { csv: 'graded', latex: 'Graded', text: 'Graded codes' },
      { csv: 'failing', latex: 'Failing', text: 'Failing codes' },
      ...FAILURE_CATEGORIES.map((c) => ({ csv: `${c}_pct`, latex: `${latexEscape(FAILURE_LABELS[c])} (\\%)`, text: `${FAILURE_LABELS[c]} (%)` })),
    ],
    rows: runs.flatMap((r) =>
      groups(r).map(([group, t]) => ({
        labels: [r.model, group],
        figures: [String(t.graded), String(t.failing), ...FAILURE_CATEGORIES.map((c) => fixed(t.failing === 0 ? null : t.categories[c] / t.failing, 1, 100))],
      })),
    ),
  };
}
