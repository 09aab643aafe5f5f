import type { AnyEndpoint } from '../../../shared/api/endpoint';

type Scalar = string | number | boolean;
export type PathValues = Record<string, Scalar | readonly string[]>;
export type QueryValues = Record<string, Scalar | readonly Scalar[] | null | undefined>;

/** One path segment per value; a wildcard (`*path`) keeps its slashes, each segment encoded. */
function segment(name: string, wildcard: boolean, params: PathValues): string {
  const value = params[name];
  if (value === undefined) throw new Error(`missing path parameter ${name}`);
  if (!wildcard) return encodeURIComponent(String(value));
  const parts = Array.isArray(value) ? value : String(value).split('/');
  return parts.map((p) => encodeURIComponent(p)).join('/');
}

/** The query string of the values that are set, in the order given ('' when none is). */
export function queryString(query: QueryValues = {}): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null) continue;
    for (const v of Array.isArray(value) ? value : [value]) search.append(key, String(v));
  }
  const text = search.toString();
  return text ? `?${text}` : '';
}

/** The URL of one call of an endpoint: its path with the parameters filled in, then the query. */
export function buildUrl(endpoint: Pick<AnyEndpoint, 'path'>, params: PathValues = {}, query: QueryValues = {}): string {
  const path = endpoint.path.replace(/([:*])(\w+)/g, (_m, kind: string, name: string) => segment(name, kind === '*', params));
  return path + queryString(query);
}
