import { all, get, run, type DB } from './database';
import type { Role } from '../shared/roles';

/** An account without its password hash. */
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

export function findUserById(db: DB, id: number | bigint): UserRow | undefined {
  return get<UserRow>(db, 'SELECT id, username, role, active, created_at FROM users WHERE id = ?', [id]);
}

export function listUsers(db: DB): UserRow[] {
  return all<UserRow>(db, 'SELECT id, username, role, active, created_at FROM users ORDER BY role, username');
}

export function userExists(db: DB, username: string): boolean {
  return get(db, 'SELECT 1 FROM users WHERE username = ?', [username]) !== undefined;
}

export function anyUserExists(db: DB): boolean {
  return get(db, 'SELECT 1 FROM users LIMIT 1') !== undefined;
}

/** Insert an account; returns its id. */
export function insertUser(db: DB, username: string, role: Role, passwordHash: string): number {
  return Number(run(db, 'INSERT INTO users (username, role, password_hash) VALUES (?, ?, ?)', [username, role, passwordHash]).lastInsertRowid);
}

export function updateRoleAndActive(db: DB, userId: number, role: Role, active: boolean): void {
  run(db, 'UPDATE users SET role = ?, active = ? WHERE id = ?', [role, active ? 1 : 0, userId]);
}

export function updatePasswordHash(db: DB, userId: number, passwordHash: string): void {
  run(db, 'UPDATE users SET password_hash = ? WHERE id = ?', [passwordHash, userId]);
}

/** An account as a login checks it: with its password hash and whether it is active. */
export interface LoginRow {
  id: number;
  username: string;
  role: Role;
  password_hash: string;
  active: number;
}

export function findLogin(db: DB, username: string): LoginRow | undefined {
  return get<LoginRow>(db, 'SELECT id, username, role, password_hash, active FROM users WHERE username = ?', [username]);
}

/** Deactivate an account (it can no longer sign in) or activate it again, its role kept. */
export function setUserActive(db: DB, userId: number, active: boolean): void {
  run(db, 'UPDATE users SET active = ? WHERE id = ?', [active ? 1 : 0, userId]);
}
