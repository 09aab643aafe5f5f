import { useEffect, useRef, type KeyboardEvent } from 'react';
import { ApiError } from '../../api';
import { useResource } from '../../resources/useResource';
import { assignments } from '../../../../shared/api/assignments';
import { Link, navigate } from '../../router';
import type { QueueItem, QueueStatus } from '../../../../shared/schemas/annotation';
import { ANNOTATION_STATE } from '../../stateLabels';
import './queue.css';

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

/** Up/Down move between rows; Enter opens (links do that natively). */
function moveFocus(e: KeyboardEvent<HTMLTableSectionElement>) {
  if (e.key !== 'ArrowDown' && e.key !== 'ArrowUp') return;
  const links = [...e.currentTarget.querySelectorAll<HTMLAnchorElement>('a.open')];
  const at = links.indexOf(document.activeElement as HTMLAnchorElement);
  const next = links[Math.max(0, Math.min(links.length - 1, at + (e.key === 'ArrowDown' ? 1 : -1)))];
  if (next) {
    e.preventDefault();
    next.focus();
  }
}

/** The annotator's queue: only their own assigned problems, with progress. */
export default function QueuePage() {
  const queue = useResource(assignments.queue);
  const items = queue.data;
  const error = queue.error === undefined ? null : queue.error instanceof ApiError ? queue.error.message : 'The queue could not be loaded.';
  const table = useRef<HTMLTableElement>(null);

  useEffect(() => table.current?.querySelector<HTMLAnchorElement>('a.open[data-next="true"]')?.focus(), [items]);

  if (error) return <p className="error" role="alert">{error}</p>;
  if (!items) return <p className="loading">Loading your queue…</p>;
  const next = items.find((i) => i.status === 'in-progress') ?? items.find((i) => i.status === 'todo');
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
      {items.length === 0 ? (
        <p className="card muted">No problems are assigned to you yet. A maintainer assigns them; check back later.</p>
      ) : (
        <>
          <Progress items={items} />
          <table className="queue-table" ref={table}>
            <thead>
              <tr>
                <th>Problem</th>
                <th>ID</th>
                <th>Difficulty</th>
                <th>Status</th>
              </tr>
            </thead>
            <tbody onKeyDown={moveFocus}>
              {items.map((item) => (
                <tr key={item.questionId} onClick={(e) => !(e.target as HTMLElement).closest('a') && navigate(editorHref(item.questionId))}>
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
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
          <p className="muted small">
            <kbd>↑</kbd> <kbd>↓</kbd> move between problems, <kbd>Enter</kbd> opens one.
          </p>
        </>
      )}
    </section>
  );
}
