import { transaction, type DB } from '../../db/database';
import { appendEvent } from '../../db/events';
import { findLogin } from '../../db/users';
import type { LoginRequest } from '../../shared/api/auth';
import type { Role } from '../../shared/roles';
import { loginLimiterFor } from '../auth/loginLimiter';
import { DUMMY_HASH, verifyPassword } from '../auth/passwords';
import { createSession } from '../auth/sessions';
import { DomainError } from '../domain/errors';

export interface LoginAttempt extends LoginRequest {
  /** Where the attempt comes from (the limiter counts per address too; the event records it). */
  address: string;
  /** Ends the caller's current session, inside the login's transaction (a new id at every login: no fixation). */
  endPreviousSession: () => void;
}

export interface LoggedIn {
  user: { id: number; username: string; role: Role };
  session: { token: string; expiresAt: Date };
}

/**
 * Check the password and open a session, recorded in the same transaction; unauthenticated when
 * either is wrong. A deactivated account is named as such only to the one who gave its right
 * password (a wrong one gets the same answer as an unknown name, after the same hashing), so that
 * person learns why, and that what they had not saved waits in their browser.
 */
async function checkAndOpen(db: DB, attempt: LoginAttempt): Promise<LoggedIn> {
  const user = findLogin(db, attempt.username);
  const ok = await verifyPassword(attempt.password, user?.password_hash ?? DUMMY_HASH);
  if (!user || !ok) throw new DomainError('unauthenticated', 'Wrong username or password.');
  if (user.active !== 1) throw new DomainError('account_deactivated', 'This account is deactivated: ask a maintainer to reactivate it.');
  const session = transaction(db, () => {
    attempt.endPreviousSession();
    const created = createSession(db, user.id);
    appendEvent(db, { id: user.id, name: user.username }, { action: 'auth.login', entityType: 'user', entityId: user.id, details: { address: attempt.address } });
    return created;
  });
  return { user: { id: user.id, username: user.username, role: user.role }, session };
}

/**
 * A login, held back by the login limiter: the attempt is counted before the password is checked
 * (attempts sent at once cannot all get past the limit); a wrong password stays counted, anything
 * else (a busy database) was no guess and is released.
 */
export async function logIn(db: DB, attempt: LoginAttempt): Promise<LoggedIn> {
  const limiter = loginLimiterFor(db);
  const reserved = limiter.reserve(attempt.username, attempt.address);
  if (!reserved.allowed) {
    throw new DomainError('rate_limited', `Too many failed logins. Try again in ${Math.ceil(reserved.retryAfter / 60)} minute(s).`, undefined, reserved.retryAfter);
  }
  let login: LoggedIn;
  try {
    login = await checkAndOpen(db, attempt);
  } catch (err) {
    // A deactivated account with its right password was no guess either.
    if (!(err instanceof DomainError && err.code === 'unauthenticated')) limiter.release(reserved);
    throw err;
  }
  limiter.succeed(reserved);
  return login;
}
