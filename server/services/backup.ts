import Database from 'better-sqlite3';
import fs from 'node:fs';
import path from 'node:path';
import { listMigrations, migrate, type DB } from '../../db/database';
import { makeSelfContained } from '../../db/connection';
import { integrityProblems, readSchemaObjects, recordedMigrations, tableExists, type SchemaObject } from '../../db/schema';

/** Pages copied per backup step, so progress can be shown on large databases. */
const PAGES_PER_STEP = 256;
/** "Everything that is left" in one step (the source may have grown since the last report). */
const ALL_PAGES = 0x7fffffff;

export interface BackupProgress {
  totalPages: number;
  remainingPages: number;
}

export class BackupError extends Error {}

/**
 * Copy a live database with SQLite's online backup API. Another connection writing during the
 * copy makes SQLite restart it; after the first restart the rest is copied in one step (a
 * single read snapshot; in WAL mode writers keep going), so a busy server cannot starve it.
 */
async function copyOnline(source: DB, target: string, onProgress?: (p: BackupProgress) => void): Promise<void> {
  let lastRemaining = Infinity;
  let restarted = false;
  await source.backup(target, {
    progress({ totalPages, remainingPages }) {
      if (remainingPages > lastRemaining) restarted = true;
      lastRemaining = remainingPages;
      onProgress?.({ totalPages, remainingPages });
      return restarted ? ALL_PAGES : PAGES_PER_STEP;
    },
  });
}

const tempName = (file: string) => path.join(path.dirname(file), `.${path.basename(file)}.${process.pid}.${Date.now()}.tmp`);

function removeDbFiles(file: string): void {
  for (const suffix of ['', '-wal', '-shm', '-journal']) fs.rmSync(file + suffix, { force: true });
}

/**
 * Write a consistent copy of db to file. The copy is made under a temporary name, checked, made
 * self-contained (no WAL) and only then renamed into place: a crash never leaves a file that
 * looks like a backup but is not one.
 */
export async function backupDatabase(db: DB, file: string, options: { force?: boolean; onProgress?: (p: BackupProgress) => void } = {}): Promise<{ file: string; bytes: number }> {
  const target = path.resolve(file);
  if (fs.existsSync(target) && !options.force) throw new BackupError(`${target} already exists; choose another name or pass --force.`);
  fs.mkdirSync(path.dirname(target), { recursive: true });
  const temp = tempName(target);
  try {
    await copyOnline(db, temp, options.onProgress);
    const copy = new Database(temp);
    try {
      makeSelfContained(copy);
      assertIntact(copy, temp);
    } finally {
      copy.close();
    }
    fs.renameSync(temp, target);
  } finally {
    removeDbFiles(temp);
  }
  return { file: target, bytes: fs.statSync(target).size };
}

function assertIntact(db: DB, label: string): void {
  const problems = integrityProblems(db);
  if (problems.length > 0) throw new BackupError(`${label} is corrupt: ${problems.slice(0, 5).join('; ')}`);
}

/** Tables, indexes, triggers and views with their SQL (whitespace-normalised); SQLite's own objects left out. */
function schemaOf(db: DB): Map<string, SchemaObject> {
  const rows = readSchemaObjects(db);
  return new Map(rows.map((r) => [`${r.type} ${r.name}`, { ...r, sql: r.sql.replace(/\s+/g, ' ').trim() }]));
}

/** The schema this version's code builds with exactly the given migrations (in an in-memory database). */
function expectedSchema(versions: readonly number[]): Map<string, SchemaObject> {
  const db = new Database(':memory:');
  try {
    migrate(db, listMigrations().filter((m) => versions.includes(m.version)));
    return schemaOf(db);
  } finally {
    db.close();
  }
}

/**
 * A backup is only restored when its schema is exactly what this version's migrations build at
 * the backup's migration level: a missing table or trigger (the append-only log's!) would
 * otherwise pass the integrity check and fail later, or silently stop protecting the data.
 */
function assertExpectedSchema(db: DB, file: string): void {
  const recorded = recordedMigrations(db);
  const names = new Map(listMigrations().map((m) => [m.version, m.name]));
  const differences: string[] = [];
  for (const m of recorded) {
    if (names.get(m.version) !== m.name) differences.push(`migration ${m.version} is "${m.name}" in the backup but "${names.get(m.version)}" here`);
  }
  const expected = expectedSchema(recorded.map((m) => m.version));
  const actual = schemaOf(db);
  for (const [key, want] of expected) {
    const have = actual.get(key);
    if (!have) differences.push(`missing ${key}`);
    else if (have.sql !== want.sql) differences.push(`${key} differs (${have.sql} instead of ${want.sql})`);
  }
  for (const key of actual.keys()) if (!expected.has(key)) differences.push(`unexpected ${key}`);
  if (differences.length > 0) {
    const level = recorded.length > 0 ? recorded[recorded.length - 1]!.version : 0;
    throw new BackupError(`${file}: its schema differs from what CCB Studio expects at migration level ${level}: ${differences.join('; ')}.`);
  }
}

