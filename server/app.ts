import express from 'express';
import fs from 'node:fs';
import path from 'node:path';
import { SERVER_BUSY_TIMEOUT_MS, type DB } from '../db/database';
import { errorHandler, mountRoutes } from './http/mount';
import { notFound } from './http/errors';
import { checkOrigin, securityHeaders } from './http/security';
import { allRoutes } from './routes';

export interface AppOptions {
  db: DB;
  /** Folder with the built client (index.html + assets); omitted in API tests. */
  clientDir?: string;
  log?: (message: string) => void;
  /** How long a request waits (asynchronously) for another process's write lock before a 503; default LOCK_WAIT_MS. */
  lockWaitMs?: number;
}

/** The express application. No listen() here: tests drive it with supertest. */
export function createApp({ db, clientDir, log = (m) => console.error(m), lockWaitMs }: AppOptions): express.Express {
  // SQLite waits for a lock synchronously: the server keeps that to a few milliseconds and does
  // the rest of the waiting asynchronously (mountRoutes), so other requests are answered meanwhile.
  db.pragma(`busy_timeout = ${SERVER_BUSY_TIMEOUT_MS}`);
  const app = express();
  app.disable('x-powered-by');
  app.set('etag', false);
  app.use(securityHeaders);
  app.use(checkOrigin);
  app.use('/api', (_req, res, next) => {
    res.setHeader('Cache-Control', 'no-store');
    next();
  });
  mountRoutes(app, db, allRoutes, { lockWaitMs });
  app.use('/api', (_req, _res, next) => next(notFound('No such API route.')));
  if (clientDir && fs.existsSync(path.join(clientDir, 'index.html'))) {
    app.use('/assets', express.static(path.join(clientDir, 'assets'), { immutable: true, maxAge: '1y', index: false }));
    app.use(express.static(clientDir, { index: false }));
    app.use((req, res, next) => {
      if (req.method !== 'GET' && req.method !== 'HEAD') return next();
      res.setHeader('Cache-Control', 'no-cache');
      res.sendFile(path.join(clientDir, 'index.html'));
    });
  }
  app.use(errorHandler(log));
  return app;
}
