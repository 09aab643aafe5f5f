import { all, get, run, transaction, type DB } from '../../db/database';
import { appendEvent, type Actor } from '../../db/events';
import type { Role } from '../../shared/roles';
import { hashPassword } from '../auth/passwords';
import { conflict } from '../http/errors';

export interface UserRow {
  id: number;
  username: string;
  role: Role;
  active: number;
  created_at: string;
}

export function findUser(db: DB, username: string): UserRow | undefined {
  return get<UserRow>(db, 'SELECT id, username, role, active, created_at FROM users WHERE username = ?', [username]);
}

export function listUsers(db: DB): UserRow[] {
  return all<UserRow>(db, 'SELECT id, username, role, active, created_at FROM users ORDER BY role, username');
}

export async function createUser(db: DB, actor: Actor, input: { username: string; role: Role; password: string }): Promise<UserRow> {
  const hash = await hashPassword(input.password);
  return transaction(db, () => {
    if (findUser(db, input.username)) throw conflict(`A user named "${input.username}" already exists.`);
    const { lastInsertRowid } = run(db, 'INSERT INTO users (username, role, password_hash) VALUES (?, ?, ?)', [input.username, input.role, hash]);
    const user = get<UserRow>(db, 'SELECT id, username, role, active, created_at FROM users WHERE id = ?', [lastInsertRowid])!;
    appendEvent(db, actor, { action: 'user.create', entityType: 'user', entityId: user.id, after: { username: user.username, role: user.role } });
    return user;
  });
}
