import fs from 'node:fs';
import { parseArgs, type ParseArgsConfig } from 'node:util';
import { openDatabase, type DB } from '../../db/database';
import { dbPath } from '../config';
import type { CliIo } from './io';

/** What a command gets besides its arguments: where to write, and how to ask. */
export interface CommandContext {
  io: CliIo;
  /** One line (or block) on standard output. */
  print(text: string): void;
  /** One line (or block) on standard error. */
  printError(text: string): void;
}

export interface Command {
  name: string;
  /** One line: arguments and options. */
  usage: string;
  summary: string;
  run(argv: string[], ctx: CommandContext): Promise<number> | number;
}

/** A user-facing CLI failure: printed without a stack trace. */
export class CliError extends Error {
  constructor(
    message: string,
    readonly exitCode = 1,
  ) {
    super(message);
  }
}

export function parse<T extends NonNullable<ParseArgsConfig['options']>>(argv: string[], options: T, allowPositionals = true) {
  try {
    return parseArgs({ args: argv, options, allowPositionals, strict: true });
  } catch (err) {
    throw new CliError(err instanceof Error ? err.message : String(err), 2);
  }
}

/** The one positional argument a command takes; anything else is a usage error (exit 2). */
export function onePositional(positionals: readonly string[], message: string): string {
  const [only] = positionals;
  if (only === undefined || positionals.length !== 1) throw new CliError(message, 2);
  return only;
}

/** A path that must name an existing file. */
export function existingFile(file: string, exitCode = 1): string {
  if (!fs.existsSync(file) || !fs.statSync(file).isFile()) throw new CliError(`no such file: ${file}`, exitCode);
  return file;
}

export const dbOption = { db: { type: 'string' } } as const;

export interface WithDbOptions {
  /**
   * The database must already exist: a typo in --db is an error instead of a new, empty
   * database. Only the importers and `users add` may create one.
   */
  mustExist: boolean;
}

/**
 * Open the database named by --db (or CCB_DB, or the default), migrate it, run fn, and close it
 * whatever happens. With mustExist, a path with no database fails before anything is created.
 */
export async function withDb<T>(explicit: string | undefined, options: WithDbOptions, fn: (db: DB, file: string) => T | Promise<T>): Promise<T> {
  const file = dbPath(explicit);
  if (options.mustExist && !isFile(file)) throw new CliError(`no database at ${file} (create one with import-lcb or npm start)`);
  const db = openDatabase(file);
  try {
    return await fn(db, file);
  } finally {
    db.close();
  }
}

function isFile(file: string): boolean {
  try {
    return fs.statSync(file).isFile();
  } catch {
    return false;
  }
}
