import { z } from 'zod';
import { all, get, run, type DB } from './database';
import { decodeJson, decodeVerbatim } from './storedJson';
import type { ReleaseManifest } from '../shared/schemas/release';
import { releaseSettings, withDefaults, type ReleaseSettings } from '../shared/schemas/releaseSettings';

/** A stored release (releases), with the username of whoever cut or imported it. */
export interface ReleaseRow {
  id: number;
  name: string;
  kind: 'export' | 'legacy';
  notes: string;
  policy: string;
  manifest: ReleaseManifest;
  /** The card settings the release was cut with ({} for imported releases). */
  settings: Partial<ReleaseSettings>;
  created_at: string;
  created_by: string | null;
  /** When the release was made public (null: unpublished), and by whom. */
  published_at: string | null;
  published_by: string | null;
}

type StoredReleaseRow = Omit<ReleaseRow, 'manifest' | 'settings'> & { manifest: string; settings: string };

const counts = z.record(z.string(), z.number());
const manifestSchema: z.ZodType<ReleaseManifest> = z.object({
  name: z.string(),
  version: z.string().optional(),
  date: z.string().optional(),
  notes: z.string(),
  policy: z.string(),
  extended: z.boolean(),
  continues: z.string().nullable(),
  tool_version: z.string(),
  counts: z.object({ tasks: z.number(), problems: z.number(), points: z.number(), k: counts, keywords: counts }),
  validation: z.object({ errors: z.number(), warnings: z.number() }),
  files: z.array(z.object({ path: z.string(), bytes: z.number(), sha256: z.string() })),
});
const cardSettings: z.ZodType<Partial<ReleaseSettings>> = releaseSettings.partial();

/** A damaged manifest reads as an empty one of the release's name (the files themselves are stored apart). */
const emptyManifest = (r: StoredReleaseRow): ReleaseManifest => ({
  name: r.name,
  notes: r.notes,
  policy: r.policy,
  extended: false,
  continues: null,
  tool_version: '',
  counts: { tasks: 0, problems: 0, points: 0, k: {}, keywords: {} },
  validation: { errors: 0, warnings: 0 },
  files: [],
});

const releaseFromRow = (r: StoredReleaseRow): ReleaseRow => ({ ...r, manifest: decodeVerbatim(r.manifest, manifestSchema, emptyManifest(r)), settings: decodeVerbatim(r.settings, cardSettings, {}) });

export interface StoredFile {
  path: string;
  content: Buffer;
}

const SELECT_RELEASE = `SELECT r.id, r.name, r.kind, r.notes, r.policy, r.manifest, r.settings, r.created_at, u.username AS created_by,
    r.published_at, p.username AS published_by
  FROM releases r LEFT JOIN users u ON u.id = r.created_by LEFT JOIN users p ON p.id = r.published_by`;

export const releaseNameExists = (db: DB, name: string): boolean => get(db, 'SELECT 1 FROM releases WHERE name = ?', [name]) !== undefined;

const oneRelease = (r: StoredReleaseRow | undefined): ReleaseRow | undefined => r && releaseFromRow(r);
export const readReleaseRow = (db: DB, name: string): ReleaseRow | undefined => oneRelease(get<StoredReleaseRow>(db, `${SELECT_RELEASE} WHERE r.name = ?`, [name]));
export const readReleaseRowById = (db: DB, id: number | bigint): ReleaseRow | undefined => oneRelease(get<StoredReleaseRow>(db, `${SELECT_RELEASE} WHERE r.id = ?`, [id]));
export const readReleaseRows = (db: DB): ReleaseRow[] => all<StoredReleaseRow>(db, `${SELECT_RELEASE} ORDER BY r.id DESC`).map(releaseFromRow);

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

/** Mark a release published; false when it already was (nothing written then). */
export const markReleasePublished = (db: DB, id: number, userId: number | null, at: string): boolean =>
  run(db, 'UPDATE releases SET published_at = ?, published_by = ? WHERE id = ? AND published_at IS NULL', [at, userId, id]).changes === 1;

export function insertReleaseFile(db: DB, releaseId: number | bigint, f: { path: string; content: Buffer; sha256: string }): void {
  run(db, 'INSERT INTO release_files (release_id, path, content, sha256) VALUES (?, ?, ?, ?)', [releaseId, f.path, f.content, f.sha256]);
}

export const readReleaseFileList = (db: DB, releaseId: number): { path: string; bytes: number; sha256: string }[] =>
  all(db, 'SELECT path, length(content) AS bytes, sha256 FROM release_files WHERE release_id = ? ORDER BY path', [releaseId]);

export const readReleaseFiles = (db: DB, releaseId: number): StoredFile[] => all<StoredFile>(db, 'SELECT path, content FROM release_files WHERE release_id = ? ORDER BY path', [releaseId]);

export const readReleaseFile = (db: DB, releaseId: number, path: string): StoredFile | undefined =>
  get<StoredFile>(db, 'SELECT path, content FROM release_files WHERE release_id = ? AND path = ?', [releaseId, path]);

/** The card settings saved for the next release (release_settings), every missing or damaged key filled from the defaults. */
export function readNextReleaseSettings(db: DB): ReleaseSettings {
  const text = get<{ settings: string }>(db, 'SELECT settings FROM release_settings WHERE id = 1')?.settings;
  return withDefaults(text === undefined ? {} : decodeJson(text, z.unknown(), {}));
}

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
