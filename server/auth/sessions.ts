import { createHash, randomBytes } from 'node:crypto';
import type { Request, Response } from 'express';
import { get, run, type DB } from '../../db/database';
import type { SessionUser } from '../http/route';
import type { Role } from '../../shared/roles';

export const SESSION_COOKIE = 'ccb_session';
const SESSION_HOURS = 12;

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

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
  const expiresAt = new Date(Date.now() + SESSION_HOURS * 3600_000);
  run(db, 'INSERT INTO sessions (token_hash, user_id, expires_at) VALUES (?, ?, ?)', [hashToken(token), userId, expiresAt.toISOString()]);
  return { token, expiresAt };
}

export function sessionUser(db: DB, req: Request): SessionUser | null {
  const token = parseCookies(req.headers.cookie)[SESSION_COOKIE];
  if (!token) return null;
  const row = get<{ id: number; username: string; role: Role; expires_at: string }>(
    db,
    `SELECT u.id, u.username, u.role, s.expires_at FROM sessions s JOIN users u ON u.id = s.user_id
     WHERE s.token_hash = ? AND u.active = 1`,
    [hashToken(token)],
  );
  if (!row || row.expires_at < new Date().toISOString()) return null;
  return { id: row.id, username: row.username, role: row.role };
}

/** The stored id (hash) of the request's session cookie, if it carries one. */
export function sessionIdOf(req: Request): string | undefined {
  const token = parseCookies(req.headers.cookie)[SESSION_COOKIE];
  return token ? hashToken(token) : undefined;
}

export function destroySession(db: DB, req: Request): void {
  const token = parseCookies(req.headers.cookie)[SESSION_COOKIE];
  if (token) run(db, 'DELETE FROM sessions WHERE token_hash = ?', [hashToken(token)]);
}

export function setSessionCookie(req: Request, res: Response, token: string, expiresAt: Date): void {
  res.cookie(SESSION_COOKIE, token, { httpOnly: true, sameSite: 'strict', secure: req.secure, path: '/', expires: expiresAt });
}

export function clearSessionCookie(req: Request, res: Response): void {
  res.clearCookie(SESSION_COOKIE, { httpOnly: true, sameSite: 'strict', secure: req.secure, path: '/' });
}
