import type { DB } from './database';

/**
 * What a database file holds as a schema: the checks of backup, restore and the health check.
 * These read SQLite's own catalogue and the migration log, never the data.
 */

export function tableExists(db: DB, name: string): boolean {
  return Boolean(db.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = ?").get(name));
}

export interface SchemaObject {
  type: string;
  name: string;
  sql: string;
}

/** Tables, indexes, triggers and views with their SQL as stored; SQLite's own objects left out. */
export function readSchemaObjects(db: DB): SchemaObject[] {
  return db.prepare("SELECT type, name, sql FROM sqlite_master WHERE sql IS NOT NULL AND name NOT LIKE 'sqlite\\_%' ESCAPE '\\' ORDER BY type, name").all() as SchemaObject[];
}

/** The migrations recorded in a database, in order. */
export function recordedMigrations(db: DB): { version: number; name: string }[] {
  return db.prepare('SELECT version, name FROM schema_migrations ORDER BY version').all() as { version: number; name: string }[];
}

/** SQLite's integrity check: every problem it reports (none when the file is intact). */
export function integrityProblems(db: DB): string[] {
  const result = db.pragma('integrity_check', { simple: false }) as { integrity_check: string }[];
  return result.map((r) => r.integrity_check).filter((m) => m !== 'ok');
}

/** The highest migration applied (not a number when the log is empty). */
export function migrationLevel(db: DB): unknown {
  return db.prepare('SELECT MAX(version) FROM schema_migrations').pluck().get();
}

/** How many users and problems the database holds (what `restore` reports). */
export function countUsersAndProblems(db: DB): { users: number; problems: number } {
  return {
    users: db.prepare('SELECT COUNT(*) FROM users').pluck().get() as number,
    problems: db.prepare('SELECT COUNT(*) FROM problems').pluck().get() as number,
  };
}

/** The tables whose rows are counted: what a check, a report or a test reads as "how many are stored". */
export type CountedTable =
  | 'users' | 'problems' | 'assignments' | 'annotations' | 'annotation_points' | 'adjudications' | 'gold_points' | 'events' | 'releases'
  | 'release_files' | 'sessions' | 'runs' | 'run_records' | 'run_releases' | 'task_overrides' | 'task_ids' | 'task_exclusions' | 'comments'
  | 'suggestions' | 'suggestion_jobs' | 'suggestion_job_problems' | 'suggestion_exposures' | 'pilot_sessions' | 'pilot_turns'
  | 'pilot_code_runs' | 'pilot_code_snapshots' | 'schema_migrations';

/** How many rows a table holds. */
export function countRows(db: DB, table: CountedTable): number {
  return db.prepare(`SELECT COUNT(*) FROM ${table}`).pluck().get() as number;
}
