import fs from 'node:fs';
import path from 'node:path';
import { invalid } from '../../domain/errors';
import { MANIFEST_FILE, type BuiltFile } from './build';

/** A folder we may replace: missing, empty, or a release written by us before. */
function replaceable(dir: string): boolean {
  if (!fs.existsSync(dir)) return true;
  if (!fs.statSync(dir).isDirectory()) return false;
  const entries = fs.readdirSync(dir);
  return entries.length === 0 || entries.includes(MANIFEST_FILE);
}

const STALE_MS = 10 * 60_000;
/** A release folder is published as ordinary files: folders rwxr-xr-x, files rw-r--r-- (set explicitly, whatever the umask). */
export const DIR_MODE = 0o755;
export const FILE_MODE = 0o644;

/** Temporary folders that an export killed mid-way left next to the target (older than a few minutes). */
function removeStaleTemporaries(parent: string, base: string, now = Date.now()): void {
  if (!fs.existsSync(parent)) return;
  for (const entry of fs.readdirSync(parent)) {
    if (!entry.startsWith(`.${base}.tmp-`)) continue;
    const full = path.join(parent, entry);
    if (now - fs.statSync(full).mtimeMs > STALE_MS) fs.rmSync(full, { recursive: true, force: true });
  }
}

/**
 * Write a release folder atomically: the files go into a temporary folder next to the
 * target, which is then renamed into place. A crash leaves at most a hidden temporary
 * folder, never a half-written release under the target name.
 */
export function writeReleaseDir(target: string, files: readonly BuiltFile[]): void {
  const dir = path.resolve(target);
  if (!replaceable(dir)) throw invalid(`${target} exists and is not a release folder; choose an empty or new folder.`);
  const parent = path.dirname(dir);
  removeStaleTemporaries(parent, path.basename(dir));
  fs.mkdirSync(parent, { recursive: true });
  // mkdtemp makes the folder rwx------; it becomes the release folder, so it gets the usual mode.
  const tmp = fs.mkdtempSync(path.join(parent, `.${path.basename(dir)}.tmp-`));
  let old: string | null = null;
  try {
    fs.chmodSync(tmp, DIR_MODE);
    for (const f of files) {
      const file = path.join(tmp, f.path);
      fs.mkdirSync(path.dirname(file), { recursive: true });
      for (let d = path.dirname(file); d !== tmp; d = path.dirname(d)) fs.chmodSync(d, DIR_MODE);
      fs.writeFileSync(file, f.content);
      fs.chmodSync(file, FILE_MODE);
    }
    if (fs.existsSync(dir)) {
      old = `${tmp}.old`;
      fs.renameSync(dir, old);
    }
    fs.renameSync(tmp, dir);
  } catch (err) {
    if (old && !fs.existsSync(dir)) fs.renameSync(old, dir);
    fs.rmSync(tmp, { recursive: true, force: true });
    throw err;
  }
  if (old) removeFolder(old);
}

/**
 * Remove a folder we wrote (files and folders only): children first, so that no `rmdir` is
 * tried on a folder that is not empty yet (which `fs.rmSync` does first, and which some
 * file systems answer slowly); anything unexpected falls back to `fs.rmSync`.
 */
function removeFolder(dir: string): void {
  try {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) removeFolder(full);
      else fs.unlinkSync(full);
    }
    fs.rmdirSync(dir);
  } catch {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
