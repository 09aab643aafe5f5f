import type { DB } from '../../db/database';
import { insertUser } from '../../db/users';
import { findProblemId, insertProblem, maxImportOrder } from '../../db/problems';
import { insertAssignment } from '../../db/assignments';
import { normalizeBaseText } from '../../shared/baseText';
import type { Role } from '../../shared/roles';
import { hashPassword } from '../../server/auth/passwords';

let counter = 0;
const next = () => ++counter;

/**
 * Fixture accounts' hashes are made with N=2^10 instead of the server's 2^15 (the parameters
 * travel in the hash, so every login checks them with the same code at 1/32 of the CPU), one per
 * password per process. Accounts made through the API or CLI get the server's parameters.
 */
export const FIXTURE_SCRYPT = { N: 1 << 10, r: 8, p: 1 };
const hashes = new Map<string, Promise<string>>();
const hashOnce = (password: string) => {
  let h = hashes.get(password);
  if (!h) hashes.set(password, (h = hashPassword(password, FIXTURE_SCRYPT)));
  return h;
};

export interface BuiltUser {
  id: number;
  username: string;
  role: Role;
  password: string;
}

export async function buildUser(db: DB, overrides: Partial<Omit<BuiltUser, 'id'>> = {}): Promise<BuiltUser> {
  const role = overrides.role ?? 'annotator';
  const username = overrides.username ?? `${role}${next()}`;
  const password = overrides.password ?? 'correct-horse-battery';
  const id = insertUser(db, username, role, await hashOnce(password));
  return { id, username, role, password };
}

export interface BuiltProblem {
  id: number;
  questionId: string;
  baseText: string;
}

export const SAMPLE_STATEMENT = [
  'You are given a length-N sequence A=(A_1,A_2,\\ldots,A_N) of positive integers.',
  'Determine whether A is a geometric progression.',
  '',
  'Input',
  '',
  'The input is given from Standard Input in the following format:',
  'N\r',
  'A_1 A_2 \\ldots A_N',
  '',
  'Output',
  '',
  'If A is a geometric progression, print Yes; otherwise, print No.',
  '',
  'Constraints',
  '',
  '- 2 \\leq N \\leq 100',
  '- All input values are integers.',
  '',
  'Sample Input 1',
  '',
  '5',
  '3 6 12 24 48',
].join('\n');

/** A problem's stored fields that tests choose; the rest are those of a problem without starter code or tests. */
export interface StoredProblemFields {
  questionId: string;
  title: string;
  platform: string;
  contestId: string;
  contestDate: string;
  difficulty: string;
  statement: string;
  baseText: string;
  recordSha256: string;
  importOrder: number;
  publicTestCases?: string;
}

/** Store a problem as an import stores it (no starter code, no private tests, empty metadata); its id. */
export function storeProblem(db: DB, p: StoredProblemFields): number {
  insertProblem(db, { starterCode: '', metadata: '{}', privateTestsBytes: 0, privateTestsSha256: null, ...p, publicTestCases: p.publicTestCases ?? '[]' });
  return findProblemId(db, p.questionId)!;
}

export function buildProblem(db: DB, overrides: { questionId?: string; statement?: string; title?: string; difficulty?: string } = {}): BuiltProblem {
  const n = next();
  const questionId = overrides.questionId ?? `abc${900 + n}_a`;
  const statement = overrides.statement ?? SAMPLE_STATEMENT;
  const baseText = normalizeBaseText(statement);
  const id = storeProblem(db, {
    questionId,
    title: overrides.title ?? `Problem ${n}`,
    platform: 'atcoder',
    contestId: questionId.split('_')[0] ?? 'abc',
    contestDate: '2025-01-25T00:00:00',
    difficulty: overrides.difficulty ?? 'easy',
    statement,
    baseText,
    recordSha256: `sha-${n}`,
    importOrder: maxImportOrder(db) + 1,
  });
  return { id, questionId, baseText };
}

/**
 * A problem whose statement and base text are one given text (no normalisation), stored as an import
 * stores it, for tests of many problems or of texts an import would change; its id.
 */
export function insertTinyProblem(db: DB, p: { questionId: string; title: string; text: string; recordSha256: string; importOrder: number }): number {
  const { text, ...rest } = p;
  return storeProblem(db, { ...rest, platform: 'atcoder', contestId: 'abc', contestDate: '2025-01-01T00:00:00', difficulty: 'easy', statement: text, baseText: text });
}

export function assign(db: DB, problemId: number, userId: number, slot: 1 | 2): void {
  insertAssignment(db, problemId, userId, slot, null);
}
