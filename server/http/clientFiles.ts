import express, { type NextFunction, type Request, type Response, type Router } from 'express';
import fs from 'node:fs';
import path from 'node:path';
import { notFound } from './errors';

/** Precompressed variants the build writes beside an asset (precompressAssets in server/build/clientBuild.ts), best first. */
const ENCODINGS = [
  { name: 'br', suffix: '.br' },
  { name: 'gzip', suffix: '.gz' },
] as const;

const CONTENT_TYPES: Record<string, string> = {
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.html': 'text/html; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.json': 'application/json; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
};

/** Hashed file names never change content: cache them for a year without revalidation. */
const IMMUTABLE = 'public, max-age=31536000, immutable';

/**
 * The encodings the client accepts, from Accept-Encoding with its q-values ("br;q=0" refuses br;
 * "*" accepts whatever is not named).
 */
export function acceptedEncodings(header: string | undefined): Set<string> {
  const accepted = new Set<string>();
  const refused = new Set<string>();
  let star = false;
  for (const part of (header ?? '').split(',')) {
    const [token = '', ...params] = part.trim().split(';');
    const name = token.trim().toLowerCase();
    if (!name) continue;
    const q = params.map((p) => p.trim().match(/^q=([\d.]+)$/i)).find(Boolean);
    const ok = !q || Number(q[1]) > 0;
    if (name === '*') star = ok;
    else (ok ? accepted : refused).add(name);
  }
  if (star) for (const e of ENCODINGS) if (!refused.has(e.name)) accepted.add(e.name);
  return accepted;
}

/**
 * /assets: the build's hashed files, served from their precompressed variant when the client
 * accepts one (brotli, else gzip), with Vary: Accept-Encoding and an immutable year of caching.
 * A missing asset is a 404, never index.html.
 */
function assets(dir: string) {
  const root = path.resolve(dir);
  return (req: Request, res: Response, next: NextFunction): void => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return next();
    let name: string;
    try {
      name = decodeURIComponent(req.path);
    } catch {
      return next(notFound('No such asset.'));
    }
    // A NUL cannot be in a file name (fs would throw, a 500): no such asset.
    if (name.includes('\0')) return next(notFound('No such asset.'));
    const file = path.resolve(root, `.${name}`);
    if (!file.startsWith(root + path.sep) || !fs.statSync(file, { throwIfNoEntry: false })?.isFile()) return next(notFound('No such asset.'));
    const type = CONTENT_TYPES[path.extname(file).toLowerCase()];
    const variants = type ? ENCODINGS.filter((e) => fs.existsSync(file + e.suffix)) : [];
    let send = file;
    if (variants.length > 0) {
      res.setHeader('Vary', 'Accept-Encoding');
      const accepted = acceptedEncodings(req.headers['accept-encoding']);
      const chosen = variants.find((e) => accepted.has(e.name));
      if (chosen) {
        send = file + chosen.suffix;
        res.setHeader('Content-Encoding', chosen.name);
      }
    }
    if (type) res.setHeader('Content-Type', type);
    res.setHeader('Cache-Control', IMMUTABLE);
    res.sendFile(send, { cacheControl: false, dotfiles: 'deny' }, (err) => {
      if (err && !res.headersSent) next(err);
    });
  };
}

/** The built client: hashed assets, other files of the build, and index.html for every client route (never cached). */
export function clientFiles(clientDir: string): Router {
  const router = express.Router();
  router.use('/assets', assets(path.join(clientDir, 'assets')));
  router.use(express.static(clientDir, { index: false, cacheControl: false, setHeaders: (res) => res.setHeader('Cache-Control', 'no-cache') }));
  router.use((req, res, next) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return next();
    res.setHeader('Cache-Control', 'no-cache');
    res.sendFile(path.join(clientDir, 'index.html'));
  });
  return router;
}
