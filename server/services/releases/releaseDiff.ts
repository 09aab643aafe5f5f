import type { DB } from '../../../db/database';
import { readReleaseFile, readReleaseRow } from '../../../db/releases';
import { diffReleases, type StoredReleaseDiff } from '../../../shared/release/diff';
import { RELEASE_FILE, type ReleaseRecord } from '../../../shared/release/format';
import { parseRelease } from '../../../shared/release/validate';
import { invalid, notFound } from '../../domain/errors';

/** The records of a release file's text; a file that does not parse is refused with its first bad lines. */
export function releaseRecords(text: string, label: string): ReleaseRecord[] {
  const parsed = parseRelease(text);
  const errors = parsed.findings.filter((f) => f.severity === 'error');
  if (errors.length > 0) {
    const more = errors.length > 3 ? ` (and ${errors.length - 3} more)` : '';
    throw invalid(`${label}: ${errors.slice(0, 3).map((f) => f.message).join('; ')}${more}`);
  }
  return parsed.records.map((r) => r.record);
}

function storedRecords(db: DB, name: string): ReleaseRecord[] {
  const release = readReleaseRow(db, name);
  if (!release) throw notFound(`No release named "${name}".`);
  const file = readReleaseFile(db, release.id, RELEASE_FILE);
  if (!file) throw notFound(`Release "${name}" has no ${RELEASE_FILE}.`);
  return releaseRecords(file.content.toString('utf8'), name);
}

/** The diff between two releases stored in the app, matched by task_id. */
export function diffStoredReleases(db: DB, oldName: string, newName: string): StoredReleaseDiff {
  const before = storedRecords(db, oldName);
  const after = storedRecords(db, newName);
  return { old: { name: oldName, tasks: before.length }, new: { name: newName, tasks: after.length }, ...diffReleases(before, after) };
}
