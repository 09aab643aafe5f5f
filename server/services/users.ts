import { transaction, type DB } from '../../db/database';
import { appendEvent, type Actor } from '../../db/events';
import { deleteOtherSessionsOf, deleteSessionsOf } from '../../db/sessions';
import { findUser, findUserById, insertUser, updatePasswordHash, updateRoleAndActive, type UserRow } from '../../db/users';
import type { CreateUserRequest, UpdateUserRequest } from '../../shared/api/users';
import { hashPassword, type ScryptParams } from '../auth/passwords';
import { loginLimiterFor, type LoginLock } from '../auth/loginLimiter';
import { DomainError, notFound } from '../domain/errors';
import { refuseDemoPassword } from './sharedServing';

export { findUser, listUsers, type UserRow } from '../../db/users';

export async function createUser(db: DB, actor: Actor, input: CreateUserRequest, scrypt?: ScryptParams): Promise<UserRow> {
  refuseDemoPassword(db, input.password);
  const hash = await hashPassword(input.password, scrypt);
  return transaction(db, () => {
    if (findUser(db, input.username)) throw new DomainError('name_taken', `A user named "${input.username}" already exists.`);
    const user = findUserById(db, insertUser(db, input.username, input.role, hash))!;
    appendEvent(db, actor, { action: 'user.create', entityType: 'user', entityId: user.id, after: { username: user.username, role: user.role } });
    return user;
  });
}

/**
 * Change an account's role, active flag or password. A maintainer cannot deactivate or
 * demote themselves (someone must be able to manage accounts). Deactivation, and a password
 * reset by someone else, end the user's sessions; changing your own password ends your other
 * sessions and keeps `currentSession` (the stored id of the session making the change). On a
 * shared server (sharedServing.ts) a published demo password is refused, as at creation.
 */
export async function updateUser(db: DB, actor: Actor, username: string, changes: UpdateUserRequest, currentSession?: string): Promise<UserRow> {
  refuseDemoPassword(db, changes.password);
  const hash = changes.password === undefined ? undefined : await hashPassword(changes.password);
  return transaction(db, () => {
    const user = findUser(db, username);
    if (!user) throw notFound(`There is no user "${username}".`);
    const self = actor.id === user.id;
    if (self && changes.active === false) throw new DomainError('own_account', 'You cannot deactivate your own account.');
    if (self && changes.role !== undefined && changes.role !== user.role) throw new DomainError('own_account', 'You cannot change your own role.');
    const before = { role: user.role, active: user.active === 1 };
    const role = changes.role ?? user.role;
    const active = changes.active ?? user.active === 1;
    updateRoleAndActive(db, user.id, role, active);
    if (hash !== undefined) updatePasswordHash(db, user.id, hash);
    if (!active || (hash !== undefined && !self)) deleteSessionsOf(db, user.id);
    else if (hash !== undefined) deleteOtherSessionsOf(db, user.id, currentSession ?? null);
    appendEvent(db, actor, {
      action: 'user.update',
      entityType: 'user',
      entityId: user.id,
      before,
      after: { role, active },
      details: hash === undefined ? undefined : { passwordChanged: true },
    });
    return findUser(db, username)!;
  });
}

/** Where failed logins leave an account (null: nothing holds it back). */
export function loginLockOf(db: DB, username: string): LoginLock | null {
  return loginLimiterFor(db).lockOf(username);
}

/** A maintainer lets a user whose logins are held back try again at once; recorded as an event. */
export function clearLoginLock(db: DB, actor: Actor, username: string): UserRow {
  const user = transaction(db, () => {
    const found = findUser(db, username);
    if (!found) throw notFound(`There is no user "${username}".`);
    appendEvent(db, actor, { action: 'user.unlock', entityType: 'user', entityId: found.id, before: { loginLock: loginLockOf(db, found.username) } });
    return found;
  });
  loginLimiterFor(db).clearUser(user.username);
  return user;
}
