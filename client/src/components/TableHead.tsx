import { isValidElement, type ReactNode } from 'react';
import type { ListState } from '../paging/listState';
import './tableHead.css';

/** A column the table can be sorted by: `sort` is the server's sort key. */
export interface SortableColumn {
  label: string;
  sort: string;
  /** What the column holds, shown as the heading's title. */
  title?: string;
}

/** A column header: its text, a sortable column, or nothing (a column shown only sometimes). */
export type Column = ReactNode | SortableColumn;

const isSortable = (c: Column): c is SortableColumn => typeof c === 'object' && c !== null && !isValidElement(c) && 'sort' in c;

/** How a table sorts: the list state in the URL and the sort key in force when the URL names none. */
export interface Sorting {
  list: ListState;
  fallback?: string;
}

/**
 * A table's header row: one `<th scope="col">` per column, in order; `false`, `null` and
 * `undefined` leave a column out, `''` is the empty corner above a column of row headers. With
 * `sorting`, the sortable columns sort the table by their key (a second click reverses the order).
 */
export function TableHead({ columns, sorting }: { columns: readonly Column[]; sorting?: Sorting }) {
  return (
    <thead>
      <tr>
        {columns.map((c, i) => {
          if (c === false || c === null || c === undefined) return null;
          if (c === '') return <th key={i} />;
          if (isSortable(c) && sorting) return <SortHeader key={i} list={sorting.list} sort={c.sort} fallback={sorting.fallback} label={c.label} title={c.title} />;
          return (
            <th key={i} scope="col" title={isSortable(c) ? c.title : undefined}>
              {isSortable(c) ? c.label : c}
            </th>
          );
        })}
      </tr>
    </thead>
  );
}

/** A column header that sorts the table by `sort` (a second click reverses the order). */
function SortHeader({ list, sort, label, fallback = 'order', title }: { list: ListState; sort: string; label: string; fallback?: string; title?: string }) {
  const current = list.get('sort') || fallback;
  const desc = list.get('dir') === 'desc';
  const active = current === sort;
  const next = active && !desc ? 'desc' : 'asc';
  return (
    <th scope="col" aria-sort={active ? (desc ? 'descending' : 'ascending') : undefined} title={title}>
      <button type="button" className="sort" onClick={() => list.set({ sort, dir: next === 'asc' ? '' : 'desc' })}>
        {label}
        <span aria-hidden="true">{active ? (desc ? ' ▼' : ' ▲') : ''}</span>
      </button>
    </th>
  );
}
