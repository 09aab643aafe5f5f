import { useEffect, useState, type FormEvent } from 'react';
import { ApiError } from '../../api';
import { useResource } from '../../resources/useResource';
import { releases as releasesApi } from '../../../../shared/api/releases';
import { Link, navigate, useLocation } from '../../router';
import { problemHref } from '../pageLinks';
import type { ChangedTask, DiffPart } from '../../../../shared/release/diff';
import type { ReleaseRecord } from '../../../../shared/release/format';
import type { ReleaseSummary } from '../../../../shared/schemas/release';
import './ReleaseDiffPage.css';
import { TableHead } from '../../components/TableHead';
import { ErrorMessage } from '../../components/ErrorMessage';

/** Changed tasks shown at first; more on request, so a large diff stays responsive. */
const SHOWN = 50;
/** Kept text longer than this is shortened around the changes. */
const KEEP = 160;

function shorten(value: string, first: boolean, last: boolean): string {
  if (value.length <= 2 * KEEP) return value;
  if (first) return `…${value.slice(-KEEP)}`;
  if (last) return `${value.slice(0, KEEP)}…`;
  return `${value.slice(0, KEEP)} … ${value.slice(-KEEP)}`;
}

/** A word diff: removed words struck through in red, added words in green, the rest as is. */
function WordDiff({ parts }: { parts: DiffPart[] }) {
  return (
    <div className="word-diff">
      {parts.map((p, i) =>
        p.op === 'removed' ? (
          <del key={i} className="diff-removed">
            {p.value}
          </del>
        ) : p.op === 'added' ? (
          <ins key={i} className="diff-added">
            {p.value}
          </ins>
        ) : (
          <span key={i}>{shorten(p.value, i === 0, i === parts.length - 1)}</span>
        ),
      )}
    </div>
  );
}

/** A task's key questions with their answers, and the way to its problem. */
function TaskDetail({ record }: { record: ReleaseRecord }) {
  return (
    <div className="task-detail">
      <ol aria-label={`Questions of ${record.task_id}`}>
        {record.qa_pairs.map((qa, i) => (
          <li key={i}>
            <p className="task-question">{qa.question}</p>
            <p>Answer: {qa.answer}</p>
          </li>
        ))}
      </ol>
      <Link href={problemHref(record.question_id)}>Open problem {record.question_id}</Link>
    </div>
  );
}

/** One task of the list; the added ones open to their questions and answers. */
function TaskRow({ record, expandable }: { record: ReleaseRecord; expandable: boolean }) {
  const [open, setOpen] = useState(false);
  const detailId = `task-detail-${record.task_id}`;
  return (
    <>
      <tr>
        <td>
          {expandable ? (
            <button type="button" className="task-toggle" aria-expanded={open} aria-controls={open ? detailId : undefined} onClick={() => setOpen((o) => !o)}>
              {open ? '▾' : '▸'} {record.task_id}
            </button>
          ) : (
            record.task_id
          )}
        </td>
        <td>{record.question_id}</td>
        <td>{record.qa_pairs.length}</td>
        <td>{record.keywords.join(', ')}</td>
        <td className="diff-excerpt">{record.modified_content.slice(0, 140)}{record.modified_content.length > 140 ? '…' : ''}</td>
      </tr>
      {open && (
        <tr id={detailId} className="task-detail-row">
          <td colSpan={5}>
            <TaskDetail record={record} />
          </td>
        </tr>
      )}
    </>
  );
}

