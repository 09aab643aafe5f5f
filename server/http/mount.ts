import express, { type Express, type NextFunction, type Request, type Response, type Router } from 'express';
import { inWriteScope, isBusyError, isStorageFullError, isStorageIoError, type DB, type WriteScope } from '../../db/database';
import { currentSession, setSessionCookie } from '../auth/sessions';
import { loneSurrogateIssue } from '../../shared/schemas/wellFormed';
import { AppError, forbidden, retryAfterOf, toAppError, unauthenticated, validationFailed, zodIssues } from './errors';
import { DomainError } from '../domain/errors';
import { locals, requestIdOf } from './logging';
import type { Access, RouteDef, SessionUser, UserContext } from './route';

const JSON_LIMIT = '10mb';
/** Anyone may send to a public route (the login form needs a username and a password): keep it small. */
const PUBLIC_JSON_LIMIT = '16kb';

function authorize(access: Access, user: SessionUser | null): void {
  if (access === 'public') return;
  if (!user) throw unauthenticated();
  if (access !== 'user' && !access.includes(user.role)) throw forbidden();
}

/** How long a request waits in all for another process's write lock before it gets 503 + Retry-After. */
export const LOCK_WAIT_MS = 5000;
/** Pauses between tries: short at first (most locks are brief), growing, each with some jitter. */
const lockBackoff = (attempt: number) => Math.min(250, 10 * 2 ** attempt) * (0.75 + Math.random() / 2);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Run a route's handler; when it meets a database locked by another process (SQLITE_BUSY once
 * the short busy timeout has passed) before it has committed anything, wait without blocking
 * the event loop and run it again, until lockWaitMs has passed. A handler that has committed,
 * or that streams its own request body (rawBody), is never repeated: its busy error stands.
 */
export async function handleWaitingForLocks(def: RouteDef, ctx: UserContext<unknown, unknown>, lockWaitMs: number): Promise<unknown> {
  const deadline = Date.now() + lockWaitMs;
  for (let attempt = 0; ; attempt++) {
    const scope: WriteScope = { committed: false };
    try {
      return await inWriteScope(scope, () => def.handle(ctx));
    } catch (err) {
      const pause = lockBackoff(attempt);
      if (!isBusyError(err) || scope.committed || def.rawBody || ctx.res.headersSent || Date.now() + pause > deadline) throw err;
      await sleep(pause);
    }
  }
}

/**
 * Checks the session and the role before the body is read, so a request that may not use the
 * route costs no parsing (an unread body is discarded by Node, never buffered).
 */
function gateFor(db: DB, def: RouteDef) {
  return (req: Request, res: Response, next: NextFunction) => {
    try {
      const session = currentSession(db, req);
      if (session?.renewed) setSessionCookie(req, res, session.renewed.token, session.renewed.expiresAt);
      const user = session?.user ?? null;
      if (user) locals(res).userId = user.id;
      authorize(def.access, user);
      res.locals.sessionUser = user;
      next();
    } catch (err) {
      next(err);
    }
  };
}

function handlerFor(db: DB, def: RouteDef, lockWaitMs: number) {
  return async (req: Request, res: Response, next: NextFunction) => {
    try {
      const user = res.locals.sessionUser as SessionUser | null;
      let body: unknown = req.body;
      if (def.body) {
        // Every text field of every route: a lone UTF-16 surrogate is not text (stored, it would be invalid UTF-8).
        const lone = loneSurrogateIssue(req.body);
        if (lone) throw validationFailed([lone]);
        const parsed = def.body.safeParse(req.body ?? {});
        if (!parsed.success) throw validationFailed(zodIssues(parsed.error));
        body = parsed.data;
      }
      let query: unknown = req.query;
      if (def.query) {
        const parsed = def.query.safeParse(req.query);
        if (!parsed.success) throw validationFailed(zodIssues(parsed.error, 'query'));
        query = parsed.data;
      }
      let params: unknown = req.params;
      if (def.params) {
        const parsed = def.params.safeParse(req.params);
        if (!parsed.success) throw validationFailed(zodIssues(parsed.error, 'params'));
        params = parsed.data;
      }
      const ctx = {
        req,
        res,
        db,
        user,
        actor: user ? { id: user.id, name: user.username } : { id: null, name: 'anonymous' },
        body,
        query,
        params,
      } as UserContext<unknown, unknown>;
      const result = await handleWaitingForLocks(def, ctx, lockWaitMs);
      if (!res.headersSent) res.status(def.status ?? 200).json(result ?? { ok: true });
    } catch (err) {
      next(err);
    }
  };
}

