import { all, get, run, transaction, type DB } from '../../../db/database';
import { appendEvent, type Actor } from '../../../db/events';
import type { ReleaseManifest, ReleaseSummary } from '../../../shared/schemas/release';
import type { ReleaseSettings } from '../../../shared/schemas/releaseSettings';
import { AppError, conflict, notFound } from '../../http/errors';
import { buildRelease, today, type BuildOptions, type BuiltRelease } from './build';
import { readReleaseSettings } from './settings';

interface ReleaseRow {
  id: number;
  name: string;
  kind: 'export' | 'legacy';
  notes: string;
  policy: string;
  manifest: string;
  settings: string;
  created_at: string;
  created_by: string | null;
}

const SELECT_RELEASE = `SELECT r.id, r.name, r.kind, r.notes, r.policy, r.manifest, r.settings, r.created_at, u.username AS created_by
  FROM releases r LEFT JOIN users u ON u.id = r.created_by`;

function present(row: ReleaseRow): ReleaseSummary {
  return {
    name: row.name,
    kind: row.kind,
    notes: row.notes,
    policy: row.policy,
    createdBy: row.created_by,
    createdAt: row.created_at,
    manifest: JSON.parse(row.manifest) as ReleaseManifest,
    settings: JSON.parse(row.settings) as Partial<ReleaseSettings>,
  };
}

/** The validation report refused the release: 400 with the report, nothing written. */
export function releaseInvalid(built: BuiltRelease): AppError {
  const first = built.report.findings.find((f) => f.severity === 'error');
  return new AppError(400, 'validation_failed', `The release has ${built.report.errors} validation error(s)${first ? `; first: ${first.task_id}: ${first.message}` : ''}.`, { report: built.report });
}

export const nothingToRelease = () => new AppError(400, 'bad_request', 'There is nothing to release: no problem has a resolved adjudication yet.');

/** Why a release name cannot be used again (the cut's 409 and the check's finding say the same). */
export const nameTakenMessage = (name: string) => `A release named "${name}" already exists; releases are immutable, choose a new name.`;
const nameTaken = (name: string) => conflict(nameTakenMessage(name));

/**
 * Build, validate and store a release with all its files in one transaction. Refuses a
 * release with validation errors (400) or a name already used (409); writes nothing then.
 * The cut date (today, UTC) is its datePublished; the card settings saved on the Releases
 * page are copied into the release.
 */
export function cutRelease(db: DB, actor: Actor, buildOptions: Omit<BuildOptions, 'date' | 'settings'>): { release: ReleaseSummary; built: BuiltRelease } {
  if (get(db, 'SELECT 1 FROM releases WHERE name = ?', [buildOptions.name])) throw nameTaken(buildOptions.name);
  return transaction(db, () => {
    const createdAt = new Date().toISOString();
    const options = { ...buildOptions, date: today(new Date(createdAt)), settings: readReleaseSettings(db) };
    if (get(db, 'SELECT 1 FROM releases WHERE name = ?', [options.name])) throw nameTaken(options.name);
    const built = buildRelease(db, options);
    if (built.report.errors > 0) throw releaseInvalid(built);
    if (built.manifest.counts.tasks === 0) throw nothingToRelease();
    const { lastInsertRowid } = run(db, 'INSERT INTO releases (name, notes, policy, kind, manifest, settings, created_by, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)', [
      options.name,
      options.notes,
      options.policy,
      'export',
      JSON.stringify(built.manifest),
      JSON.stringify(options.settings),
      actor.id,
      createdAt,
    ]);
    for (const f of built.files) run(db, 'INSERT INTO release_files (release_id, path, content, sha256) VALUES (?, ?, ?, ?)', [lastInsertRowid, f.path, f.content, f.sha256]);
    appendEvent(db, actor, {
      action: 'release.cut',
      entityType: 'release',
      entityId: options.name,
      after: { name: options.name, version: built.manifest.version, date: options.date, policy: options.policy, extended: options.extended, counts: built.manifest.counts },
      details: { files: built.manifest.files, warnings: built.report.warnings },
    });
    const row = get<ReleaseRow>(db, `${SELECT_RELEASE} WHERE r.id = ?`, [lastInsertRowid])!;
    return { release: present(row), built };
  });
}

export function listReleases(db: DB): ReleaseSummary[] {
  return all<ReleaseRow>(db, `${SELECT_RELEASE} ORDER BY r.id DESC`).map(present);
}

function releaseRow(db: DB, name: string): ReleaseRow {
  const row = get<ReleaseRow>(db, `${SELECT_RELEASE} WHERE r.name = ?`, [name]);
  if (!row) throw notFound(`No release named "${name}".`);
  return row;
}

export function getRelease(db: DB, name: string): ReleaseSummary & { files: { path: string; bytes: number; sha256: string }[] } {
  const row = releaseRow(db, name);
  const files = all<{ path: string; bytes: number; sha256: string }>(db, 'SELECT path, length(content) AS bytes, sha256 FROM release_files WHERE release_id = ? ORDER BY path', [row.id]);
  return { ...present(row), files };
}

export interface StoredFile {
  path: string;
  content: Buffer;
}

export function releaseFiles(db: DB, name: string): { release: ReleaseSummary; files: StoredFile[] } {
  const row = releaseRow(db, name);
  const files = all<StoredFile>(db, 'SELECT path, content FROM release_files WHERE release_id = ? ORDER BY path', [row.id]);
  return { release: present(row), files };
}

export function releaseFile(db: DB, name: string, path: string): StoredFile {
  const row = releaseRow(db, name);
  const file = get<StoredFile>(db, 'SELECT path, content FROM release_files WHERE release_id = ? AND path = ?', [row.id, path]);
  if (!file) throw notFound(`Release "${name}" has no file "${path}".`);
  return file;
}
