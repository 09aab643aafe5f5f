import type { DB } from '../db/database';
import { anyUserExists, findLogin } from '../db/users';
import { verifyPassword, type ScryptParams } from './auth/passwords';
import { SYSTEM_ACTOR } from '../db/events';
import type { Role } from '../shared/roles';
import { DEMO_ACCOUNTS } from './domain/demoAccounts';
import { createUser } from './services/users';
import { importLcbFile } from './services/lcbImport';
import { autoAssign } from './services/assignments';
import { importAnnotationsFile } from './services/annotationImport';
import { DATA_DIR } from './config';
import path from 'node:path';

export { DEMO_ACCOUNTS } from './domain/demoAccounts';

export function isEmpty(db: DB): boolean {
  return !anyUserExists(db);
}

/** The demo problems: short original statements in LiveCodeBench's record format. */
export const DEMO_PROBLEMS = path.join(DATA_DIR, 'problems.jsonl');

/** Demo double annotations (alice/bob/carol), some agreeing and some not, so cross-check and agreement have data. */
export const DEMO_ANNOTATIONS = path.join(DATA_DIR, 'annotations.jsonl');

/**
 * Seed the demo on first start: accounts, then the demo problems and work from data/. The
 * accounts' hashes use the server's scrypt parameters unless `scrypt` says otherwise (tests that
 * only need the demo as their world pass the fixtures' cheaper ones).
 */
export async function seedDemo(db: DB, { scrypt }: { scrypt?: ScryptParams } = {}): Promise<void> {
  for (const account of DEMO_ACCOUNTS) await createUser(db, SYSTEM_ACTOR, account, scrypt);
  await importLcbFile(db, DEMO_PROBLEMS, SYSTEM_ACTOR);
  await importAnnotationsFile(db, SYSTEM_ACTOR, DEMO_ANNOTATIONS);
  autoAssign(db, SYSTEM_ACTOR);
}

export interface DemoAccountState {
  username: string;
  role: Role;
  /** The published demo password while the stored hash still matches it, else null. */
  demoPassword: string | null;
}

/**
 * The demo accounts that exist and are active, each with its demo password only while that is
 * still its password (checked against the stored hash, never assumed from the name).
 */
export async function demoAccountStates(db: DB): Promise<DemoAccountState[]> {
  const states = await Promise.all(
    DEMO_ACCOUNTS.map(async (account) => {
      const row = findLogin(db, account.username);
      if (!row || row.active !== 1) return null;
      const still = await verifyPassword(account.password, row.password_hash);
      return { username: account.username, role: row.role, demoPassword: still ? account.password : null };
    }),
  );
  return states.filter((s): s is DemoAccountState => s !== null);
}
