import express from 'express';
import fs from 'node:fs';
import path from 'node:path';
import type { DB } from '../db/database';
import { errorHandler, mountRoutes } from './http/mount';
import { notFound } from './http/errors';
import { checkOrigin, securityHeaders } from './http/security';
import { allRoutes } from './routes';

export interface AppOptions {
  db: DB;
  /** Folder with the built client (index.html + assets); omitted in API tests. */
  clientDir?: string;
  log?: (message: string) => void;
}

/** The express application. No listen() here: tests drive it with supertest. */
export function createApp({ db, clientDir, log = (m) => console.error(m) }: AppOptions): express.Express {
  const app = express();
  app.disable('x-powered-by');
  app.set('etag', false);
  app.use(securityHeaders);
  app.use(checkOrigin);
  app.use('/api', (_req, res, next) => {
    res.setHeader('Cache-Control', 'no-store');
    next();
  });
  mountRoutes(app, db, allRoutes);
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
