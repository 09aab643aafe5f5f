import fs from 'node:fs';
import { parseArgs, type ParseArgsConfig } from 'node:util';
import { openDatabase, type DB } from '../../db/database';
import { dbPath } from '../config';

export interface Command {
  name: string;
  /** One line: arguments and options. */
  usage: string;
  summary: string;
  run(argv: string[]): Promise<number> | number;
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

export function openDb(explicit: string | undefined): DB {
  return openDatabase(dbPath(explicit));
}
