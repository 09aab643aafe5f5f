import Database from 'better-sqlite3';
import { AsyncLocalStorage } from 'node:async_hooks';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export type DB = Database.Database;
type Params = readonly unknown[] | Record<string, unknown>;

const MIGRATIONS_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

/**
 * How long a statement waits for another connection's lock. SQLite waits synchronously, which
 * is fine for the CLI; the server sets SERVER_BUSY_TIMEOUT_MS instead and waits asynchronously
 * (server/http/mount.ts), so a lock held elsewhere never freezes its event loop.
 */
export const CLI_BUSY_TIMEOUT_MS = 5000;
export const SERVER_BUSY_TIMEOUT_MS = 5;

/** Open (creating if needed) and migrate a database file. ':memory:' works too. */
export function openDatabase(file: string, options: { migrate?: boolean; readonly?: boolean; busyTimeoutMs?: number } = {}): DB {
  if (file !== ':memory:') fs.mkdirSync(path.dirname(path.resolve(file)), { recursive: true });
  const db = new Database(file, { readonly: options.readonly ?? false });
  if (!options.readonly) db.pragma('journal_mode = WAL');
  db.pragma(`busy_timeout = ${options.busyTimeoutMs ?? CLI_BUSY_TIMEOUT_MS}`);
  db.pragma('foreign_keys = ON');
  db.pragma('synchronous = NORMAL');
  if (options.migrate !== false && !options.readonly) migrate(db);
  return db;
}

export interface Migration {
  version: number;
  name: string;
  sql: string;
}

export function listMigrations(dir = MIGRATIONS_DIR): Migration[] {
  return fs
    .readdirSync(dir)
    .filter((f) => /^\d{3}_[\w-]+\.sql$/.test(f))
    .sort()
    .map((f) => ({ version: Number(f.slice(0, 3)), name: f.replace(/\.sql$/, ''), sql: fs.readFileSync(path.join(dir, f), 'utf8') }));
}

/** Apply every migration not yet recorded, each in its own transaction. Returns the versions applied. */
export function migrate(db: DB, migrations = listMigrations()): number[] {
  db.exec(`CREATE TABLE IF NOT EXISTS schema_migrations (
    version INTEGER PRIMARY KEY, name TEXT NOT NULL,
    applied_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')))`);
  const done = new Set(db.prepare('SELECT version FROM schema_migrations').pluck().all() as number[]);
  const applied: number[] = [];
  for (const m of migrations) {
    if (done.has(m.version)) continue;
    // A migration that rebuilds a table others reference starts with "-- foreign_keys: off": it
    // runs with them off (the pragma is a no-op inside a transaction) and must leave none broken.
    const rebuild = m.sql.startsWith('-- foreign_keys: off');
    const foreignKeys = db.pragma('foreign_keys', { simple: true }) as number;
    if (rebuild) db.pragma('foreign_keys = OFF');
    try {
      db.transaction(() => {
        db.exec(m.sql);
        if (rebuild && (db.pragma('foreign_key_check') as unknown[]).length > 0) throw new Error(`migration ${m.name} leaves broken foreign keys`);
        db.prepare('INSERT INTO schema_migrations (version, name) VALUES (?, ?)').run(m.version, m.name);
      }).immediate();
    } finally {
      if (rebuild) db.pragma(`foreign_keys = ${foreignKeys ? 'ON' : 'OFF'}`);
    }
    applied.push(m.version);
  }
  return applied;
}

// A thin layer over better-sqlite3; statements are cached per database and SQL text.
const cache = new WeakMap<DB, Map<string, Database.Statement>>();
function prepare(db: DB, sql: string): Database.Statement {
  let byText = cache.get(db);
  if (!byText) cache.set(db, (byText = new Map()));
  let stmt = byText.get(sql);
  if (!stmt) byText.set(sql, (stmt = db.prepare(sql)));
  return stmt;
}

function bind(stmt: Database.Statement, params: Params | undefined): unknown[] {
  if (params === undefined) return [];
  return Array.isArray(params) ? [...params] : [params];
}

export function all<T>(db: DB, sql: string, params?: Params): T[] {
  const stmt = prepare(db, sql);
  return stmt.all(...bind(stmt, params)) as T[];
}

/**
 * Rows as arrays, columns in SELECT order: no object per row, for the few reads of hundreds of
 * rows on a hot path. The statement is cached apart, since raw mode is a statement's state.
 */
export function allRows<T extends unknown[]>(db: DB, sql: string, params?: Params): T[] {
  const stmt = prepare(db, `/* rows */ ${sql}`).raw(true);
  return stmt.all(...bind(stmt, params)) as T[];
}

export function get<T>(db: DB, sql: string, params?: Params): T | undefined {
  const stmt = prepare(db, sql);
  return stmt.get(...bind(stmt, params)) as T | undefined;
}

export function run(db: DB, sql: string, params?: Params): Database.RunResult {
  const stmt = prepare(db, sql);
  const result = stmt.run(...bind(stmt, params));
  if (!db.inTransaction) noteCommit();
  return result;
}

/**
 * Whether the work running in a scope (one HTTP request) has committed anything yet: a request
 * that met a locked database before it changed anything can safely be run again later.
 */
