import { transaction, type DB } from '../../../db/database';
import {
  insertExportRelease,
  insertReleaseFile,
  markReleasePublished,
  readReleaseFile,
  readReleaseFileList,
  readReleaseFiles,
  readReleaseRow,
  readReleaseRowById,
  readReleaseRows,
  releaseNameExists,
  type ReleaseRow,
  type StoredFile,
} from '../../../db/releases';
import { appendEvent, type Actor } from '../../../db/events';
import { DomainError, invalid, notFound } from '../../domain/errors';
import { buildRelease, today, type BuildOptions, type BuiltRelease } from './build';
import { readReleaseSettings } from './settings';

export type { StoredFile };

/** The validation report refused the release: 400 with the report, nothing written. */
export function releaseInvalid(built: BuiltRelease): DomainError {
  const first = built.report.findings.find((f) => f.severity === 'error');
  return new DomainError('validation_failed', `The release has ${built.report.errors} validation error(s)${first ? `; first: ${first.task_id}: ${first.message}` : ''}.`, { report: built.report });
}

export const nothingToRelease = () => invalid('There is nothing to release: no problem has a resolved adjudication yet.');

/** Why a release name cannot be used again (the cut's 409 and the check's finding say the same). */
export const nameTakenMessage = (name: string) => `A release named "${name}" already exists; releases are immutable, choose a new name.`;
const nameTaken = (name: string) => new DomainError('name_taken', nameTakenMessage(name));

/**
 * Build, validate and store a release with all its files in one transaction. Refuses a
 * release with validation errors (400) or a name already used (409); writes nothing then.
 * The cut date (today, UTC) is its datePublished; the card settings saved on the Releases
 * page are copied into the release.
 */
export function cutRelease(db: DB, actor: Actor, buildOptions: Omit<BuildOptions, 'date' | 'settings'>): { release: ReleaseRow; built: BuiltRelease } {
  if (releaseNameExists(db, buildOptions.name)) throw nameTaken(buildOptions.name);
  return transaction(db, () => {
    const createdAt = new Date().toISOString();
    const options = { ...buildOptions, date: today(new Date(createdAt)), settings: readReleaseSettings(db) };
    if (releaseNameExists(db, options.name)) throw nameTaken(options.name);
    const built = buildRelease(db, options);
    if (built.report.errors > 0) throw releaseInvalid(built);
    if (built.manifest.counts.tasks === 0) throw nothingToRelease();
    const releaseId = insertExportRelease(db, {
      name: options.name,
      notes: options.notes,
      policy: options.policy,
      manifest: JSON.stringify(built.manifest),
      settings: JSON.stringify(options.settings),
      createdBy: actor.id,
      createdAt,
    });
    for (const f of built.files) insertReleaseFile(db, releaseId, f);
    appendEvent(db, actor, {
      action: 'release.cut',
      entityType: 'release',
      entityId: options.name,
      after: { name: options.name, version: built.manifest.version, date: options.date, policy: options.policy, extended: options.extended, counts: built.manifest.counts },
      details: { files: built.manifest.files, warnings: built.report.warnings },
    });
    const row = readReleaseRowById(db, releaseId)!;
    return { release: row, built };
  });
}

export function listReleases(db: DB): ReleaseRow[] {
  return readReleaseRows(db);
}

function releaseRow(db: DB, name: string): ReleaseRow {
  const row = readReleaseRow(db, name);
  if (!row) throw notFound(`No release named "${name}".`);
  return row;
}

/** A stored release with the list of its files (path, size and checksum, not their content). */
export function getRelease(db: DB, name: string): { release: ReleaseRow; files: { path: string; bytes: number; sha256: string }[] } {
  const release = releaseRow(db, name);
  return { release, files: readReleaseFileList(db, release.id) };
}

export function releaseFiles(db: DB, name: string): { release: ReleaseRow; files: StoredFile[] } {
  const release = releaseRow(db, name);
  return { release, files: readReleaseFiles(db, release.id) };
}

export function releaseFile(db: DB, name: string, path: string): StoredFile {
  const row = releaseRow(db, name);
  const file = readReleaseFile(db, row.id, path);
  if (!file) throw notFound(`Release "${name}" has no file "${path}".`);
  return file;
}

/**
 * Mark a release published (made public): from then on a pilot study drawn from it must say so,
 * since a pilot could look a task's text up in it. Publishing twice is refused (409), nothing written.
 */
export function publishRelease(db: DB, actor: Actor, name: string, now: Date = new Date()): ReleaseRow {
  return transaction(db, () => {
    const row = releaseRow(db, name);
    const at = now.toISOString();
    if (!markReleasePublished(db, row.id, actor.id, at)) {
      throw new DomainError('release_published', `Release "${name}" is already published (on ${row.published_at!.slice(0, 10)}); a release is published once.`);
    }
    appendEvent(db, actor, { action: 'release.publish', entityType: 'release', entityId: name, before: { publishedAt: null }, after: { publishedAt: at } });
    return readReleaseRowById(db, row.id)!;
  });
}
