import { all, get, run, type DB } from './database';

/** A stored release (releases), with the username of whoever cut or imported it. */
export interface ReleaseRow {
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

export interface StoredFile {
  path: string;
  content: Buffer;
}

const SELECT_RELEASE = `SELECT r.id, r.name, r.kind, r.notes, r.policy, r.manifest, r.settings, r.created_at, u.username AS created_by
  FROM releases r LEFT JOIN users u ON u.id = r.created_by`;

export const releaseNameExists = (db: DB, name: string): boolean => get(db, 'SELECT 1 FROM releases WHERE name = ?', [name]) !== undefined;

export const readReleaseRow = (db: DB, name: string): ReleaseRow | undefined => get<ReleaseRow>(db, `${SELECT_RELEASE} WHERE r.name = ?`, [name]);
export const readReleaseRowById = (db: DB, id: number | bigint): ReleaseRow | undefined => get<ReleaseRow>(db, `${SELECT_RELEASE} WHERE r.id = ?`, [id]);
export const readReleaseRows = (db: DB): ReleaseRow[] => all<ReleaseRow>(db, `${SELECT_RELEASE} ORDER BY r.id DESC`);

/** The name of the newest stored release (the one a new export continues). */
export const newestReleaseName = (db: DB): string | null => get<{ name: string }>(db, 'SELECT name FROM releases ORDER BY id DESC LIMIT 1')?.name ?? null;

export interface NewRelease {
  name: string;
  notes: string;
  policy: string;
  manifest: string;
  settings: string;
  createdBy: number | null;
  createdAt: string;
}

/** Insert an exported release's row; its id. */
export function insertExportRelease(db: DB, r: NewRelease): number | bigint {
  return run(db, 'INSERT INTO releases (name, notes, policy, kind, manifest, settings, created_by, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)', [
    r.name,
    r.notes,
    r.policy,
    'export',
    r.manifest,
    r.settings,
    r.createdBy,
    r.createdAt,
  ]).lastInsertRowid;
}

export function insertReleaseFile(db: DB, releaseId: number | bigint, f: { path: string; content: Buffer; sha256: string }): void {
  run(db, 'INSERT INTO release_files (release_id, path, content, sha256) VALUES (?, ?, ?, ?)', [releaseId, f.path, f.content, f.sha256]);
}

export const readReleaseFileList = (db: DB, releaseId: number): { path: string; bytes: number; sha256: string }[] =>
  all(db, 'SELECT path, length(content) AS bytes, sha256 FROM release_files WHERE release_id = ? ORDER BY path', [releaseId]);

export const readReleaseFiles = (db: DB, releaseId: number): StoredFile[] => all<StoredFile>(db, 'SELECT path, content FROM release_files WHERE release_id = ? ORDER BY path', [releaseId]);

export const readReleaseFile = (db: DB, releaseId: number, path: string): StoredFile | undefined =>
  get<StoredFile>(db, 'SELECT path, content FROM release_files WHERE release_id = ? AND path = ?', [releaseId, path]);

/** The card settings saved for the next release (release_settings), as stored JSON text. */
export const readReleaseSettingsText = (db: DB): string | undefined => get<{ settings: string }>(db, 'SELECT settings FROM release_settings WHERE id = 1')?.settings;

export function writeReleaseSettingsText(db: DB, settings: string, userId: number | null): void {
  run(
    db,
    `INSERT INTO release_settings (id, settings, updated_by) VALUES (1, ?, ?)
     ON CONFLICT (id) DO UPDATE SET settings = excluded.settings, updated_by = excluded.updated_by,
       updated_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now')`,
    [settings, userId],
  );
}

/** Subsets a release leaves out on purpose (task_exclusions). */
export const readTaskExclusions = (db: DB): { problem_id: number; subset: string }[] => all(db, 'SELECT problem_id, subset FROM task_exclusions');

/** The id and SHA-256 of a stored release's file at `path`. */
export const findReleaseFileSha = (db: DB, name: string, path: string): { id: number; sha256: string } | undefined =>
  get(db, `SELECT f.release_id AS id, f.sha256 FROM release_files f JOIN releases r ON r.id = f.release_id WHERE r.name = ? AND f.path = ?`, [name, path]);

/** The oldest stored release whose file at `path` has these bytes (by SHA-256). */
export const findReleaseNameBySha = (db: DB, path: string, sha256: string): string | undefined =>
  get<{ name: string }>(db, `SELECT r.name FROM release_files f JOIN releases r ON r.id = f.release_id WHERE f.path = ? AND f.sha256 = ? ORDER BY r.id LIMIT 1`, [path, sha256])?.name;
