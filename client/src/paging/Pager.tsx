import { PAGE_SIZES, type ListState } from './listState';
import './pager.css';

/** Previous/Next and page size for a server-paged table; plain buttons, so the keyboard works as everywhere. */
export function Pager({ list, total, noun, label }: { list: ListState; total: number; noun: string; label: string }) {
  const pages = Math.max(1, Math.ceil(total / list.size));
  const page = Math.min(list.page, pages);
  return (
    <nav className="row pager" aria-label={label}>
      <button type="button" disabled={page <= 1} onClick={() => list.set({ page: page - 1 })}>
        Previous
      </button>
      <span aria-live="polite">
        Page {page} of {pages} · {total} {noun}
      </span>
      <button type="button" disabled={page >= pages} onClick={() => list.set({ page: page + 1 })}>
        Next
      </button>
      <label className="inline">
        Rows per page
        <select value={list.size} onChange={(e) => list.set({ size: e.target.value })}>
          {PAGE_SIZES.map((n) => (
            <option key={n}>{n}</option>
          ))}
        </select>
      </label>
    </nav>
  );
}

/** A column header that sorts the table by `sort` (a second click reverses the order). */
export function SortHeader({ list, sort, children, fallback = 'order' }: { list: ListState; sort: string; children: string; fallback?: string }) {
  const current = list.get('sort') || fallback;
  const desc = list.get('dir') === 'desc';
  const active = current === sort;
  const next = active && !desc ? 'desc' : 'asc';
  return (
    <th scope="col" aria-sort={active ? (desc ? 'descending' : 'ascending') : undefined}>
      <button type="button" className="sort" onClick={() => list.set({ sort, dir: next === 'asc' ? '' : 'desc' })}>
        {children}
        <span aria-hidden="true">{active ? (desc ? ' ▼' : ' ▲') : ''}</span>
      </button>
    </th>
  );
}
