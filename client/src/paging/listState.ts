import { useEffect, useRef, useState } from 'react';
import { navigate, useLocation } from '../router';

export const PAGE_SIZES = [25, 50, 100, 200] as const;
export const DEFAULT_PAGE_SIZE = 50;
/** Typing in a filter waits this long after the last keystroke before asking the server. */
export const FILTER_DEBOUNCE_MS = 250;

export interface ListState {
  /** 1-based page from the URL. */
  page: number;
  size: number;
  /** Every other URL parameter (sort, dir, filters), '' when absent. */
  get: (name: string) => string;
  /** Change parameters; any change other than the page itself goes back to page 1. Empty values leave the URL. */
  set: (changes: Record<string, string | number>, options?: { replace?: boolean }) => void;
  /** The API query for this page: the URL's parameters with page/size turned into limit/offset. */
  apiQuery: (names: readonly string[]) => Record<string, string>;
}

/** A paged list whose page, page size, sort and filters live in the URL, so a view can be shared and restored. */
export function useListState(defaultSize: number = DEFAULT_PAGE_SIZE): ListState {
  const { pathname, search } = useLocation();
  const page = Math.max(1, Math.floor(Number(search.get('page') ?? '1')) || 1);
  const sizeParam = Number(search.get('size') ?? defaultSize);
  const size = (PAGE_SIZES as readonly number[]).includes(sizeParam) ? sizeParam : defaultSize;
  const get = (name: string) => search.get(name) ?? '';
  const set = (changes: Record<string, string | number>, options: { replace?: boolean } = {}) => {
    const next = new URLSearchParams(window.location.search);
    if (!('page' in changes)) next.delete('page');
    for (const [k, v] of Object.entries(changes)) {
      const value = String(v);
      const isDefault = value === '' || (k === 'page' && value === '1') || (k === 'size' && value === String(defaultSize));
      if (isDefault) next.delete(k);
      else next.set(k, value);
    }
    const qs = next.toString();
    navigate(`${pathname}${qs ? `?${qs}` : ''}`, options);
  };
  const apiQuery = (names: readonly string[]) => {
    const q: Record<string, string> = { limit: String(size), offset: String((page - 1) * size) };
    for (const n of names) if (get(n)) q[n] = get(n);
    return q;
  };
  return { page, size, get, set, apiQuery };
}

/** A text filter typed locally and written to the URL parameter `name` after a pause in typing. */
export function useDebouncedFilter(list: ListState, name: string): [string, (value: string) => void] {
  const applied = list.get(name);
  const [text, setText] = useState(applied);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  // Back/forward or a shared link changes the URL: show what it says.
  useEffect(() => {
    if (timer.current === null) setText(applied);
  }, [applied]);
  useEffect(() => () => (timer.current === null ? undefined : clearTimeout(timer.current)), []);
  const change = (value: string) => {
    setText(value);
    if (timer.current !== null) clearTimeout(timer.current);
    timer.current = setTimeout(() => {
      timer.current = null;
      list.set({ [name]: value.trim() }, { replace: true });
    }, FILTER_DEBOUNCE_MS);
  };
  return [text, change];
}