function TaskList({ title, records, tone }: { title: string; records: ReleaseRecord[]; tone: 'added' | 'removed' }) {
  return (
    <section className="card" aria-label={title}>
      <h2>
        {title} <span className={`badge diff-${tone}-badge`}>{records.length}</span>
      </h2>
      {records.length === 0 ? (
        <p className="muted">None.</p>
      ) : (
        <table>
          <TableHead columns={['Task', 'Problem', 'K', 'Keywords', 'Text']} />
          <tbody>
            {records.map((r) => (
              <TaskRow key={r.task_id} record={r} expandable={tone === 'added'} />
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}

function ChangedTaskCard({ task }: { task: ChangedTask }) {
  return (
    <article className="changed-task" aria-label={`Changes to ${task.task_id}`}>
      <h3>
        {task.task_id} <span className="muted">({task.question_id})</span>
      </h3>
      <p className="muted">Changed: {task.fields.join(', ')}</p>
      {task.diffs.map((d) => (
        <div key={d.field} className="field-diff">
          <div className="field-name">{d.field}</div>
          <WordDiff parts={d.parts} />
        </div>
      ))}
    </article>
  );
}

function Changed({ tasks }: { tasks: ChangedTask[] }) {
  const [shown, setShown] = useState(SHOWN);
  return (
    <section className="card" aria-label="Changed">
      <h2>
        Changed <span className="badge diff-changed-badge">{tasks.length}</span>
      </h2>
      {tasks.length === 0 && <p className="muted">None.</p>}
      {tasks.slice(0, shown).map((t) => (
        <ChangedTaskCard key={t.task_id} task={t} />
      ))}
      {tasks.length > shown && (
        <button type="button" onClick={() => setShown((n) => n + SHOWN)}>
          Show {Math.min(SHOWN, tasks.length - shown)} more of {tasks.length - shown}
        </button>
      )}
    </section>
  );
}

/** One of the two releases to compare, listed with its task count. */
function ReleaseSelect({ label, value, releases, onChange }: { label: string; value: string; releases: ReleaseSummary[] | null; onChange: (name: string) => void }) {
  return (
    <label>
      {label}
      <select value={value} onChange={(e) => onChange(e.target.value)} disabled={!releases?.length}>
        {releases?.map((r) => (
          <option key={r.name} value={r.name}>
            {r.name} ({r.manifest?.counts?.tasks ?? '?'} tasks{r.kind === 'legacy' ? ', imported' : ''})
          </option>
        ))}
      </select>
    </label>
  );
}

const diffHref = (pair: { old: string; new: string }) => `/releases/diff?old=${encodeURIComponent(pair.old)}&new=${encodeURIComponent(pair.new)}`;

/** The pair compared by default: the two newest releases (the list is newest first). */
function defaultPair(releases: readonly ReleaseSummary[]): { old: string; new: string } {
  return { old: releases[1]?.name ?? releases[0]?.name ?? '', new: releases[0]?.name ?? '' };
}

/** Compare two stored releases: tasks added, removed and changed, with coloured word diffs. */
export default function ReleaseDiffPage() {
  const location = useLocation();
  const applied = { old: location.search.get('old') ?? '', new: location.search.get('new') ?? '' };
  const listed = useResource(releasesApi.list);
  const releases = listed.data?.releases ?? null;
  const [form, setForm] = useState(applied);
  const arrivedBare = !applied.old && !applied.new;
  useEffect(() => {
    if (!releases) return;
    // Newest first: compare the previous release with the newest by default, at once when the address names no pair.
    const pair = defaultPair(releases);
    setForm((f) => ({ old: f.old || pair.old, new: f.new || pair.new }));
    if (arrivedBare && pair.old && pair.new && pair.old !== pair.new) navigate(diffHref(pair), { replace: true });
  }, [releases, arrivedBare]);
  const compared = useResource(applied.old && applied.new ? releasesApi.diff : null, { query: { old: applied.old, new: applied.new } });
  const diff = compared.error === undefined ? (compared.data ?? null) : null;
  const loading = compared.loading && applied.old !== '' && applied.new !== '';
  const failure = compared.error ?? listed.error;
  const error = failure === undefined ? null : failure instanceof ApiError ? failure.message : String(failure);


  const compare = (e: FormEvent) => {
    e.preventDefault();
    navigate(diffHref(form));
  };

  return (
    <section className="page release-diff-page">
      <h1>Release diff</h1>
      <p className="muted">Tasks are matched by task_id: what the new release adds, removes and changes relative to the old one, with a word-level diff of each changed field.</p>
      <form className="card diff-form" onSubmit={compare}>
        <ReleaseSelect label="Old release" value={form.old} releases={releases} onChange={(name) => setForm({ ...form, old: name })} />
        <ReleaseSelect label="New release" value={form.new} releases={releases} onChange={(name) => setForm({ ...form, new: name })} />
        <button type="submit" className="primary" disabled={!form.old || !form.new || loading}>
          {loading ? 'Comparing…' : 'Compare'}
        </button>
      </form>
      {releases?.length === 0 && <p className="notice">No release is stored yet: cut one on the Releases page or import one with import-release.</p>}
      <ErrorMessage>{error}</ErrorMessage>
      {diff && !loading && (
        <>
          <p className="diff-summary" role="status">
            {diff.old.name} ({diff.old.tasks} tasks) → {diff.new.name} ({diff.new.tasks} tasks): {diff.added.length} added, {diff.removed.length} removed,{' '}
            {diff.changed.length} changed, {diff.unchanged} unchanged
          </p>
          <TaskList title="Added" records={diff.added} tone="added" />
          <TaskList title="Removed" records={diff.removed} tone="removed" />
          <Changed key={`${diff.old.name}→${diff.new.name}`} tasks={diff.changed} />
        </>
      )}
    </section>
  );
}
