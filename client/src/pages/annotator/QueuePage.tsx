import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { ApiError } from '../../api';
import { useResource } from '../../resources/useResource';
import { assignments } from '../../../../shared/api/assignments';
import { Link, navigate } from '../../router';
import type { QueueItem, QueueStatus } from '../../../../shared/schemas/annotation';
import { ANNOTATION_STATE } from '../../stateLabels';
import './queue.css';
import { SkipControl } from './SkipControl';
import { GuidelinesNewsNotice } from '../guidelines/GuidelinesNews';
import { TableHead } from '../../components/TableHead';
import { ErrorMessage } from '../../components/ErrorMessage';

const STATUS_LABEL: Record<QueueStatus, string> = ANNOTATION_STATE;

export const editorHref = (questionId: string) => `/annotate/${encodeURIComponent(questionId)}`;

function Progress({ items }: { items: QueueItem[] }) {
  const done = items.filter((i) => i.status === 'submitted').length;
  const started = items.filter((i) => i.status === 'in-progress').length;
  const pct = items.length ? Math.round((done / items.length) * 100) : 0;
  return (
    <div className="queue-progress">
      <div className="progress" role="progressbar" aria-label="Submitted" aria-valuenow={done} aria-valuemin={0} aria-valuemax={items.length}>
        <span style={{ width: `${pct}%` }} />
      </div>
      <span>
        <strong>{done}</strong> of {items.length} submitted · {started} in progress · {items.length - done - started} to do
      </span>
    </div>
  );
}

/** Up/Down move between rows (across the batches' tables); Enter opens (links do that natively). */
function moveFocus(e: KeyboardEvent<HTMLElement>) {
  if (e.key !== 'ArrowDown' && e.key !== 'ArrowUp') return;
  const links = [...e.currentTarget.querySelectorAll<HTMLAnchorElement>('a.open')];
  const at = links.indexOf(document.activeElement as HTMLAnchorElement);
  const next = links[Math.max(0, Math.min(links.length - 1, at + (e.key === 'ArrowDown' ? 1 : -1)))];
  if (next) {
    e.preventDefault();
    next.focus();
  }
}

interface Group {
  /** The batch's name, or null for problems in no batch. */
  batch: string | null;
  due: string | null;
  items: QueueItem[];
}

/** The queue's problems by batch, in the server's order (the earliest due first, no batch last). */
function groupByBatch(items: readonly QueueItem[]): Group[] {
  const groups: Group[] = [];
  for (const item of items) {
    const name = item.batch?.name ?? null;
    let g = groups.find((x) => x.batch === name);
    if (!g) groups.push((g = { batch: name, due: item.batch?.due ?? null, items: [] }));
    g.items.push(item);
  }
  return groups;
}

interface Filters {
  text: string;
  status: QueueStatus | '';
  batch: string;
}

/** The batch filter's option for problems in no batch (no batch name starts with a dash). */
const NO_BATCH_OPTION = '-';

function matches(item: QueueItem, f: Filters): boolean {
  const t = f.text.trim().toLowerCase();
  if (t && !item.title.toLowerCase().includes(t) && !item.questionId.toLowerCase().includes(t)) return false;
  if (f.status && item.status !== f.status) return false;
  if (f.batch === NO_BATCH_OPTION) return item.batch === undefined;
  return f.batch === '' || item.batch?.name === f.batch;
}

function QueueFilters({ f, set, batches, shown, total }: { f: Filters; set: (patch: Partial<Filters>) => void; batches: string[]; shown: number; total: number }) {
  return (
    <div className="row list-filters">
      <label className="inline">
        Search
        <input type="search" value={f.text} onChange={(e) => set({ text: e.target.value })} placeholder="title or id" />
      </label>
      <label className="inline">
        State
        <select value={f.status} onChange={(e) => set({ status: e.target.value as QueueStatus | '' })}>
          <option value="">any</option>
          {(Object.keys(STATUS_LABEL) as QueueStatus[]).map((s) => (
            <option key={s} value={s}>
              {STATUS_LABEL[s]}
            </option>
          ))}
        </select>
      </label>
      {batches.length > 0 && (
        <label className="inline">
          Batch
          <select value={f.batch} onChange={(e) => set({ batch: e.target.value })}>
            <option value="">any</option>
            {batches.map((b) => (
              <option key={b} value={b}>
                {b}
              </option>
            ))}
            <option value={NO_BATCH_OPTION}>no batch</option>
          </select>
        </label>
      )}
      <span className="muted" aria-live="polite">
        {shown === total ? `${total} problems` : `${shown} of ${total} problems`}
      </span>
    </div>
  );
}

