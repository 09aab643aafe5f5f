import { get, run, type DB } from './database';
import type { Role } from '../shared/roles';

/**
 * Stored sessions, by the hash of their token (server/auth/sessions.ts makes tokens, cookies
 * and expiries), and ending the sessions of an account (account changes).
 */
export function deleteSessionsOf(db: DB, userId: number): void {
  run(db, 'DELETE FROM sessions WHERE user_id = ?', [userId]);
}

/** End every session of the account but one (the stored id of the session making the change). */
export function deleteOtherSessionsOf(db: DB, userId: number, keepTokenHash: string | null): number {
  return run(db, 'DELETE FROM sessions WHERE user_id = ? AND token_hash IS NOT ?', [userId, keepTokenHash]).changes;
}

export function insertSession(db: DB, tokenHash: string, userId: number, createdAt: string, expiresAt: string): void {
  run(db, 'INSERT INTO sessions (token_hash, user_id, created_at, expires_at) VALUES (?, ?, ?, ?)', [tokenHash, userId, createdAt, expiresAt]);
}

export interface SessionRow {
  id: number;
  username: string;
  role: Role;
  created_at: string;
  expires_at: string;
}

/** A session of an active account, with its user. */
export const findSession = (db: DB, tokenHash: string): SessionRow | undefined =>
  get<SessionRow>(
    db,
    `SELECT u.id, u.username, u.role, s.created_at, s.expires_at FROM sessions s JOIN users u ON u.id = s.user_id
     WHERE s.token_hash = ? AND u.active = 1`,
    [tokenHash],
  );

export function renewSession(db: DB, tokenHash: string, expiresAt: string): void {
  run(db, 'UPDATE sessions SET expires_at = ? WHERE token_hash = ?', [expiresAt, tokenHash]);
}

export function deleteSession(db: DB, tokenHash: string): void {
  run(db, 'DELETE FROM sessions WHERE token_hash = ?', [tokenHash]);
}

/** How many login sessions a user holds. */
export function countSessionsOf(db: DB, userId: number): number {
  return get<{ n: number }>(db, 'SELECT COUNT(*) AS n FROM sessions WHERE user_id = ?', [userId])!.n;
}

/** Sign everyone out: every login session ends. */
export function deleteAllSessions(db: DB): void {
  run(db, 'DELETE FROM sessions');
}

/** When a user's (one) login session was made and when it expires. */
export function sessionTimesOf(db: DB, userId: number): { created_at: string; expires_at: string } | undefined {
  return get(db, 'SELECT created_at, expires_at FROM sessions WHERE user_id = ?', [userId]);
}

/** Move a user's login sessions in time (their creation and expiry), as if made earlier. */
export function setSessionTimesOf(db: DB, userId: number, createdAt: string, expiresAt: string): void {
  run(db, 'UPDATE sessions SET created_at = ?, expires_at = ? WHERE user_id = ?', [createdAt, expiresAt, userId]);
}
