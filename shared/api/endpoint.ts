import type { z } from 'zod';
import type { Role } from '../roles';

/** Who may call an endpoint: 'public' (anyone), 'user' (any logged-in account) or a list of roles. */
export type Access = 'public' | 'user' | readonly Role[];

export type Method = 'get' | 'post' | 'put' | 'delete';

/** The response of an endpoint that sends a file (not JSON): its handler writes the response itself. */
export interface FileResponse {
  readonly file: true;
}

/** The parameter names of an express path: '/a/:id/files/*path' → 'id' | 'path'. */
export type PathParamNames<P extends string> = P extends `${string}${':' | '*'}${infer Rest}`
  ? Rest extends `${infer Name}/${infer Tail}`
    ? Name | PathParamNames<`/${Tail}`>
    : Rest
  : never;

/**
 * One endpoint, declared once: the server mounts it (server/http/route.ts), the client calls it
 * (client/src/apiCall.ts). `Res` is carried as a type only: the handler's return type is checked
 * against it, and the client's call returns it.
 */
export interface Endpoint<
  M extends Method = Method,
  P extends string = string,
  Params extends z.ZodType = z.ZodType,
  Query extends z.ZodType = z.ZodType,
  Body extends z.ZodType = z.ZodType,
  Res = unknown,
> {
  readonly method: M;
  readonly path: P;
  readonly access: Access;
  readonly params?: Params;
  readonly query?: Query;
  readonly body?: Body;
  /** Status for a successful response (default 200). */
  readonly status?: number;
  /** The request body is a file streamed by the handler itself, not JSON. */
  readonly upload?: boolean;
  /** The resource (one file of shared/api/) the endpoint belongs to: writes invalidate its cached reads. */
  readonly resource: string;
  /** Other resources whose cached reads a successful call of this (write) endpoint makes stale. */
  readonly invalidates?: readonly string[];
  /**
   * An autosave: what it changes comes back in its answer, so the cached reads of its resource
   * are marked stale for their next reader but not reloaded at once (no request per keystroke pause).
   */
  readonly draft?: boolean;
  /** Never set: carries the response type. */
  readonly response?: Res;
}

/** An endpoint of any types (the server's route table, the client cache): the fields are covariant. */
export type AnyEndpoint = Endpoint<Method, string, z.ZodType, z.ZodType, z.ZodType, unknown>;

export type ResponseOf<E> = E extends Endpoint<Method, string, z.ZodType, z.ZodType, z.ZodType, infer R> ? R : never;
type SchemaOf<E, K extends 'params' | 'query' | 'body'> = E extends { readonly [k in K]?: infer S } ? S : never;
export type ParamsOf<E> = z.output<SchemaOf<E, 'params'>>;
export type QueryOf<E> = z.output<SchemaOf<E, 'query'>>;
export type BodyOf<E> = z.output<SchemaOf<E, 'body'>>;
export type ParamsInput<E> = z.input<SchemaOf<E, 'params'>>;
export type QueryInput<E> = z.input<SchemaOf<E, 'query'>>;
export type BodyInput<E> = z.input<SchemaOf<E, 'body'>>;

/** The schema of an absent part (no path parameters, no query, no body). */
export type None = z.ZodType<Record<string, never>, Record<string, never>>;

interface Declaration<M extends Method, P extends string, Params extends z.ZodType, Query extends z.ZodType, Body extends z.ZodType> {
  method: M;
  path: P;
  access: Access;
  /** Given exactly when the path has parameters, naming each of them (test/api/contract.test.ts). */
  params?: Params & z.ZodType<Record<PathParamNames<P>, unknown>>;
  query?: Query;
  body?: Body;
  status?: number;
  upload?: boolean;
  invalidates?: readonly string[];
  draft?: boolean;
}

export type EndpointMaker = <Res>() => <M extends Method, P extends string, Params extends z.ZodType = None, Query extends z.ZodType = None, Body extends z.ZodType = None>(
  def: Declaration<M, P, Params, Query, Body>,
) => Endpoint<M, P, Params, Query, Body, Res>;

/**
 * The endpoints of one resource: `resource('releases', (endpoint) => ({ list: endpoint<Res>()({…}) }))`.
 * The response type is given explicitly; the schemas' types are inferred from the schemas.
 */
export function resource<T>(name: string, declare: (endpoint: EndpointMaker) => T): T {
  const endpoint: EndpointMaker = () => (def) => ({ ...def, resource: name });
  return declare(endpoint);
}
