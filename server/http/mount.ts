import express, { type Express, type NextFunction, type Request, type Response, type Router } from 'express';
import { isBusyError, type DB } from '../../db/database';
import { sessionUser } from '../auth/sessions';
import { loneSurrogateIssue } from '../../shared/schemas/wellFormed';
import { AppError, forbidden, unauthenticated, validationFailed, zodIssues } from './errors';
import type { Access, RouteDef, SessionUser, UserContext } from './route';

const JSON_LIMIT = '10mb';

function authorize(access: Access, user: SessionUser | null): void {
  if (access === 'public') return;
  if (!user) throw unauthenticated();
  if (access !== 'user' && !access.includes(user.role)) throw forbidden();
}

function handlerFor(db: DB, def: RouteDef) {
  return async (req: Request, res: Response, next: NextFunction) => {
    try {
      const user = sessionUser(db, req);
      authorize(def.access, user);
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
      const ctx = {
        req,
        res,
        db,
        user,
        actor: user ? { id: user.id, name: user.username } : { id: null, name: 'anonymous' },
        body,
        query,
        params: req.params as Record<string, string>,
      } as UserContext<unknown, unknown>;
      const result = await def.handle(ctx);
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
export function mountRoutes(app: Express, db: DB, routes: readonly RouteDef[]): void {
  const json = express.json({ limit: JSON_LIMIT });
  const byMethod = new Map<string, Router>();
  for (const def of routes) {
    const method = def.method.toUpperCase();
    let own = byMethod.get(method);
    if (!own) byMethod.set(method, (own = express.Router()));
    own[def.method](def.path, ...(def.rawBody ? [] : [json]), handlerFor(db, def));
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

/** The one error handler: every failure leaves as { error: { code, message, details? } }. */
export function errorHandler(log: (message: string) => void) {
  return (err: unknown, _req: Request, res: Response, _next: NextFunction): void => {
    let error: AppError;
    const parserError = (typeof err === 'object' && err !== null ? err : {}) as BodyParserError;
    if (err instanceof AppError) error = err;
    else if (parserError.type === 'entity.parse.failed') error = new AppError(400, 'bad_request', 'The request body is not valid JSON.');
    else if (parserError.type === 'entity.too.large') error = new AppError(413, 'payload_too_large', 'The request body is too large.');
    else if (parserError.status && parserError.status >= 400 && parserError.status < 500) {
      // body-parser's other client errors and the router's 400 for a malformed %-escape in the URL
      error = new AppError(400, 'bad_request', parserError.type ? 'The request body could not be read.' : 'The request URL is malformed.');
    } else if (isBusyError(err)) {
      res.setHeader('Retry-After', '1');
      error = new AppError(503, 'unavailable', 'The database is busy; please retry.');
    } else {
      log(`unexpected error: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}`);
      error = new AppError(500, 'internal', 'Something went wrong on the server.');
    }
    if (res.headersSent) return;
    const body: { code: string; message: string; details?: unknown } = { code: error.code, message: error.message };
    if (error.details !== undefined) body.details = error.details;
    res.status(error.status).json({ error: body });
  };
}