/** Checks that file is an intact CCB Studio database this version can use; returns its migration versions. */
export function verifyBackup(file: string): number[] {
  if (!fs.existsSync(file)) throw new BackupError(`${file} does not exist.`);
  let db: DB;
  try {
    db = new Database(file, { readonly: true, fileMustExist: true });
  } catch (err) {
    throw new BackupError(`${file} cannot be opened as a SQLite database: ${err instanceof Error ? err.message : String(err)}`);
  }
  try {
    try {
      assertIntact(db, file);
    } catch (err) {
      if (err instanceof BackupError) throw err;
      throw new BackupError(`${file} is not a usable SQLite database: ${err instanceof Error ? err.message : String(err)}`);
    }
    for (const table of ['schema_migrations', 'users', 'problems', 'events']) {
      if (!tableExists(db, table)) throw new BackupError(`${file} is not a CCB Studio database (no "${table}" table).`);
    }
    const versions = recordedMigrations(db).map((m) => m.version);
    if (!versions.includes(1)) throw new BackupError(`${file} is not a CCB Studio database (its migrations are missing).`);
    const known = new Set(listMigrations().map((m) => m.version));
    const unknown = versions.filter((v) => !known.has(v));
    if (unknown.length > 0) throw new BackupError(`${file} was made by a newer CCB Studio (unknown migrations ${unknown.join(', ')}); upgrade first.`);
    assertExpectedSchema(db, file);
    return versions;
  } finally {
    db.close();
  }
}

/**
 * Replace the database at target with the backup in file, after checking the backup. The pages
 * are written into the target with the backup API in one write transaction, so the replacement
 * is atomic: a crash leaves the old database, and a running server sees the restored one
 * (copying a file over it would leave the server writing to the old, unlinked file).
 */
export async function restoreDatabase(file: string, target: string, options: { force?: boolean; onProgress?: (p: BackupProgress) => void } = {}): Promise<{ migrations: number[] }> {
  const source = path.resolve(file);
  const destination = path.resolve(target);
  if (source === destination) throw new BackupError('The backup and the target are the same file.');
  const migrations = verifyBackup(source);
  if (fs.existsSync(destination) && !options.force) {
    throw new BackupError(`${destination} already exists; pass --force to replace it with the backup.`);
  }
  fs.mkdirSync(path.dirname(destination), { recursive: true });
  const backup = new Database(source, { readonly: true, fileMustExist: true });
  try {
    await backup.backup(destination, {
      progress({ totalPages, remainingPages }) {
        options.onProgress?.({ totalPages, remainingPages });
        return ALL_PAGES;
      },
    });
  } finally {
    backup.close();
  }
  return { migrations };
}

/** Backups that `backup --dir` writes and rotates: ccb-2025-06-01T02-30-00-000Z.sqlite (UTC, so names sort by time). */
const ROTATED = /^ccb-\d{4}-\d{2}-\d{2}T\d{2}-\d{2}-\d{2}-\d{3}Z\.sqlite$/;

export const rotatedBackupName = (at: Date): string => `ccb-${at.toISOString().replace(/[:.]/g, '-')}.sqlite`;

export interface RotationResult {
  file: string;
  bytes: number;
  /** Verified backups kept, newest first (the new one included). */
  kept: string[];
  deleted: string[];
  /** Backups in the folder that failed verification: never deleted, never counted. */
  unverified: { file: string; reason: string }[];
}

/**
 * Write a timestamped, verified backup into dir and delete the oldest verified backups beyond
 * keep. A new backup that fails verification is removed and nothing else is touched; an old
 * backup that fails verification is left for a person to look at, and does not count.
 */
export async function rotatingBackup(
  db: DB,
  dir: string,
  keep: number,
  options: { now?: Date; onProgress?: (p: BackupProgress) => void } = {},
): Promise<RotationResult> {
  if (!Number.isInteger(keep) || keep < 1) throw new BackupError('--keep must be a whole number of at least 1.');
  const folder = path.resolve(dir);
  const made = await backupDatabase(db, path.join(folder, rotatedBackupName(options.now ?? new Date())), { onProgress: options.onProgress });
  try {
    verifyBackup(made.file);
  } catch (err) {
    fs.rmSync(made.file, { force: true });
    throw new BackupError(`the new backup failed verification and was removed; no old backup was deleted. ${err instanceof Error ? err.message : String(err)}`);
  }
  const verified: string[] = [];
  const unverified: RotationResult['unverified'] = [];
  for (const name of fs.readdirSync(folder).filter((f) => ROTATED.test(f)).sort().reverse()) {
    const file = path.join(folder, name);
    try {
      verifyBackup(file);
      verified.push(file);
    } catch (err) {
      unverified.push({ file, reason: err instanceof Error ? err.message : String(err) });
    }
  }
  const deleted = verified.slice(keep);
  for (const file of deleted) fs.rmSync(file);
  return { file: made.file, bytes: made.bytes, kept: verified.slice(0, keep), deleted, unverified };
}
