import { useEffect } from 'react';
import { plural } from '../../../shared/plural';
import { PAGE_SIZES, type ListState } from './listState';
import './pager.css';

/** The rows a server answered: which of how many. */
export interface ShownRows {
  total: number;
  offset: number;
  limit: number;
}

/**
 * Previous/Next and page size for a server-paged table; plain buttons, so the keyboard works as
 * everywhere. It tells the page the rows on screen belong to (from the answer, not the URL), so
 * it never runs ahead of the table while the next page loads.
 */
export function Pager({ list, shown, noun, label }: { list: ListState; shown: ShownRows; /** What a row is, singular ("problem"): "1 problem", "30 problems". */ noun: string; label: string }) {
  const { total } = shown;
  const pageCount = (size: number) => Math.max(1, Math.ceil(total / Math.max(1, size)));
  const pages = pageCount(list.size);
  const shownPages = pageCount(shown.limit);
  const shownPage = Math.min(Math.floor(shown.offset / Math.max(1, shown.limit)) + 1, shownPages);
  // A shared link or a shrunken list can point past the end: show the last page instead.
  const pastEnd = list.page > pages;
  useEffect(() => {
    if (pastEnd) list.set({ page: pages }, { replace: true });
  }, [pastEnd, pages, list]);
  return (
    <nav className="row pager" aria-label={label}>
      <button type="button" disabled={list.page <= 1} onClick={() => list.set({ page: Math.min(list.page, pages) - 1 })}>
        Previous
      </button>
      <span aria-live="polite">
        Page {shownPage} of {shownPages} · {plural(total, noun)}
      </span>
      <button type="button" disabled={list.page >= pages} onClick={() => list.set({ page: list.page + 1 })}>
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
