import type { UserView } from '../../shared/schemas/backoffice';
import type { UserRow } from '../services/users';

/** An account for the API: never the password hash (UserRow does not even carry it). */
export function presentUser(row: UserRow): UserView {
  return { username: row.username, role: row.role, active: row.active === 1, createdAt: row.created_at };
}
