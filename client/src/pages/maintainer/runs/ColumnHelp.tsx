/** What each column of the Runs page's tables means, and what a missing figure's status chip says: one list, shown on the page and in each heading's title. */

export interface TermDefinition {
  term: string;
  /** The anchor of its entry in the page's definitions list. */
  id: string;
  definition: string;
}

const def = (term: string, id: string, definition: string): TermDefinition => ({ term, id, definition });

/** The columns' headings, as the tables write them. */
export const RUN_COLUMNS = {
  model: def('model', 'model', 'The model (or pilot, marked “human”) whose run over a release the row sums up.'),
  TKQR: def(
    'TKQR',
    'tkqr',
    'Turn-discounted key question rate: how early in the dialogue the run asked the task’s key questions (an nDCG over the hit sequence, 0 to 1; 1 = every key question asked in the first turns).',
  ),
  ORA: def('ORA', 'ora', 'Optimal round adherence: how close the number of rounds asked came to K, the number of key questions (a Gaussian on rounds − K, 0 to 1; 1 = exactly K rounds).'),
  'pass@1 complete': def('pass@1 complete', 'pass1-complete', 'Share of tasks whose code passes LiveCodeBench’s hidden tests when the model is given the complete statement.'),
  'pass@1 interactive': def('pass@1 interactive', 'pass1-interactive', 'Share of tasks whose code, written after the clarification dialogue on the underspecified text, passes the hidden tests.'),
  'Δ pass@1': def('Δ pass@1', 'pass1-delta', 'pass@1 interactive − pass@1 complete, in points: what the clarification dialogue recovers (negative: less than the complete statement gives).'),
  'avg turns': def('avg turns', 'turns', 'Mean number of turns per task (each question asked is one turn, the final code another).'),
  'avg diff': def('avg diff', 'diff', 'Mean of rounds asked − K per task: positive asks too many questions, negative too few.'),
  unfinished: def('unfinished', 'unfinished', 'Tasks the run did not finish (no final code); they count in every mean.'),
  tasks: def('tasks', 'tasks', 'Tasks the run (or the row’s group) covers.'),
  'time per task': def('time per task', 'time-per-task', 'Pilots only: mean time from opening a task to submitting it.'),
  'time to first question': def('time to first question', 'time-to-first-question', 'Pilots only: mean time from opening a task to the first question asked.'),
  'public tests at submit (examples, not pass@1)': def(
    'public tests at submit (examples, not pass@1)',
    'public-tests',
    'Pilots only: share of the statement’s example tests the submitted code passed; the examples, not the hidden tests of pass@1.',
  ),
  release: def('release', 'release', 'The release the run was made on, with the start of its JSONL’s SHA-256: figures are only comparable within one release.'),
  judge: def('judge', 'judge', 'Which judge labelled the run’s hits (which asked questions count as a key question).'),
  task: def('task', 'task', 'The release task (a problem with a subset of its gold points); its link opens the task’s dialogues.'),
  K: def('K', 'k', 'The number of key questions of a task (its gold points), 1 to 3.'),
  types: def('types', 'types', 'The ambiguity types of the task’s key questions.'),
  'key questions hit': def('key questions hit', 'hits', 'How many of the task’s key questions the run asked.'),
  turns: def('turns', 'task-turns', 'The task’s turns in this run.'),
  diff: def('diff', 'task-diff', 'Rounds asked − K for this task.'),
  type: def('type', 'type', 'An ambiguity type of the taxonomy; “unattributed” holds key questions whose type could not be found.'),
  'key questions': def('key questions', 'key-questions', 'Per type: how many key questions of that type the release’s tasks hold.'),
  'hit rate': def('hit rate', 'hit-rate', 'Per type: share of the type’s key questions the run asked.'),
} as const satisfies Record<string, TermDefinition>;
export type RunColumn = keyof typeof RUN_COLUMNS;

/** The statuses a cell shows in place of a figure. */
export const RUN_STATUSES = {
  notImported: def(
    'not imported',
    'status-not-imported',
    'pass@1 comes from grading the run’s codes with LiveCodeBench, outside this app, and is imported afterwards (docs/runs.md, “pass@1 through LiveCodeBench”). Until then the cell shows this chip; TKQR and ORA do not depend on it.',
  ),
  needsBoth: def('needs both', 'status-needs-both', 'Δ pass@1 needs pass@1 both on the complete statements and after clarification; one of them is not imported yet.'),
} as const satisfies Record<string, TermDefinition>;
export type RunStatus = keyof typeof RUN_STATUSES;

const anchor = (d: TermDefinition) => `runs-help-${d.id}`;
const HELP_ID = 'runs-help';

/** Unfolds the help before the link's own navigation scrolls to its entry (a folded entry has no place to scroll to). */
function openHelp() {
  const help = document.getElementById(HELP_ID);
  if (help instanceof HTMLDetailsElement) help.open = true;
}

/** A column heading with its definition in a title (the full list is under the tables). */
export function Term({ column }: { column: RunColumn }) {
  const d = RUN_COLUMNS[column];
  return (
    <abbr title={d.definition} className="term">
      {d.term}
    </abbr>
  );
}

/** A missing figure: a chip naming why, with a link to its entry in the page's help. */
export function StatusChip({ status, what }: { status: RunStatus; what: string }) {
  const d = RUN_STATUSES[status];
  return (
    <span className="status-cell">
      <span className="status-chip">{d.term}</span>{' '}
      <a className="help-link" href={`#${anchor(d)}`} title={d.definition} onClick={openHelp}>
        ?<span className="sr-only"> Why {what} is missing: {d.term}</span>
      </a>
    </span>
  );
}

/** Every column and status of the Runs page's tables, defined: folded under the tables, unfolded by a status chip's help link. */
export function RunsHelp() {
  const entries = (defs: readonly TermDefinition[]) =>
    defs.map((d) => (
      <div key={d.id} id={anchor(d)} className="help-entry" tabIndex={-1}>
        <dt>{d.term}</dt>
        <dd>{d.definition}</dd>
      </div>
    ));
  return (
    <details id={HELP_ID} className="card runs-help">
      <summary>
        <h2>What the columns mean</h2>
      </summary>
      <dl className="column-definitions">{entries(Object.values(RUN_COLUMNS))}</dl>
      <h3>When a figure is missing</h3>
      <dl className="status-definitions">{entries(Object.values(RUN_STATUSES))}</dl>
    </details>
  );
}
