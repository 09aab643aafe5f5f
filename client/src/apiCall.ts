import type { AnyEndpoint, BodyInput, ParamsInput, QueryInput, ResponseOf } from '../../shared/api/endpoint';
import { request, uploadWithProgress, type RequestOptions } from './api';
import { resourceCache } from './resources/store';
import { buildUrl, type PathValues, type QueryValues } from './resources/url';

/** A part of a call: required when its schema requires something, else optional. */
type Part<K extends string, T> = [T] extends [undefined] ? { [k in K]?: undefined } : Record<never, never> extends T ? { [k in K]?: T } : { [k in K]: T };

/** What one call of the endpoint takes: its path parameters, query and body, as their schemas accept them. */
export type CallArgs<E> = Part<'params', ParamsInput<E>> &
  Part<'query', QueryInput<E>> &
  Part<'body', BodyInput<E>> &
  Pick<RequestOptions, 'keepalive' | 'public'> & {
    /**
     * The write takes the page away from what it shows (a delete, a rename that moves the page
     * to a new address): the reads it made stale load again at their next reader, not now, so
     * the old address is not asked for once more only to answer 404.
     */
    leaving?: boolean;
  };
export type UrlArgs<E> = Part<'params', ParamsInput<E>> & Part<'query', QueryInput<E>>;

type Rest<A> = Record<never, never> extends A ? [args?: A] : [args: A];

/** The URL of an endpoint for these parameters and query (links, downloads, the cache's key). */
export function urlOf<E extends AnyEndpoint>(endpoint: E, ...[args]: Rest<UrlArgs<E>>): string {
  const { params, query } = (args ?? {}) as { params?: PathValues; query?: QueryValues };
  return buildUrl(endpoint, params, query);
}

/** Cached reads the successful write made stale: its own resource's and those it names. */
function invalidateAfter(endpoint: AnyEndpoint, leaving = false): void {
  if (endpoint.method === 'get') return;
  const reload = endpoint.draft !== true && !leaving;
  resourceCache.invalidate(endpoint.resource, { reload });
  for (const other of endpoint.invalidates ?? []) resourceCache.invalidate(other, { reload });
}

/** Call an endpoint of shared/api/: the URL, the body and the response are typed by its declaration. */
export async function call<E extends AnyEndpoint>(endpoint: E, ...[args]: Rest<CallArgs<E>>): Promise<ResponseOf<E>> {
  const { params, query, body, keepalive, leaving, public: answers401 } = (args ?? {}) as { params?: PathValues; query?: QueryValues; body?: unknown; keepalive?: boolean; leaving?: boolean; public?: boolean };
  const url = buildUrl(endpoint, params, query);
  const sendsBody = endpoint.method === 'post' || endpoint.method === 'put';
  const result = await request<ResponseOf<E>>(endpoint.method.toUpperCase(), url, sendsBody ? (body ?? {}) : undefined, {
    keepalive: keepalive === true,
    public: endpoint.access === 'public' || answers401 === true,
  });
  invalidateAfter(endpoint, leaving === true);
  return result;
}

/** A read of a URL already built by urlOf (the resource cache's loader). */
export function readUrl<E extends AnyEndpoint & { method: 'get' }>(endpoint: E, url: string): Promise<ResponseOf<E>> {
  return request<ResponseOf<E>>('GET', url, undefined, { public: endpoint.access === 'public' });
}

/** Upload a file to an upload endpoint, with progress. */
export async function upload<E extends AnyEndpoint>(endpoint: E, args: UrlArgs<E>, file: Blob, onProgress: (fraction: number) => void): Promise<ResponseOf<E>> {
  const result = await uploadWithProgress<ResponseOf<E>>(urlOf(endpoint, ...([args] as Rest<UrlArgs<E>>)), file, onProgress);
  invalidateAfter(endpoint);
  return result;
}