function GroupHeading({ group }: { group: Group }) {
  const overdue = group.items.filter((i) => i.batch?.overdue).length;
  if (group.batch === null) return <h2 className="queue-group">No batch</h2>;
  return (
    <h2 className="queue-group">
      Batch {group.batch} <span className="muted">· due {group.due}</span>
      {overdue > 0 && <span className="badge overdue">overdue: {overdue} not submitted</span>}
    </h2>
  );
}

function QueueTable({ group, next }: { group: Group; next: QueueItem | undefined }) {
  return (
    <table className="queue-table" aria-label={group.batch === null ? 'Problems in no batch' : `Batch ${group.batch}`}>
      <TableHead columns={['Problem', 'ID', 'Difficulty', 'Status']} />
      <tbody>
        {group.items.map((item) => (
          <tr key={item.questionId} onClick={(e) => !(e.target as HTMLElement).closest('a, button, dialog') && navigate(editorHref(item.questionId))}>
            <td>
              <Link className="open" href={editorHref(item.questionId)} data-next={item === next}>
                {item.title}
              </Link>
            </td>
            <td>
              <code>{item.questionId}</code>
            </td>
            <td>{item.difficulty}</td>
            <td>
              <span className={`badge ${item.status}`}>{STATUS_LABEL[item.status]}</span>
              {item.batch?.overdue && <span className="badge overdue">overdue</span>} <SkipControl item={item} />
              {item.feedback && (
                <Link className={`badge ${item.feedback === 'ready' ? 'resolved' : 'open-flag'}`} href={`/feedback/${encodeURIComponent(item.questionId)}`}>
                  {item.feedback === 'ready' ? 'feedback ready' : 'reopened: see why'}
                </Link>
              )}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** The annotator's queue: only their own assigned problems, with progress, grouped by batch, searchable and filtered. */
export default function QueuePage() {
  const queue = useResource(assignments.queue);
  const items = queue.data;
  const error = queue.error === undefined ? null : queue.error instanceof ApiError ? queue.error.message : 'The queue could not be loaded.';
  const table = useRef<HTMLDivElement>(null);
  const [filters, setFilters] = useState<Filters>({ text: '', status: '', batch: '' });

  useEffect(() => table.current?.querySelector<HTMLAnchorElement>('a.open[data-next="true"]')?.focus(), [items]);

  if (error) return <ErrorMessage>{error}</ErrorMessage>;
  if (!items) return <p className="loading">Loading your queue…</p>;
  const next = items.find((i) => i.status === 'in-progress') ?? items.find((i) => i.status === 'todo');
  const shown = items.filter((i) => matches(i, filters));
  const groups = groupByBatch(shown);
  const batches = [...new Set(items.flatMap((i) => (i.batch ? [i.batch.name] : [])))];
  const hasBatches = batches.length > 0;
  return (
    <section className="page queue">
      <div className="row">
        <h1>Your queue</h1>
        <span className="spacer" />
        {next && (
          <button type="button" className="primary" onClick={() => navigate(editorHref(next.questionId))}>
            {next.status === 'in-progress' ? 'Continue' : 'Start'}: {next.title}
          </button>
        )}
      </div>
      <GuidelinesNewsNotice />
      {items.length === 0 ? (
        <p className="card muted">No problems are assigned to you yet. A maintainer assigns them; check back later.</p>
      ) : (
        <>
          <Progress items={items} />
          <QueueFilters f={filters} set={(patch) => setFilters((prev) => ({ ...prev, ...patch }))} batches={batches} shown={shown.length} total={items.length} />
          {/* Arrow keys move through every shown row, from one batch's table to the next. */}
          <div ref={table} onKeyDown={moveFocus}>
            {groups.map((g) => (
              <div key={g.batch ?? ''} className="queue-batch">
                {hasBatches && <GroupHeading group={g} />}
                <QueueTable group={g} next={next} />
              </div>
            ))}
          </div>
          {shown.length === 0 && <p className="muted">No problems match these filters.</p>}
          <p className="muted small">
            <kbd>↑</kbd> <kbd>↓</kbd> move between problems, <kbd>Enter</kbd> opens one.
          </p>
        </>
      )}
    </section>
  );
}
