import { useState, type FormEvent } from 'react';
import { ApiError } from '../../api';
import { call } from '../../apiCall';
import { useResource } from '../../resources/useResource';
import { batches as batchesApi } from '../../../../shared/api/batches';
import { Link } from '../../router';
import { ADJUDICATION_PROGRESS, NO_BATCH } from '../../../../shared/schemas/backoffice';
import { SUGGESTION_POLICIES, type BatchSummary, type CreateBatchBody } from '../../../../shared/schemas/batches';
import { PROBLEM_ADJUDICATION_STATE } from '../../stateLabels';
import { ProblemStateFilters } from './ProblemFilterFields';
import './backoffice.css';
import { TableHead } from '../../components/TableHead';
import { ErrorMessage } from '../../components/ErrorMessage';

export const batchHref = (name: string) => `/batches/${encodeURIComponent(name)}`;

/** The batch's problems per state, in the back office's words. */
export function StateCounts({ b }: { b: BatchSummary }) {
  return (
    <ul className="plain state-counts">
      {ADJUDICATION_PROGRESS.filter((s) => b.states[s] > 0).map((s) => (
        <li key={s}>
          <span className={`badge ${s}`}>{PROBLEM_ADJUDICATION_STATE[s]}</span> {b.states[s]}
        </li>
      ))}
    </ul>
  );
}

export function DueDate({ b }: { b: BatchSummary }) {
  return (
    <>
      {b.due} {b.overdue && <span className="badge overdue">overdue: {b.overdueProblems} problems</span>}
    </>
  );
}

interface Fields {
  name: string;
  due: string;
  by: 'list' | 'filter';
  ids: string;
  q: string;
  difficulty: string;
  adjudication: string;
  assigned: string;
  unbatched: boolean;
  policy: string;
}

function requestOf(f: Fields): CreateBatchBody {
  const base = { name: f.name, due: f.due, suggestionPolicy: f.policy === '' ? null : (f.policy as CreateBatchBody['suggestionPolicy']) };
  if (f.by === 'list') return { ...base, problems: f.ids.split(/[\s,]+/).filter(Boolean) };
  const filter: NonNullable<CreateBatchBody['filter']> = { q: f.q };
  if (f.difficulty) filter.difficulty = f.difficulty as NonNullable<typeof filter.difficulty>;
  if (f.adjudication) filter.adjudication = f.adjudication as NonNullable<typeof filter.adjudication>;
  if (f.assigned) filter.assigned = f.assigned as NonNullable<typeof filter.assigned>;
  if (f.unbatched) filter.batch = NO_BATCH;
  return { ...base, filter };
}

/** Create a batch: name, due date, and its problems by question ids or by the Problems page's filters. */
function CreateBatchForm({ onCreated }: { onCreated: (b: BatchSummary) => void }) {
  const [f, setF] = useState<Fields>({ name: '', due: '', by: 'list', ids: '', q: '', difficulty: '', adjudication: '', assigned: '', unbatched: true, policy: '' });
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const set = (patch: Partial<Fields>) => setF((prev) => ({ ...prev, ...patch }));
  async function submit(e: FormEvent) {
    e.preventDefault();
    setBusy(true);
    setError(null);
    try {
      onCreated(await call(batchesApi.create, { body: requestOf(f) }));
      set({ name: '', ids: '' });
    } catch (err) {
      setError(err instanceof ApiError ? err.message : 'The batch could not be created.');
    } finally {
      setBusy(false);
    }
  }
  return (
    <form className="card batch-form" onSubmit={(e) => void submit(e)} aria-label="New batch">
      <h2>New batch</h2>
      <div className="row">
        <label className="field">
          Name
          <input value={f.name} onChange={(e) => set({ name: e.target.value })} required />
        </label>
        <label className="field">
          Due date
          <input type="date" value={f.due} onChange={(e) => set({ due: e.target.value })} required />
        </label>
        <label className="field">
          Suggestions
          <select value={f.policy} onChange={(e) => set({ policy: e.target.value })}>
            <option value="">the global policy</option>
            {SUGGESTION_POLICIES.map((p) => (
              <option key={p}>{p}</option>
            ))}
          </select>
        </label>
      </div>
      <fieldset className="row">
        <legend>Problems</legend>
        <label className="inline">
          <input type="radio" name="by" checked={f.by === 'list'} onChange={() => set({ by: 'list' })} /> by question ids
        </label>
        <label className="inline">
          <input type="radio" name="by" checked={f.by === 'filter'} onChange={() => set({ by: 'filter' })} /> by the Problems page&apos;s filter
        </label>
      </fieldset>
      {f.by === 'list' ? (
        <label className="field">
          Question ids (commas, spaces or lines between them)
          <textarea rows={3} value={f.ids} onChange={(e) => set({ ids: e.target.value })} />
        </label>
      ) : (
        <div className="row list-filters">
          <label className="inline">
            Filter
            <input type="search" value={f.q} onChange={(e) => set({ q: e.target.value })} placeholder="id, title, difficulty, annotator" />
          </label>
          <ProblemStateFilters difficulty={f.difficulty} adjudication={f.adjudication} set={set} />
          <label className="inline">
            Show
            <select value={f.assigned} onChange={(e) => set({ assigned: e.target.value })}>
              <option value="">all problems</option>
              <option value="open">needing annotators</option>
              <option value="full">with two annotators</option>
            </select>
          </label>
          <label className="inline">
            <input type="checkbox" checked={f.unbatched} onChange={(e) => set({ unbatched: e.target.checked })} /> only problems in no batch
          </label>
        </div>
      )}
      <ErrorMessage>{error}</ErrorMessage>
      <div className="row">
        <button type="submit" className="primary" disabled={busy}>
          Create batch
        </button>
      </div>
    </form>
  );
}

/** Batches: units of work with a due date, their progress, and a form for a new one. */
export default function BatchesPage() {
  const loaded = useResource(batchesApi.list);
  const list = loaded.data ?? null;
  const error = loaded.error === undefined ? null : loaded.error instanceof ApiError ? loaded.error.message : 'The batches could not be loaded.';
  const [created, setCreated] = useState<BatchSummary | null>(null);
  return (
    <section className="page backoffice">
      <h1>Batches</h1>
      <ErrorMessage>{error}</ErrorMessage>
      {created && (
        <p className="success" role="status">
          Created batch <Link href={batchHref(created.name)}>{created.name}</Link> with {created.problems} problems, due {created.due}.
        </p>
      )}
      {list === null ? (
        !error && <p className="loading">Loading batches…</p>
      ) : list.length === 0 ? (
        <p className="card muted">No batches yet. Create one below.</p>
      ) : (
        <table aria-label="Batches">
          <TableHead columns={['Batch', 'Due', 'Problems', 'Progress', 'Need annotators']} />
          <tbody>
            {list.map((b) => (
              <tr key={b.name}>
                <th scope="row">
                  <Link href={batchHref(b.name)}>{b.name}</Link>
                </th>
                <td>
                  <DueDate b={b} />
                </td>
                <td>{b.problems}</td>
                <td>
                  <StateCounts b={b} />
                </td>
                <td>{b.needAnnotators}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <CreateBatchForm onCreated={setCreated} />
    </section>
  );
}
