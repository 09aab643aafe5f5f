import type { Request, Response } from 'express';
import type { z } from 'zod';
import type { Role } from '../../shared/roles';
import type { DB } from '../../db/database';
import type { Actor } from '../../db/events';

export interface SessionUser {
  id: number;
  username: string;
  role: Role;
}

/** Who may call a route: 'public' (anyone), 'user' (any logged-in account) or a list of roles. */
export type Access = 'public' | 'user' | readonly Role[];

export interface Context<B, Q> {
  req: Request;
  res: Response;
  db: DB;
  user: SessionUser | null;
  /** The caller as an audit actor; only meaningful for logged-in routes. */
  actor: Actor;
  body: B;
  query: Q;
  params: Record<string, string>;
}

/** A logged-in route's context: user is always set. */
export type UserContext<B, Q> = Context<B, Q> & { user: SessionUser };

export interface RouteDef<B = unknown, Q = unknown> {
  method: 'get' | 'post' | 'put' | 'delete';
  path: string;
  access: Access;
  body?: z.ZodType<B>;
  query?: z.ZodType<Q>;
  /** Status for a successful response (default 200). */
  status?: number;
  /** Request body is not JSON (e.g. an upload streamed by the handler itself). */
  rawBody?: boolean;
  handle: (ctx: UserContext<B, Q>) => unknown;
}

/** Typed helper: infers B and Q from the schemas. */
export function route<B = unknown, Q = unknown>(def: RouteDef<B, Q>): RouteDef {
  return def as unknown as RouteDef;
}
