import { useCallback, useState, useSyncExternalStore } from 'react';
import type { AnyEndpoint, ResponseOf } from '../../../shared/api/endpoint';
import { readUrl, urlOf, type UrlArgs } from '../apiCall';
import { EMPTY, type Snapshot } from './cache';
import { resourceCache } from './store';

const noop = () => undefined;

export interface Resource<T> extends Snapshot<T> {
  /** Load it again (a retry after an error). */
  reload: () => void;
  /** Show a write's answer in place of the loaded data. */
  set: (data: T) => void;
  /** The data shown is the previous arguments' (a new page or filter is still loading). */
  previous: boolean;
}

/**
 * Load an endpoint's data through the shared cache: components that read the same URL share one
 * request, and a write through call() reloads it. `null` as the endpoint loads nothing (yet).
 */
export function useResource<E extends AnyEndpoint & { method: 'get' }>(endpoint: E | null, args?: UrlArgs<E>): Resource<ResponseOf<E>> {
  const key = endpoint ? urlOf(endpoint, ...([args] as [UrlArgs<E>])) : null;
  const subscribe = useCallback(
    (listener: () => void) => {
      if (!endpoint || key === null) return noop;
      return resourceCache.subscribe(key, endpoint.resource, () => readUrl(endpoint, key), listener);
    },
    // The key stands for endpoint and args: a new args object with the same URL is the same resource.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [key],
  );
  const snapshot = useSyncExternalStore(subscribe, () => (key === null ? EMPTY : resourceCache.snapshot<ResponseOf<E>>(key)));
  const reload = useCallback(() => key !== null && resourceCache.reload(key), [key]);
  const set = useCallback((data: ResponseOf<E>) => key !== null && resourceCache.set(key, data), [key]);
  // A list paged or filtered anew keeps showing its last page until the new one is there.
  // (State set during render, React's pattern for information from previous renders.)
  const [last, setLast] = useState<{ key: string; data: ResponseOf<E> } | null>(null);
  if (key !== null && snapshot.data !== undefined && (last?.key !== key || last.data !== snapshot.data)) setLast({ key, data: snapshot.data });
  const previous = snapshot.data === undefined && last !== null && last.key !== key && snapshot.error === undefined;
  return { ...snapshot, data: previous ? last.data : snapshot.data, previous, reload, set };
}

/** Mark a resource's cached reads stale (after a change made some other way, e.g. an upload elsewhere). */
export function invalidate(endpoint: Pick<AnyEndpoint, 'resource'>): void {
  resourceCache.invalidate(endpoint.resource);
}
