import { all, get, run, type DB } from './database';

/** One saved version of the guidelines' team Markdown, with who saved it. */
export interface GuidelinesRow {
  version: number;
  markdown: string;
  saved_by_name: string | null;
  saved_at: string;
}

const SELECT = `SELECT g.version, g.markdown, u.username AS saved_by_name, g.saved_at FROM guidelines_versions g LEFT JOIN users u ON u.id = g.saved_by`;

/** The newest version (migration 300 stores version 1, so there is always one). */
export const readCurrentGuidelines = (db: DB): GuidelinesRow => get<GuidelinesRow>(db, `${SELECT} ORDER BY g.version DESC LIMIT 1`)!;

export const readGuidelinesVersion = (db: DB, version: number): GuidelinesRow | undefined => get<GuidelinesRow>(db, `${SELECT} WHERE g.version = ?`, [version]);

/** The current version's number. */
export const currentGuidelinesVersion = (db: DB): number => get<{ v: number }>(db, 'SELECT MAX(version) AS v FROM guidelines_versions')!.v;

export function insertGuidelinesVersion(db: DB, version: number, markdown: string, userId: number | null): void {
  run(db, 'INSERT INTO guidelines_versions (version, markdown, saved_by) VALUES (?, ?, ?)', [version, markdown, userId]);
}

export interface GuidelinesVersionRow {
  version: number;
  saved_by_name: string | null;
  saved_at: string;
  characters: number;
}

export const readGuidelinesVersions = (db: DB): GuidelinesVersionRow[] =>
  all<GuidelinesVersionRow>(
    db,
    `SELECT g.version, u.username AS saved_by_name, g.saved_at, length(g.markdown) AS characters
       FROM guidelines_versions g LEFT JOIN users u ON u.id = g.saved_by ORDER BY g.version DESC`,
  );

/** Record on a submitted annotation the guidelines version it was submitted under. */
export function recordGuidelinesVersion(db: DB, annotationId: number, version: number): void {
  run(db, 'UPDATE annotations SET guidelines_version = ? WHERE id = ?', [version, annotationId]);
}

/** The guidelines version recorded on an annotation (null: unknown). */
export const annotationGuidelinesVersion = (db: DB, annotationId: number): number | null =>
  get<{ v: number | null }>(db, 'SELECT guidelines_version AS v FROM annotations WHERE id = ?', [annotationId])?.v ?? null;

/** The guidelines version a user last opened the Guidelines page at (null: never since it was recorded). */
export const guidelinesSeenVersion = (db: DB, userId: number): number | null =>
  get<{ version: number }>(db, 'SELECT version FROM guidelines_seen WHERE user_id = ?', [userId])?.version ?? null;

/** Record that a user opened the Guidelines page at `version` (never moves back to an older one). */
export function recordGuidelinesSeen(db: DB, userId: number, version: number): void {
  run(
    db,
    `INSERT INTO guidelines_seen (user_id, version) VALUES (?, ?)
     ON CONFLICT (user_id) DO UPDATE SET version = MAX(version, excluded.version), seen_at = excluded.seen_at`,
    [userId, version],
  );
}