export interface WriteScope {
  committed: boolean;
}
const writeScopes = new AsyncLocalStorage<WriteScope>();
export function inWriteScope<T>(scope: WriteScope, fn: () => T): T {
  return writeScopes.run(scope, fn);
}
function noteCommit(): void {
  const scope = writeScopes.getStore();
  if (scope) scope.committed = true;
}

/** How often transaction() retries BEGIN when another connection holds the write lock past busy_timeout. */
export const BUSY_RETRIES = 2;

export function isBusyError(err: unknown): boolean {
  const code = typeof err === 'object' && err !== null ? (err as { code?: unknown }).code : undefined;
  return typeof code === 'string' && /^SQLITE_(BUSY|LOCKED)(_|$)/.test(code);
}

const codeOf = (err: unknown) => (typeof err === 'object' && err !== null ? (err as { code?: unknown }).code : undefined);

/** The disk (or the database's size limit) is full: SQLITE_FULL. */
export function isStorageFullError(err: unknown): boolean {
  const code = codeOf(err);
  return typeof code === 'string' && /^SQLITE_FULL(_|$)/.test(code);
}

/** Reading or writing the database file failed in the operating system: SQLITE_IOERR and its extended codes. */
export function isStorageIoError(err: unknown): boolean {
  const code = codeOf(err);
  return typeof code === 'string' && /^SQLITE_IOERR(_|$)/.test(code);
}

/** One better-sqlite3 transaction function per database, running whatever work is current. */
interface Runner {
  tx: Database.Transaction<() => unknown>;
  work: (() => unknown) | null;
}
const runners = new WeakMap<DB, Runner>();
function runnerFor(db: DB): Runner {
  let runner = runners.get(db);
  if (!runner) {
    const r: Runner = { tx: db.transaction(() => r.work!()), work: null };
    runners.set(db, (runner = r));
  }
  return runner;
}

/**
 * Run fn in one IMMEDIATE transaction (takes the write lock up front, so no upgrade deadlocks).
 * busy_timeout already waits for another connection (the CLI, a backup) to finish writing; if
 * the lock is still held after that, BEGIN is retried a few times (the server's short timeout
 * makes that a few milliseconds; it then waits asynchronously, see inWriteScope). Only BEGIN is retried: once
 * fn has started it may have done work outside the database, so a later failure is not repeated.
 * The transaction function is built once per database (building one costs more than a small
 * write); a nested call becomes a savepoint as before.
 */
export function transaction<T>(db: DB, fn: () => T): T {
  const runner = runnerFor(db);
  const outer = runner.work;
  let started = false;
  runner.work = () => {
    started = true;
    return fn();
  };
  try {
    for (let attempt = 0; ; attempt++) {
      try {
        const result = runner.tx.immediate() as T;
        if (outer === null) noteCommit();
        return result;
      } catch (err) {
        if (started || attempt >= BUSY_RETRIES || !isBusyError(err)) throw err;
      }
    }
  } finally {
    runner.work = outer;
  }
}

/** A write waiting for its commit group: its work, the scope of the request it came from, and how to answer it. */
interface GroupedWrite {
  work: () => unknown;
  scope: WriteScope | undefined;
  resolve: (value: unknown) => void;
  reject: (error: unknown) => void;
}
const commitGroups = new WeakMap<DB, GroupedWrite[]>();

/**
 * Run fn in a transaction shared with the other grouped writes that arrive in the same turn of
 * the event loop: under a stream of draft saves from many annotators, most of a save's cost was
 * its own BEGIN and COMMIT and the pages every save touches (the event log's, the agreement
 * counter's), written once per group instead. Each write is a savepoint of its own, so one that
 * fails is undone alone and fails alone; every promise settles only once COMMIT has returned, so
 * nothing is acknowledged before it is stored. If BEGIN or COMMIT fails, every write of the group
 * fails with that error and none is kept (a busy database can then be retried as before).
 */
export function transactionInGroup<T>(db: DB, fn: () => T): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    let group = commitGroups.get(db);
    if (!group) {
      commitGroups.set(db, (group = []));
      setImmediate(() => commitGroup(db));
    }
    group.push({ work: fn, scope: writeScopes.getStore(), resolve: resolve as (value: unknown) => void, reject });
  });
}

function commitGroup(db: DB): void {
  const group = commitGroups.get(db) ?? [];
  commitGroups.delete(db);
  const outcomes: ({ ok: true; value: unknown } | { ok: false; error: unknown })[] = [];
  try {
    // The group belongs to no single request: its commit is noted on each write's own scope below.
    inWriteScope({ committed: false }, () =>
      transaction(db, () => {
        for (const write of group) {
          try {
            outcomes.push({ ok: true, value: transaction(db, write.work) });
          } catch (error) {
            // Some failures (a full disk, an I/O error) make SQLite end the whole transaction, not
            // only the savepoint: every write of the group is lost with it, and fails with that error.
            if (!db.inTransaction) throw error;
            outcomes.push({ ok: false, error });
          }
        }
      }),
    );
  } catch (error) {
    for (const write of group) write.reject(error);
    return;
  }
  group.forEach((write, i) => {
    const outcome = outcomes[i]!;
    if (!outcome.ok) return write.reject(outcome.error);
    if (write.scope) write.scope.committed = true;
    write.resolve(outcome.value);
  });
}
