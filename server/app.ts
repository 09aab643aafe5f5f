import express from 'express';
import fs from 'node:fs';
import path from 'node:path';
import type { DB } from '../db/database';
import { useServerBusyTimeout } from '../db/connection';
import type { LogLevel, TrustProxy } from './config';
import { clientFiles } from './http/clientFiles';
import { createLogger, loggerTo, requestLog, type Logger } from './http/logging';
import { errorHandler, mountRoutes } from './http/mount';
import { notFound } from './http/errors';
import { checkOrigin, securityHeaders } from './http/security';
import { allRoutes } from './routes';
import { attachSandbox, noSandbox } from './services/sandbox/registry';
import type { CodeSandbox } from './services/sandbox/sandbox';

export interface AppOptions {
  db: DB;
  /** Folder with the built client (index.html + assets); omitted in API tests. */
  clientDir?: string;
  /** Where log lines go (pino). Default: stdout at `logLevel`, or `log` when that is given. */
  logger?: Logger;
  /** Default log level of the stdout logger (info). */
  logLevel?: LogLevel;
  /** Receives only the lines at level error (a 5xx with its stack), as JSON text; tests pass a no-op. */
  log?: (line: string) => void;
  /** express's `trust proxy` (TRUST_PROXY): which proxies may tell the client's address and protocol. */
  trustProxy?: TrustProxy;
  /** How long a request waits (asynchronously) for another process's write lock before a 503; default LOCK_WAIT_MS. */
  lockWaitMs?: number;
  /** The code sandbox for Run and Test; without one (API tests, tools) no code runs at all. */
  sandbox?: CodeSandbox;
}

function appLogger({ logger, log, logLevel }: AppOptions): Logger {
  if (logger) return logger;
  if (log) return loggerTo(log);
  return createLogger(logLevel ?? 'info');
}

/** The express application. No listen() here: tests drive it with supertest. */
export function createApp(options: AppOptions): express.Express {
  const { db, clientDir, trustProxy = false, lockWaitMs } = options;
  // SQLite waits for a lock synchronously: the server keeps that to a few milliseconds and does
  // the rest of the waiting asynchronously (mountRoutes), so other requests are answered meanwhile.
  useServerBusyTimeout(db);
  const app = express();
  attachSandbox(app, options.sandbox ?? noSandbox());
  app.disable('x-powered-by');
  app.set('etag', false);
  // Compiled at once: an address list that is not one throws here, at start-up.
  app.set('trust proxy', trustProxy);
  app.use(requestLog(appLogger(options)));
  app.use(securityHeaders);
  app.use(checkOrigin);
  app.use('/api', (_req, res, next) => {
    res.setHeader('Cache-Control', 'no-store');
    next();
  });
  mountRoutes(app, db, allRoutes, { lockWaitMs });
  app.use('/api', (_req, _res, next) => next(notFound('No such API route.')));
  if (clientDir && fs.existsSync(path.join(clientDir, 'index.html'))) app.use(clientFiles(clientDir));
  app.use(errorHandler());
  return app;
}
