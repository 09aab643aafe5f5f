import { hash, randomBytes } from 'node:crypto';
import type { Request, Response } from 'express';
import type { DB } from '../../db/database';
import { deleteSession, findSession, insertSession, renewSession } from '../../db/sessions';
import type { SessionUser } from '../http/route';

export const SESSION_COOKIE = 'ccb_session';
/** A session ends after this long without a request (each authenticated request renews it)… */
export const SESSION_IDLE_HOURS = 12;
/** …and in any case this long after login, however busy it is. */
export const SESSION_MAX_DAYS = 7;
/** A renewal is written at most this often, so reads do not turn into a write each. */
const RENEW_EVERY_MS = 60_000;

// One-shot hashing: no Hash object per request.
const hashToken = (token: string) => hash('sha256', token, 'hex');

export function parseCookies(header: string | undefined): Record<string, string> {
  const out: Record<string, string> = {};
  if (!header) return out;
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq < 0) continue;
    const name = part.slice(0, eq).trim();
    const value = part.slice(eq + 1).trim();
    try {
      out[name] = decodeURIComponent(value);
    } catch {
      out[name] = value;
    }
  }
  return out;
}

/** A new random session id for every login (no fixation); only its hash is stored. */
export function createSession(db: DB, userId: number): { token: string; expiresAt: Date } {
  const token = randomBytes(32).toString('base64url');
  const now = new Date();
  const expiresAt = slidingExpiry(now, now);
  insertSession(db, hashToken(token), userId, now.toISOString(), expiresAt.toISOString());
  return { token, expiresAt };
}

/** The expiry a session used at `now` gets: idle time from now, never past the absolute maximum. */
export function slidingExpiry(createdAt: Date, now: Date): Date {
  const idle = now.getTime() + SESSION_IDLE_HOURS * 3600_000;
  const cap = createdAt.getTime() + SESSION_MAX_DAYS * 24 * 3600_000;
  return new Date(Math.min(idle, cap));
}

export interface CurrentSession {
  user: SessionUser;
  /** Set when this request renewed the session: the cookie should carry the new expiry. */
  renewed: { token: string; expiresAt: Date } | null;
}

/**
 * The caller's session, renewed on use (sliding): each request moves the expiry to
 * SESSION_IDLE_HOURS from now, capped at SESSION_MAX_DAYS after login.
 */
export function currentSession(db: DB, req: Request): CurrentSession | null {
  const token = parseCookies(req.headers.cookie)[SESSION_COOKIE];
  if (!token) return null;
  const row = findSession(db, hashToken(token));
  const now = new Date();
  if (!row || row.expires_at < now.toISOString()) return null;
  const user = { id: row.id, username: row.username, role: row.role };
  const expiresAt = slidingExpiry(new Date(row.created_at), now);
  if (expiresAt.getTime() - Date.parse(row.expires_at) < RENEW_EVERY_MS) return { user, renewed: null };
  try {
    renewSession(db, hashToken(token), expiresAt.toISOString());
  } catch {
    // Renewal is best effort (e.g. a busy database): the session is still valid as it was.
    return { user, renewed: null };
  }
  return { user, renewed: { token, expiresAt } };
}

/** The stored id (hash) of the request's session cookie, if it carries one. */
export function sessionIdOf(req: Request): string | undefined {
  const token = parseCookies(req.headers.cookie)[SESSION_COOKIE];
  return token ? hashToken(token) : undefined;
}

export function destroySession(db: DB, req: Request): void {
  const token = parseCookies(req.headers.cookie)[SESSION_COOKIE];
  if (token) deleteSession(db, hashToken(token));
}

export function setSessionCookie(req: Request, res: Response, token: string, expiresAt: Date): void {
  res.cookie(SESSION_COOKIE, token, { httpOnly: true, sameSite: 'strict', secure: req.secure, path: '/', expires: expiresAt });
}

export function clearSessionCookie(req: Request, res: Response): void {
  res.clearCookie(SESSION_COOKIE, { httpOnly: true, sameSite: 'strict', secure: req.secure, path: '/' });
}
