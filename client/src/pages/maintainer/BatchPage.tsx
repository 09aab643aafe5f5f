import { useEffect, useState, type ReactNode } from 'react';
import { ApiError } from '../../api';
import { call } from '../../apiCall';
import { useResource } from '../../resources/useResource';
import { batches as batchesApi } from '../../../../shared/api/batches';
import { problems as problemsApi } from '../../../../shared/api/problems';
import { users } from '../../../../shared/api/users';
import type { BatchDetail, BatchPlan, KeptReason } from '../../../../shared/schemas/batches';
import type { PageProps } from '../../routes';
import { Link } from '../../router';
import { useListState } from '../../paging/listState';
import { Pager } from '../../paging/Pager';
import { ANNOTATION_STATE, PROBLEM_ADJUDICATION_STATE } from '../../stateLabels';
import { DueDate, StateCounts } from './BatchesPage';
import { problemHref } from '../pageLinks';
import { BatchEditor } from './BatchEditor';
import './backoffice.css';
import { TableHead } from '../../components/TableHead';
import { LoadError } from '../../components/ErrorMessage';
import { BackLink } from '../../components/BackLink';

const message = (err: unknown, fallback: string) => (err instanceof ApiError ? err.message : fallback);

const KEPT_LABEL: Record<KeptReason, string> = {
  'two-annotators': 'already have two annotators',
  resolved: 'have resolved gold',
  'in-adjudication': 'are back in adjudication',
  submitted: 'are submitted: submitted work is never reassigned',
  started: 'are started: the draft would be lost',
  'already-assigned': 'already have the new annotator as their other annotator',
};

const SHOWN_CHANGES = 100;

