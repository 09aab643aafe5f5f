import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
/** The runtime database lives in a git-ignored folder. */
export const DEFAULT_DB = path.join(ROOT, 'var', 'ccb.sqlite');
export const DEFAULT_CLIENT_DIR = path.join(ROOT, 'client', 'dist');
export const DATA_DIR = path.join(ROOT, 'data');

export function dbPath(explicit?: string): string {
  return path.resolve(explicit ?? process.env.CCB_DB ?? DEFAULT_DB);
}
