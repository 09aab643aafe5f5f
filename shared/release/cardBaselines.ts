/** The card's baseline results: chosen stored runs, with the figures `runs report` gives them. */
import type { RunTables } from '../runs/report';
import type { CardBaseline, CardInput } from './card';
import { sawPublicTests, WHILE_CODING_MARK } from '../runs/humanBaseline';
import { RELEASE_FILE } from './format';
import { table } from './markdown';

/** A figure as `runs report` prints it: fixed digits, a dash when undefined. */
const fixed = (v: number | null, digits: number) => (v === null ? '—' : v.toFixed(digits));

interface BaselineColumn {
  head: string;
  value: (run: RunTables) => string;
  /** Shown only when some chosen run has the figure (pass@1 exists only where it was imported). */
  whenImported?: (run: RunTables) => number | null;
}

/** The figure columns of the baseline table, in order; a figure of RunTables becomes a column with one more entry. */
export const BASELINE_COLUMNS: readonly BaselineColumn[] = [
  { head: 'TKQR', value: (r) => fixed(r.tkqr, 3) },
  { head: 'ORA', value: (r) => fixed(r.ora, 3) },
  { head: 'avg turns', value: (r) => fixed(r.avg_turns, 2) },
  { head: 'avg diff', value: (r) => fixed(r.avg_diff, 2) },
  { head: 'pass@1 complete', value: (r) => fixed(r.pass1_complete, 3), whenImported: (r) => r.pass1_complete },
  { head: 'pass@1', value: (r) => fixed(r.pass1, 3), whenImported: (r) => r.pass1 },
];

function judge({ run, judge: check }: CardBaseline): string {
  const labels =
    run.kind === 'human'
      ? `\`${run.model}\`: a pilot's run from the pilot study \`${run.human?.study ?? 'unrecorded'}\`${sawPublicTests(run) ? ", which offered the public tests while coding (RealHumanEval's condition, not the protocol's human baseline)" : ''}; hit labels as the study's live check gave them, or as a reviewer corrected them`
      : run.judge !== undefined
        ? `\`${run.model}\`: hit labels as given in its run file by the benchmark evaluator's judge, \`${run.judge}\``
        : `\`${run.model}\`: hit labels as given in its run file by the benchmark evaluator's judge (the judge model is not recorded with a run)`;
  if (!check) return `- ${labels}; it asked no clarification question, so there is no label to cross-check.`;
  const kappa = check.cohen_kappa === null ? 'undefined' : check.cohen_kappa.toFixed(3);
  return `- ${labels}; the lexical cross-check (TF-IDF similarity to the key questions, threshold ${check.threshold.toFixed(2)}) agrees on ${(check.agreement_accuracy * 100).toFixed(1)}% of its ${check.n_turns} question turns, Cohen's κ ${kappa}.`;
}

/** "### Baseline results" under More Information: one row per chosen run, its release, and the judge behind its hit labels. */
export function baselineResults({ baselines: chosen, jsonlSha256 }: CardInput): string {
  // A pilot run that saw the public tests while coding follows the protocol's runs, named as its condition.
  const baselines = [...chosen.filter(({ run }) => !sawPublicTests(run)), ...chosen.filter(({ run }) => sawPublicTests(run))];
  const columns = BASELINE_COLUMNS.filter((c) => !c.whenImported || baselines.some(({ run }) => c.whenImported!(run) !== null));
  const rows = baselines.map(({ run }) => [
    sawPublicTests(run) ? `\`${run.model}\`${WHILE_CODING_MARK}` : `\`${run.model}\``,
    ...columns.map((c) => c.value(run)),
    String(run.unfinished),
    String(run.tasks),
    `\`${run.release}\``,
  ]);
  return [
    '### Baseline results',
    '',
    `Stored runs over this release's tasks: each was made on the release named in its row, whose \`${RELEASE_FILE}\` is this release's file byte for byte (SHA-256 \`${jsonlSha256}\`). The figures are those of \`runs report\`, means over the run's tasks.`,
    '',
    table(['model', ...columns.map((c) => c.head), 'unfinished', 'tasks', 'made on release'], rows),
    '',
    'Judges:',
    '',
    ...baselines.map(judge),
  ].join('\n');
}