/** What a bulk action changes (counts and the list) and what it leaves alone, and why. */
function PlanView({ plan }: { plan: BatchPlan }) {
  const kept = Object.entries(plan.keptCounts) as [KeptReason, number][];
  return (
    <section className="plan" aria-label="Preview">
      <p>
        <strong>{plan.changes.length}</strong> problems change ({plan.assignments} new assignments); <strong>{plan.kept.length}</strong> kept as they are.
      </p>
      {kept.length > 0 && (
        <ul>
          {kept.map(([reason, n]) => (
            <li key={reason}>
              {n} kept: they {KEPT_LABEL[reason]}
            </li>
          ))}
        </ul>
      )}
      {plan.changes.length > 0 && (
        <table aria-label="Changes">
          <TableHead columns={['Problem', 'Leaves', 'Gets']} />
          <tbody>
            {plan.changes.slice(0, SHOWN_CHANGES).map((c) => (
              <tr key={c.questionId}>
                <td>
                  {c.title} <code className="muted">{c.questionId}</code>
                </td>
                <td>{c.remove ?? '—'}</td>
                <td>{c.add.join(', ')}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {plan.changes.length > SHOWN_CHANGES && <p className="muted">… and {plan.changes.length - SHOWN_CHANGES} more.</p>}
    </section>
  );
}

/**
 * A bulk action in two steps: preview what changes, then confirm (or cancel) exactly that.
 * `inputs` names the choices the preview was made for: changing them drops the preview.
 */
function BulkAction({ title, verb, children, ready, inputs, preview, apply }: { title: string; verb: string; children: ReactNode; ready: boolean; inputs: string; preview: () => Promise<BatchPlan>; apply: (token: string) => Promise<BatchPlan> }) {
  const [plan, setPlan] = useState<BatchPlan | null>(null);
  useEffect(() => setPlan(null), [inputs]);
  const [said, setSaid] = useState<{ kind: 'success' | 'error'; text: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const run = async (step: () => Promise<void>) => {
    setBusy(true);
    setSaid(null);
    try {
      await step();
    } catch (err) {
      setSaid({ kind: 'error', text: message(err, 'The change failed.') });
      setPlan(null);
    } finally {
      setBusy(false);
    }
  };
  return (
    <section className="card bulk-action" aria-label={title}>
      <h2>{title}</h2>
      {children}
      <div className="row">
        <button type="button" disabled={!ready || busy} onClick={() => void run(async () => setPlan(await preview()))}>
          Preview
        </button>
      </div>
      {plan && (
        <>
          <PlanView plan={plan} />
          <div className="row">
            <button
              type="button"
              className="primary"
              disabled={busy || plan.changes.length === 0}
              onClick={() =>
                void run(async () => {
                  const done = await apply(plan.token);
                  setPlan(null);
                  setSaid({ kind: 'success', text: `${verb}: ${done.changes.length} problems changed, ${done.kept.length} kept.` });
                })
              }
            >
              Confirm: change {plan.changes.length} problems
            </button>
            <button type="button" onClick={() => setPlan(null)}>
              Cancel
            </button>
          </div>
        </>
      )}
      {said && (
        <p className={said.kind} role={said.kind === 'error' ? 'alert' : 'status'}>
          {said.text}
        </p>
      )}
    </section>
  );
}

function AssignBatch({ name, annotators }: { name: string; annotators: string[] }) {
  const [chosen, setChosen] = useState<string[] | null>(null);
  const [includeResolved, setIncludeResolved] = useState(false);
  const picked = chosen ?? annotators;
  const body = { annotators: picked, includeResolved };
  return (
    <BulkAction
      title="Assign the batch"
      verb="Assigned"
      ready={picked.length >= 2}
      inputs={JSON.stringify(body)}
      preview={() => call(batchesApi.previewAssign, { params: { name }, body })}
      apply={(previewToken) => call(batchesApi.assign, { params: { name }, body: { ...body, previewToken } })}
    >
      <p className="muted">Every problem with a free slot gets two distinct annotators from these, the least loaded first.</p>
      <fieldset className="row">
        <legend>Annotators</legend>
        {annotators.map((u) => (
          <label key={u} className="inline">
            <input type="checkbox" checked={picked.includes(u)} onChange={(e) => setChosen(e.target.checked ? [...picked, u] : picked.filter((x) => x !== u))} /> {u}
          </label>
        ))}
      </fieldset>
      <label className="inline">
        <input type="checkbox" checked={includeResolved} onChange={(e) => setIncludeResolved(e.target.checked)} /> Include problems with resolved gold
      </label>
    </BulkAction>
  );
}

function ReplaceAnnotator({ name, holders, annotators }: { name: string; holders: string[]; annotators: string[] }) {
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const body = { from, to };
  return (
    <BulkAction
      title="Replace an annotator"
      verb="Replaced"
      ready={from !== '' && to !== '' && from !== to}
      inputs={JSON.stringify(body)}
      preview={() => call(batchesApi.previewReplace, { params: { name }, body })}
      apply={(previewToken) => call(batchesApi.replace, { params: { name }, body: { ...body, previewToken } })}
    >
      <p className="muted">Their problems in this batch go to another annotator, except those they have started or submitted.</p>
      <div className="row">
        <label className="inline">
          Replace
          <select value={from} onChange={(e) => setFrom(e.target.value)}>
            <option value="">—</option>
            {holders.map((u) => (
              <option key={u}>{u}</option>
            ))}
          </select>
        </label>
        <label className="inline">
          by
          <select value={to} onChange={(e) => setTo(e.target.value)}>
            <option value="">—</option>
            {annotators.map((u) => (
              <option key={u}>{u}</option>
            ))}
          </select>
        </label>
      </div>
    </BulkAction>
  );
}

function AnnotatorTable({ b }: { b: BatchDetail }) {
  if (b.annotators.length === 0) return <p className="muted">Nobody is assigned to this batch yet.</p>;
  return (
    <table aria-label="Progress per annotator">
      <TableHead columns={['Annotator', 'Assigned', ANNOTATION_STATE.todo, ANNOTATION_STATE['in-progress'], ANNOTATION_STATE.submitted, 'Overdue']} />
      <tbody>
        {b.annotators.map((a) => (
          <tr key={a.username}>
            <th scope="row">
              {a.username} {!a.active && <span className="badge inactive">deactivated</span>}
            </th>
            <td>{a.assigned}</td>
            <td>{a.todo}</td>
            <td>{a.inProgress}</td>
            <td>{a.submitted}</td>
            <td>{a.overdue > 0 ? <span className="badge overdue">{a.overdue}</span> : 0}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** The batch's problems, paged by the server like the Problems page. */
function BatchProblems({ name, overdue }: { name: string; overdue: boolean }) {
  const list = useListState();
  const loaded = useResource(problemsApi.list, { query: { ...list.apiQuery([]), batch: name } });
  const data = loaded.data ?? null;
  if (loaded.error !== undefined) return <LoadError error={loaded.error} fallback="The problems could not be loaded." />;
  if (data === null) return <p className="loading">Loading problems…</p>;
  return (
    <>
      <table aria-label="Problems of the batch">
        <TableHead columns={['Problem', 'Annotators', 'State']} />
        <tbody>
          {data.items.map((p) => (
            <tr key={p.questionId}>
              <td>
                <Link href={problemHref(p.questionId)}>{p.title}</Link> <code className="muted">{p.questionId}</code>
              </td>
              <td>{p.annotators.length === 0 ? <span className="muted">not assigned</span> : p.annotators.map((a) => `${a.username} (${ANNOTATION_STATE[a.status]})`).join(', ')}</td>
              <td>
                <span className={`badge ${p.adjudication}`}>{PROBLEM_ADJUDICATION_STATE[p.adjudication]}</span>
                {overdue && p.adjudication === 'waiting' && <span className="badge overdue">overdue</span>}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <Pager list={list} shown={data} noun="problem" label="Batch problem pages" />
    </>
  );
}

/** One batch: progress per state and per annotator, what is overdue, and the bulk actions. */
export default function BatchPage({ params }: PageProps) {
  const name = params.name ?? '';
  const loaded = useResource(batchesApi.get, { params: { name } });
  const accounts = useResource(users.list);
  const b = loaded.data ?? null;
  const annotators = (accounts.data ?? []).filter((u) => u.role === 'annotator' && u.active).map((u) => u.username);
  return (
    <section className="page backoffice">
      <BackLink href="/batches">Batches</BackLink>
      <h1>Batch {name}</h1>
      <LoadError error={loaded.error} fallback="The batch could not be loaded." />
      {b === null ? (
        loaded.error === undefined && <p className="loading">Loading the batch…</p>
      ) : (
        <>
          <div className="card">
            <p>
              Due <DueDate b={b} /> · {b.problems} problems · {b.needAnnotators} need annotators · suggestions: {b.suggestionPolicy ?? 'the global policy'}
            </p>
            <StateCounts b={b} />
            <p className="muted">
              Assignments: {b.annotations.todo} {ANNOTATION_STATE.todo}, {b.annotations['in-progress']} {ANNOTATION_STATE['in-progress']}, {b.annotations.submitted} {ANNOTATION_STATE.submitted}
            </p>
          </div>
          <BatchEditor b={b} />
          <h2>Per annotator</h2>
          <AnnotatorTable b={b} />
          <div className="bulk-actions">
            <AssignBatch name={b.name} annotators={annotators} />
            <ReplaceAnnotator name={b.name} holders={b.annotators.map((a) => a.username)} annotators={annotators} />
          </div>
          <h2>Problems</h2>
          <BatchProblems name={b.name} overdue={b.overdue} />
        </>
      )}
    </section>
  );
}