/**
 * Mount route definitions: one place checks access and validates input for every route.
 * A request is matched only against the routes of its own method (in table order; HEAD goes
 * to the GET routes, as in express) rather than walking the whole table. Other methods match
 * no route, as before, and fall through to the 404 for unknown API routes.
 */
export function mountRoutes(app: Express, db: DB, routes: readonly RouteDef[], options: { lockWaitMs?: number } = {}): void {
  const lockWaitMs = options.lockWaitMs ?? LOCK_WAIT_MS;
  const json = express.json({ limit: JSON_LIMIT });
  const publicJson = express.json({ limit: PUBLIC_JSON_LIMIT });
  const byMethod = new Map<string, Router>();
  for (const def of routes) {
    const method = def.method.toUpperCase();
    let own = byMethod.get(method);
    if (!own) byMethod.set(method, (own = express.Router()));
    const parser = def.rawBody ? [] : [def.access === 'public' ? publicJson : json];
    own[def.method](def.path, gateFor(db, def), ...parser, handlerFor(db, def, lockWaitMs));
  }
  app.use((req, res, next) => {
    const own = byMethod.get(req.method === 'HEAD' ? 'GET' : req.method);
    if (own) own(req, res, next);
    else next();
  });
}

interface BodyParserError {
  type?: string;
  status?: number;
}

/**
 * The one error handler: every failure leaves as { error: { code, message, details?, requestId } }.
 * An unexpected error is kept for the request's log line (level error, with its stack), which
 * carries the same request id as the response.
 */
export function errorHandler() {
  return (err: unknown, _req: Request, res: Response, _next: NextFunction): void => {
    let error: AppError;
    const parserError = (typeof err === 'object' && err !== null ? err : {}) as BodyParserError;
    if (err instanceof AppError || err instanceof DomainError) {
      error = toAppError(err);
      const retryAfter = retryAfterOf(err);
      if (retryAfter !== undefined) res.setHeader('Retry-After', String(retryAfter));
    } else if (parserError.type === 'entity.parse.failed') error = new AppError(400, 'bad_request', 'The request body is not valid JSON.');
    else if (parserError.type === 'entity.too.large') error = new AppError(413, 'payload_too_large', 'The request body is too large.');
    else if (parserError.status && parserError.status >= 400 && parserError.status < 500) {
      // body-parser's other client errors and the router's 400 for a malformed %-escape in the URL
      error = new AppError(400, 'bad_request', parserError.type ? 'The request body could not be read.' : 'The request URL is malformed.');
    } else if (isBusyError(err)) {
      res.setHeader('Retry-After', '1');
      locals(res).error = err;
      error = new AppError(503, 'unavailable', 'The database is busy; please retry.');
    } else if (isStorageFullError(err)) {
      // A transaction that fails rolls back whole: nothing of the change is kept.
      locals(res).error = err;
      error = new AppError(507, 'storage_full', "The server's disk is full, so this was not saved. Keep this page open and tell a maintainer; saving works again once there is room.");
    } else if (isStorageIoError(err)) {
      locals(res).error = err;
      res.setHeader('Retry-After', '5');
      error = new AppError(503, 'storage_error', 'The server could not write to its disk, so this was not saved. It will be retried; tell a maintainer if this persists.');
    } else {
      locals(res).error = err;
      error = new AppError(500, 'internal', 'Something went wrong on the server.');
    }
    if (res.headersSent) return;
    const body: { code: string; message: string; details?: unknown; requestId?: string } = { code: error.code, message: error.message };
    if (error.details !== undefined) body.details = error.details;
    const requestId = requestIdOf(res);
    if (requestId) body.requestId = requestId;
    res.status(error.status).json({ error: body });
  };
}
