import { useEffect, useState } from 'react';
import { ApiError } from '../../api';
import { call } from '../../apiCall';
import { useResource } from '../../resources/useResource';
import { assignments } from '../../../../shared/api/assignments';
import { problems as problemsApi } from '../../../../shared/api/problems';
import { users } from '../../../../shared/api/users';
import type { AnnotatorWorkload, AutoAssignPreview, ProblemListItem } from '../../../../shared/schemas/backoffice';
import { ConfirmDialog } from '../../ConfirmDialog';
import { useDebouncedFilter, useListState } from '../../paging/listState';
import { Pager } from '../../paging/Pager';
import { ANNOTATION_LABEL } from './ProblemsPage';
import './backoffice.css';
import { TableHead } from '../../components/TableHead';
import { plural } from '../../../../shared/plural';

type Notice = { kind: 'success' | 'error'; text: string } | null;
const message = (err: unknown, fallback: string) => (err instanceof ApiError ? err.message : fallback);
const pct = (n: number, total: number) => `${total ? (n / total) * 100 : 0}%`;

/** Problems auto-assignment leaves out, in words: " 3 problems with resolved gold left out." */
function skippedText(r: { skippedResolved?: number; skippedInAdjudication?: number }): string {
  const back = r.skippedInAdjudication ? ` ${plural(r.skippedInAdjudication, 'problem')} back in adjudication left out.` : '';
  return (r.skippedResolved ? ` ${plural(r.skippedResolved, 'problem')} with resolved gold left out.` : '') + back;
}

/** The confirmation before auto-assigning: how many assignments, to whom. */
function AutoAssignConfirm({ preview, busy, onConfirm, onCancel }: { preview: AutoAssignPreview; busy: boolean; onConfirm: () => void; onCancel: () => void }) {
  return (
    <ConfirmDialog title="Auto-assign?" confirmLabel={`Make ${plural(preview.assignments, 'assignment')}`} busy={busy} onConfirm={onConfirm} onCancel={onCancel}>
      <p data-testid="auto-assign-summary">
        {plural(preview.assignments, 'new assignment')} for {plural(preview.problems, 'problem')}.{skippedText(preview)}
      </p>
      <ul aria-label="New assignments by annotator">
        {preview.byAnnotator.map((a) => (
          <li key={a.username}>
            {a.username}: {a.assignments}
          </li>
        ))}
      </ul>
      <p className="muted">An annotator who starts a problem keeps it: assignments are undone by hand, one problem at a time, only before work starts.</p>
    </ConfirmDialog>
  );
}

function Workload({ w }: { w: AnnotatorWorkload }) {
  return (
    <div className="card workload">
      <h3>
        {w.username} {!w.active && <span className="badge inactive">deactivated</span>}
      </h3>
      <div className="stacked" role="progressbar" aria-label={`Submitted by ${w.username}`} aria-valuemin={0} aria-valuemax={w.assigned} aria-valuenow={w.submitted}>
        <span className="submitted" style={{ width: pct(w.submitted, w.assigned) }} />
        <span className="in-progress" style={{ width: pct(w.inProgress, w.assigned) }} />
      </div>
      <p className="muted">
        {w.assigned} assigned · {w.todo} to do · {w.inProgress} in progress · {w.submitted} submitted
      </p>
    </div>
  );
}

/** Why a slot cannot change: its annotator has started (the server refuses to remove them, 409). */
function lockReason(problem: ProblemListItem, slot: 0 | 1): string | null {
  const holder = problem.annotators[slot];
  if (!holder || holder.status === 'todo') return null;
  return `${holder.username} has ${holder.status === 'submitted' ? 'submitted' : 'started'} this problem (${ANNOTATION_LABEL[holder.status]}); their work would be lost, so they stay assigned.`;
}

function AssignRow({ problem, annotators, onSave }: { problem: ProblemListItem; annotators: string[]; onSave: (pair: [string, string]) => Promise<boolean> }) {
  const a = problem.annotators[0]?.username ?? '';
  const b = problem.annotators[1]?.username ?? '';
  const [pair, setPair] = useState<[string, string]>([a, b]);
  useEffect(() => setPair([a, b]), [a, b]);
  // A rejected change rolls the controls back to what the server holds.
  const save = async () => {
    if (!(await onSave(pair))) setPair([a, b]);
  };
  const changed = pair[0] !== a || pair[1] !== b;
  const valid = pair[0] !== '' && pair[1] !== '' && pair[0] !== pair[1];
  // A deactivated annotator still holding the problem stays selectable so the row shows the truth.
  const options = (value: string) => (value && !annotators.includes(value) ? [value, ...annotators] : annotators);
  const select = (slot: 0 | 1, label: string) => {
    const locked = lockReason(problem, slot);
    return (
    <select aria-label={`${label} for ${problem.questionId}`} value={pair[slot]} disabled={locked !== null} title={locked ?? undefined} onChange={(e) => setPair(slot === 0 ? [e.target.value, pair[1]] : [pair[0], e.target.value])}>
      <option value="">—</option>
      {options(pair[slot]).map((name) => (
        <option key={name}>{name}</option>
      ))}
    </select>
    );
  };
  return (
    <tr className="assign-row">
      <td>
        {problem.title} <code className="muted">{problem.questionId}</code>
      </td>
      <td>
        <div className="row">
          {select(0, 'Annotator A')}
          {select(1, 'Annotator B')}
          <button type="button" disabled={!changed || !valid} onClick={() => void save()} aria-label={`Save annotators for ${problem.questionId}`}>
            Save
          </button>
          {changed && pair[0] !== '' && pair[0] === pair[1] && <span className="warning">choose two different annotators</span>}
        </div>
      </td>
      <td>
        {problem.annotators.map((x) => (
          <span key={x.username}>
            <span className={`badge ${x.status}`}>
              {x.username}: {ANNOTATION_LABEL[x.status]}
            </span>
            {x.skipped !== undefined && (
              <span className="badge skipped" data-testid="skip-reason">
                skipped: “{x.skipped}”
              </span>
            )}
          </span>
        ))}
      </td>
    </tr>
  );
}

