import { transaction, type DB } from '../../db/database';
import { appendEvent } from '../../db/events';
import { deleteOtherSessionsOf } from '../../db/sessions';
import { findLogin, updatePasswordHash } from '../../db/users';
import type { ChangePasswordBody, PasswordChanged } from '../../shared/schemas/auth';
import { loginLimiterFor } from '../auth/loginLimiter';
import { hashPassword, verifyPassword } from '../auth/passwords';
import { DomainError, validationFailed } from '../domain/errors';
import { refuseDemoPassword } from './sharedServing';

export interface PasswordChange extends ChangePasswordBody {
  /** The signed-in account: only its own password changes. */
  user: { id: number; username: string };
  /** Where the request comes from (a wrong current password counts as a failed login from there). */
  address: string;
  /** The stored id of the session making the change: it stays signed in. */
  currentSession: string | undefined;
}

/**
 * Change the caller's own password. The current password is checked like a login (a wrong one
 * counts against the login limiter, so a left-open session cannot be used to guess it); the new
 * one is hashed with scrypt. Every other session of the account ends, this one stays: whoever
 * knew the old password is signed out everywhere else. One transaction with its event.
 */
export async function changeOwnPassword(db: DB, change: PasswordChange): Promise<PasswordChanged> {
  const limiter = loginLimiterFor(db);
  const reserved = limiter.reserve(change.user.username, change.address);
  if (!reserved.allowed) {
    throw new DomainError('rate_limited', `Too many wrong passwords. Try again in ${Math.ceil(reserved.retryAfter / 60)} minute(s).`, undefined, reserved.retryAfter);
  }
  const login = findLogin(db, change.user.username);
  const ok = login !== undefined && login.id === change.user.id && (await verifyPassword(change.currentPassword, login.password_hash));
  if (!ok) throw validationFailed([{ path: 'currentPassword', message: 'this is not your current password' }]);
  limiter.succeed(reserved);
  refuseDemoPassword(db, change.newPassword);
  const hash = await hashPassword(change.newPassword);
  return transaction(db, () => {
    updatePasswordHash(db, change.user.id, hash);
    const ended = deleteOtherSessionsOf(db, change.user.id, change.currentSession ?? null);
    appendEvent(db, { id: change.user.id, name: change.user.username }, { action: 'user.password', entityType: 'user', entityId: change.user.id, details: { otherSessionsEnded: ended } });
    return { ok: true, otherSessionsEnded: ended };
  });
}
