import type { NextFunction, Request, Response } from 'express';
import { AppError } from './errors';

/** A strict policy: only our own scripts, styles, images and API; nothing inline, no frames. */
export const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data:",
  "font-src 'self'",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

/** Browsers that reached us over HTTPS keep to HTTPS for a year (only sent on HTTPS responses, as RFC 6797 requires). */
export const HSTS = 'max-age=31536000';

export function securityHeaders(req: Request, res: Response, next: NextFunction): void {
  // req.secure sees through a TLS-terminating proxy only when TRUST_PROXY names it.
  if (req.secure) res.setHeader('Strict-Transport-Security', HSTS);
  res.setHeader('Content-Security-Policy', CONTENT_SECURITY_POLICY);
  res.setHeader('X-Content-Type-Options', 'nosniff');
  res.setHeader('X-Frame-Options', 'DENY');
  res.setHeader('Referrer-Policy', 'no-referrer');
  res.setHeader('Cross-Origin-Opener-Policy', 'same-origin');
  res.setHeader('Cross-Origin-Resource-Policy', 'same-origin');
  res.setHeader('Permissions-Policy', 'camera=(), microphone=(), geolocation=()');
  next();
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * CSRF defence next to SameSite=Strict: a state-changing request that carries an Origin
 * header must come from this server's own origin. Scripted clients that send no Origin
 * (curl, the CLI's tests) are unaffected.
 */
export function checkOrigin(req: Request, _res: Response, next: NextFunction): void {
  if (SAFE_METHODS.has(req.method)) return next();
  const origin = req.headers.origin;
  if (origin === undefined) {
    // A browser that omits Origin still says where the request came from.
    if (req.headers['sec-fetch-site'] === 'cross-site') return next(new AppError(403, 'forbidden_origin', 'Cross-site requests are not accepted.'));
    return next();
  }
  const host = req.headers.host;
  const allowed = host ? [`http://${host}`, `https://${host}`] : [];
  if (!allowed.includes(origin)) {
    return next(new AppError(403, 'forbidden_origin', `Requests from ${origin} are not accepted.`));
  }
  next();
}