const LIST_PARAMS = ['q', 'assigned', 'skipped'] as const;

/** Who works on what: per-annotator progress, auto-assignment and reassignment by hand. */
export default function AssignmentsPage() {
  const list = useListState();
  const [text, setText] = useDebouncedFilter(list, 'q');
  const [said, setNotice] = useState<Notice>(null);
  const [busy, setBusy] = useState(false);
  const [preview, setPreview] = useState<AutoAssignPreview | null>(null);
  // Problems that already have resolved gold (e.g. a legacy release) need no annotators: left out by default, as in the CLI.
  const [includeResolved, setIncludeResolved] = useState(false);

  const query = list.apiQuery(LIST_PARAMS);
  const overview = useResource(assignments.overview);
  const listed = useResource(problemsApi.list, { query });
  const accounts = useResource(users.list);
  const workloads = overview.data ?? null;
  const problems = listed.data ?? null;
  const annotators = (accounts.data ?? []).filter((x) => x.role === 'annotator' && x.active).map((x) => x.username);
  const failed = overview.error ?? listed.error ?? accounts.error;
  const notice: Notice = said ?? (failed === undefined ? null : { kind: 'error', text: message(failed, 'The assignments could not be loaded.') });

  /** First what it would do (nothing to do: said at once), then the confirmation. */
  async function askAutoAssign() {
    setBusy(true);
    try {
      const p = await call(assignments.autoPreview, { query: { includeResolved: includeResolved ? 'true' : 'false' } });
      if (p.assignments === 0) setNotice({ kind: 'success', text: `Every open problem already has two annotators.${skippedText(p)}` });
      else setPreview(p);
    } catch (err) {
      setNotice({ kind: 'error', text: message(err, 'Auto-assignment failed.') });
    } finally {
      setBusy(false);
    }
  }

  async function autoAssign() {
    setBusy(true);
    try {
      const r = await call(assignments.auto, { body: { includeResolved } });
      setNotice({ kind: 'success', text: (r.problems === 0 ? 'Every open problem already has two annotators.' : `Assigned ${r.problems} problems (${r.assignments} new assignments).`) + skippedText(r) });
    } catch (err) {
      setNotice({ kind: 'error', text: message(err, 'Auto-assignment failed.') });
    } finally {
      setBusy(false);
      setPreview(null);
    }
  }

  async function save(questionId: string, pair: [string, string]): Promise<boolean> {
    try {
      await call(assignments.set, { params: { questionId }, body: { annotators: pair } });
      setNotice({ kind: 'success', text: `${questionId} is now assigned to ${pair[0]} and ${pair[1]}.` });
      return true;
    } catch (err) {
      setNotice({ kind: 'error', text: message(err, 'The assignment could not be saved.') });
      // what the server holds may have moved on (an annotator started meanwhile): show it
      listed.reload();
      overview.reload();
      return false;
    }
  }

  const open = problems?.needAnnotators ?? 0;
  return (
    <section className="page backoffice">
      <div className="row">
        <h1>Assignments</h1>
        <span className="spacer" />
        <span className="muted">{open === 0 ? 'Every problem has two annotators.' : `${open} problem${open === 1 ? '' : 's'} need annotators.`}</span>
        <label className="inline">
          <input type="checkbox" checked={includeResolved} onChange={(e) => setIncludeResolved(e.target.checked)} /> Include problems with resolved gold
        </label>
        <button type="button" className="primary" onClick={() => void askAutoAssign()} disabled={busy}>
          Auto-assign…
        </button>
      </div>
      {preview && <AutoAssignConfirm preview={preview} busy={busy} onConfirm={() => void autoAssign()} onCancel={() => setPreview(null)} />}
      {notice && (
        <p className={notice.kind} role={notice.kind === 'error' ? 'alert' : 'status'}>
          {notice.text}
        </p>
      )}
      {workloads === null || problems === null ? (
        <p className="loading">Loading assignments…</p>
      ) : (
        <>
          <div className="workloads">
            {workloads.map((w) => (
              <Workload key={w.username} w={w} />
            ))}
          </div>
          <div className="row list-filters">
            <label className="inline">
              Filter
              <input type="search" value={text} onChange={(e) => setText(e.target.value)} placeholder="id, title, difficulty, annotator" />
            </label>
            <label className="inline">
              Show
              {/* Skipped is its own query parameter (skipped=yes): the problems to reassign. */}
              <select
                value={list.get('skipped') === 'yes' ? 'skipped' : list.get('assigned')}
                onChange={(e) => list.set(e.target.value === 'skipped' ? { assigned: '', skipped: 'yes' } : { assigned: e.target.value, skipped: '' })}
              >
                <option value="">all problems</option>
                <option value="open">needing annotators</option>
                <option value="full">with two annotators</option>
                <option value="skipped">skipped by an annotator</option>
              </select>
            </label>
          </div>
          <table aria-label="Assignments by problem">
            <TableHead columns={['Problem', 'Annotators', 'Progress']} />
            <tbody>
              {problems.items.map((p) => (
                <AssignRow key={p.questionId} problem={p} annotators={annotators} onSave={(pair) => save(p.questionId, pair)} />
              ))}
            </tbody>
          </table>
          {problems.items.length === 0 && <p className="muted">No problems match these filters.</p>}
          <Pager list={list} shown={problems} noun="problem" label="Assignment pages" />
        </>
      )}
    </section>
  );
}
