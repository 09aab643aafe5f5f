import type { LoginLockView, UserView } from '../../shared/schemas/backoffice';
import type { UserRow } from '../../db/users';

/** An account for the API: never the password hash (UserRow does not even carry it); a login lock only while there is one. */
export function presentUser(row: UserRow, loginLock: LoginLockView | null = null): UserView {
  const view: UserView = { username: row.username, role: row.role, active: row.active === 1, createdAt: row.created_at };
  if (loginLock) view.loginLock = loginLock;
  return view;
}
