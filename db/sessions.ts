import { run, type DB } from './database';

/**
 * Ending sessions of an account (account changes). Creating, renewing and ending the current
 * request's session live in server/auth/sessions.ts.
 */
export function deleteSessionsOf(db: DB, userId: number): void {
  run(db, 'DELETE FROM sessions WHERE user_id = ?', [userId]);
}

/** End every session of the account but one (the stored id of the session making the change). */
export function deleteOtherSessionsOf(db: DB, userId: number, keepTokenHash: string | null): void {
  run(db, 'DELETE FROM sessions WHERE user_id = ? AND token_hash IS NOT ?', [userId, keepTokenHash]);
}
