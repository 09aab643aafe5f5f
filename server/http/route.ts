import type { Request, Response } from 'express';
import type { z } from 'zod';
import type { Role } from '../../shared/roles';
import type { DB } from '../../db/database';
import type { Actor } from '../../db/events';
import type { Access, AnyEndpoint, BodyOf, FileResponse, ParamsOf, QueryOf, ResponseOf } from '../../shared/api/endpoint';

export type { Access } from '../../shared/api/endpoint';

export interface SessionUser {
  id: number;
  username: string;
  role: Role;
}

export interface Context<B, Q, P = Record<string, string>> {
  req: Request;
  res: Response;
  db: DB;
  user: SessionUser | null;
  /** The caller as an audit actor; only meaningful for logged-in routes. */
  actor: Actor;
  body: B;
  query: Q;
  /** The path parameters, parsed by the endpoint's params schema. */
  params: P;
}

/** A logged-in route's context: user is always set. */
export type UserContext<B, Q, P = Record<string, string>> = Context<B, Q, P> & { user: SessionUser };

/** A route as mounted: an endpoint of shared/api/ with its handler, types erased. */
export interface RouteDef<B = unknown, Q = unknown> {
  method: 'get' | 'post' | 'put' | 'delete';
  path: string;
  access: Access;
  params?: z.ZodType;
  body?: z.ZodType<B>;
  query?: z.ZodType<Q>;
  /** Status for a successful response (default 200). */
  status?: number;
  /** Request body is not JSON (e.g. an upload streamed by the handler itself). */
  rawBody?: boolean;
  handle: (ctx: UserContext<B, Q>) => unknown;
}

/** What a handler of the endpoint returns: its declared response, or nothing when it sends a file itself. */
export type HandlerResult<E> = [ResponseOf<E>] extends [FileResponse] ? void : ResponseOf<E>;

/** The context a handler of the endpoint receives: body, query and params as its schemas parse them. */
export type EndpointContext<E> = UserContext<BodyOf<E>, QueryOf<E>, ParamsOf<E>>;

export type Handler<E> = (ctx: EndpointContext<E>) => HandlerResult<E> | Promise<HandlerResult<E>>;

/** The server side of an endpoint: its handler's return type is checked against the declared response. */
export function route<E extends AnyEndpoint>(endpoint: E, handle: NoInfer<Handler<E>>): RouteDef {
  const def: RouteDef = {
    method: endpoint.method,
    path: endpoint.path,
    access: endpoint.access,
    handle: handle as (ctx: UserContext<unknown, unknown>) => unknown,
  };
  if (endpoint.params) def.params = endpoint.params;
  if (endpoint.body) def.body = endpoint.body;
  if (endpoint.query) def.query = endpoint.query;
  if (endpoint.status !== undefined) def.status = endpoint.status;
  if (endpoint.upload) def.rawBody = true;
  return def;
}

/** A handler for each endpoint of a resource (one file of shared/api/), under the endpoint's own name. */
export type Handlers<R> = { readonly [K in keyof R]: Handler<R[K]> };

/**
 * The routes of one resource, in the order its endpoints are declared. `handlers` must name every
 * endpoint of the resource, so an endpoint declared without a handler does not compile.
 */
export function routesOf<R extends Record<string, AnyEndpoint>>(resource: R, handlers: NoInfer<Handlers<R>>): RouteDef[] {
  return Object.keys(resource).map((name) => route(resource[name]!, handlers[name] as Handler<AnyEndpoint>));
}
