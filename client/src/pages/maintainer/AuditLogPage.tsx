import { useEffect, useState, type FormEvent } from 'react';
import { ApiError } from '../../api';
import { useResource } from '../../resources/useResource';
import { events } from '../../../../shared/api/events';
import { navigate, useLocation } from '../../router';
import type { EventView } from '../../../../shared/schemas/events';
import './AuditLogPage.css';
import { TableHead } from '../../components/TableHead';
import { ErrorMessage } from '../../components/ErrorMessage';

const FILTERS = ['action', 'actor', 'entityType', 'entityId', 'from', 'to', 'logins'] as const;
type Filters = Record<(typeof FILTERS)[number], string>;
const PAGE_SIZE = 50;

function filtersFrom(search: URLSearchParams): Filters {
  return Object.fromEntries(FILTERS.map((f) => [f, search.get(f) ?? ''])) as Filters;
}

function queryOf(filters: Filters, page: number): Record<string, string> {
  const params: Record<string, string> = {};
  for (const f of FILTERS) if (filters[f].trim()) params[f] = filters[f].trim();
  if (page > 1) params.page = String(page);
  return params;
}

function queryString(filters: Filters, page: number): string {
  return new URLSearchParams(queryOf(filters, page)).toString();
}

/** The maintainer's view of the append-only audit log: filter, page through, inspect changes. */
export default function AuditLogPage() {
  const location = useLocation();
  const applied = filtersFrom(location.search);
  const page = Math.max(1, Number(location.search.get('page') ?? '1') || 1);
  const key = queryString(applied, page);
  const [form, setForm] = useState<Filters>(applied);
  // Logins are hidden unless asked for: the URL says logins=shown, the API is told to hide them otherwise.
  const loaded = useResource(events.list, { query: { ...queryOf(applied, page), logins: applied.logins === 'shown' ? 'shown' : 'hidden', pageSize: String(PAGE_SIZE) } });
  const data = loaded.data ?? null;
  const error = loaded.error === undefined ? null : loaded.error instanceof ApiError ? loaded.error.message : String(loaded.error);

  // Back/forward navigation changes the applied filters: show them in the form too.
  useEffect(() => setForm(filtersFrom(new URLSearchParams(window.location.search))), [key]);


  const go = (filters: Filters, toPage: number) => {
    const qs = queryString(filters, toPage);
    navigate(`/audit${qs ? `?${qs}` : ''}`);
  };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    go(form, 1);
  };
  const reset = () => {
    const empty = filtersFrom(new URLSearchParams());
    setForm(empty);
    go(empty, 1);
  };
  const field = (name: keyof Filters) => ({
    value: form[name],
    onChange: (e: { target: { value: string } }) => setForm({ ...form, [name]: e.target.value }),
  });
  const pages = data ? Math.max(1, Math.ceil(data.total / data.pageSize)) : 1;

  return (
    <section className="page audit-log">
      <h1>Audit log</h1>
      <p className="muted">Every change to accounts, problems, assignments, annotations, adjudications and releases, newest first. The log is append-only.</p>
      <form className="card audit-filters" onSubmit={submit} aria-label="Filter events">
        <label>
          Action
          <select {...field('action')}>
            <option value="">All actions</option>
            {(data?.actions ?? []).map((a) => (
              <option key={a} value={a}>
                {a}
              </option>
            ))}
          </select>
        </label>
        <label>
          Actor
          <input {...field('actor')} placeholder="username, cli or system" />
        </label>
        <label>
          Entity type
          <input {...field('entityType')} placeholder="e.g. annotation" />
        </label>
        <label>
          Entity id
          <input {...field('entityId')} placeholder="e.g. a problem id" />
        </label>
        <label>
          From
          <input type="date" {...field('from')} />
        </label>
        <label>
          To
          <input type="date" {...field('to')} />
        </label>
        <label className="audit-logins">
          <input type="checkbox" checked={form.logins === 'shown'} onChange={(e) => go({ ...form, logins: e.target.checked ? 'shown' : '' }, 1)} />
          Show logins
        </label>
        <div className="row audit-actions">
          <button type="submit" className="primary">
            Apply filters
          </button>
          <button type="button" onClick={reset}>
            Reset
          </button>
        </div>
      </form>
      <ErrorMessage>{error}</ErrorMessage>
      {data && <EventTable events={data.events} />}
      {data && (
        <nav className="row audit-pager" aria-label="Pages">
          <button type="button" disabled={page <= 1} onClick={() => go(applied, page - 1)}>
            Newer
          </button>
          <span>
            Page {Math.min(page, pages)} of {pages} · {data.total} event{data.total === 1 ? '' : 's'}
          </span>
          <button type="button" disabled={page >= pages} onClick={() => go(applied, page + 1)}>
            Older
          </button>
        </nav>
      )}
    </section>
  );
}

function EventTable({ events }: { events: EventView[] }) {
  if (events.length === 0) return <p className="notice">No events match these filters.</p>;
  return (
    <table className="audit-table">
      <TableHead columns={['When (UTC)', 'Actor', 'Action', 'Entity', 'Change']} />
      <tbody>
        {events.map((e) => (
          <tr key={e.id}>
            <td className="mono">{e.at.replace('T', ' ').replace(/\.\d+Z$/, '')}</td>
            <td>{e.actor}</td>
            <td>
              <span className="badge">{e.action}</span>
            </td>
            <td>
              <EntityLabel event={e} />
            </td>
            <td>
              <ChangeDetails event={e} />
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** What the event is about in the domain's words: the problem (and whose annotation), else the raw entity. */
function EntityLabel({ event }: { event: EventView }) {
  if (!event.problem) {
    return (
      <span className="mono">
        {event.entityType}
        {event.entityId !== null && ` ${event.entityId}`}
      </span>
    );
  }
  return (
    <span className="entity-label">
      <code>{event.problem.questionId}</code> {event.problem.title}{' '}
      <span className="muted">
        ({event.entityType}
        {event.annotator ? ` by ${event.annotator}` : ''})
      </span>
    </span>
  );
}

function ChangeDetails({ event }: { event: EventView }) {
  const parts = (['before', 'after', 'details'] as const).filter((k) => event[k] !== null && event[k] !== undefined);
  if (parts.length === 0) return <span className="muted">—</span>;
  return (
    <details>
      <summary>{parts.join(' / ')}</summary>
      {parts.map((k) => (
        <div key={k}>
          <strong>{k}</strong>
          {/* Focusable, so the keyboard can scroll a long change. */}
          <pre className="audit-json" tabIndex={0}>{JSON.stringify(event[k], null, 2)}</pre>
        </div>
      ))}
    </details>
  );
}
