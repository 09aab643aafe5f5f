import { useState } from 'react';

/** "Showing 1–25 of 1,257": the rows on screen of how many (en-US digits, as elsewhere on the page). */
export function showingText(offset: number, shown: number, total: number): string {
  if (total === 0) return 'Showing 0 of 0';
  return `Showing ${(offset + 1).toLocaleString('en-US')}–${(offset + shown).toLocaleString('en-US')} of ${total.toLocaleString('en-US')}`;
}

/** Paging of a list already in the browser: which slice is on screen. */
export function useLocalPage(total: number, size: number) {
  const [page, setPage] = useState(0);
  const pages = Math.max(1, Math.ceil(total / size));
  const current = Math.min(page, pages - 1);
  return { offset: current * size, size, page: current, pages, setPage };
}

/** Previous/Next for a list paged in the browser, with the count of what is shown. */
export function LocalPager({ pager, total, label }: { pager: ReturnType<typeof useLocalPage>; total: number; label: string }) {
  const { offset, size, page, pages, setPage } = pager;
  if (total <= size) return null;
  return (
    <nav className="row pager local-pager" aria-label={label}>
      <button type="button" disabled={page === 0} onClick={() => setPage(page - 1)}>
        Previous
      </button>
      <span aria-live="polite">{showingText(offset, Math.min(size, total - offset), total)}</span>
      <button type="button" disabled={page >= pages - 1} onClick={() => setPage(page + 1)}>
        Next
      </button>
    </nav>
  );
}
