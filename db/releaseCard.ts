import { all, get, type DB } from './database';

/**
 * Facts of a release's data card. The release's problem ids are ONE SQL parameter (a JSON
 * array read with json_each), so a release of any size stays under SQLite's limit of 32,766
 * parameters per statement.
 */
const RELEASE_IDS = '(SELECT value FROM json_each(?))';

/** Time on task of the submitted annotations of these problems, fastest first. */
export const readSubmittedEffort = (db: DB, problemIds: readonly number[]): { user_id: number; active_ms: number }[] =>
  all(db, `SELECT user_id, active_ms FROM annotations WHERE status = 'submitted' AND problem_id IN ${RELEASE_IDS} ORDER BY active_ms`, [JSON.stringify(problemIds)]);

/** The LiveCodeBench release of these problems' statements, most frequent first. */
export const readLcbVersionCounts = (db: DB, problemIds: readonly number[]): { label: string; count: number }[] =>
  all(
    db,
    `SELECT COALESCE(lcb_version, 'not recorded') AS label, COUNT(*) AS count FROM problems WHERE id IN ${RELEASE_IDS}
      GROUP BY label ORDER BY count DESC, label`,
    [JSON.stringify(problemIds)],
  );

/** How many of these problems were adjudicated here, and how many of those doubly annotated. */
export const readAdjudicatedCounts = (db: DB, problemIds: readonly number[]): { adjudicated: number; doubly: number } =>
  get<{ adjudicated: number; doubly: number }>(
    db,
    `SELECT COUNT(*) AS adjudicated,
            COALESCE(SUM((SELECT COUNT(*) FROM annotations an WHERE an.problem_id = a.problem_id AND an.status = 'submitted') >= 2), 0) AS doubly
       FROM adjudications a WHERE a.source = 'adjudication' AND a.problem_id IN ${RELEASE_IDS}`,
    [JSON.stringify(problemIds)],
  )!;

/** The guidelines versions of the submitted annotations of these problems adjudicated here (null last: not recorded). */
export const readGuidelinesVersionCounts = (db: DB, problemIds: readonly number[]): { version: number | null; annotations: number }[] =>
  all(
    db,
    `SELECT an.guidelines_version AS version, COUNT(*) AS annotations
       FROM annotations an JOIN adjudications a ON a.problem_id = an.problem_id
      WHERE an.status = 'submitted' AND a.source = 'adjudication' AND an.problem_id IN ${RELEASE_IDS}
      GROUP BY an.guidelines_version ORDER BY an.guidelines_version IS NULL, an.guidelines_version`,
    [JSON.stringify(problemIds)],
  );

/** These problems' imported gold, per legacy release and the sha256 of its file at `path`. */
export const readImportedCounts = (db: DB, problemIds: readonly number[], path: string): { release: string | null; sha256: string | null; problems: number }[] =>
  all(
    db,
    `SELECT a.legacy_release AS release, f.sha256, COUNT(*) AS problems
       FROM adjudications a
       LEFT JOIN releases r ON r.name = a.legacy_release
       LEFT JOIN release_files f ON f.release_id = r.id AND f.path = ?
      WHERE a.source = 'legacy' AND a.problem_id IN ${RELEASE_IDS}
      GROUP BY a.legacy_release, f.sha256 ORDER BY MIN(a.problem_id)`,
    [path, JSON.stringify(problemIds)],
  );

/**
 * The accounts behind these problems' gold points adjudicated here: who submitted their
 * annotations, and who resolved them; account names, sorted.
 */
export function readCardPeople(db: DB, problemIds: readonly number[]): { annotators: string[]; adjudicators: string[] } {
  const ids = JSON.stringify(problemIds);
  const adjudicated = `(SELECT problem_id FROM adjudications WHERE source = 'adjudication' AND problem_id IN ${RELEASE_IDS})`;
  const annotators = all<{ username: string }>(
    db,
    `SELECT DISTINCT u.username FROM annotations an JOIN users u ON u.id = an.user_id
      WHERE an.status = 'submitted' AND an.problem_id IN ${adjudicated} ORDER BY u.username`,
    [ids],
  );
  const adjudicators = all<{ username: string }>(
    db,
    `SELECT DISTINCT u.username FROM adjudications a JOIN users u ON u.id = a.resolved_by
      WHERE a.source = 'adjudication' AND a.problem_id IN ${RELEASE_IDS} ORDER BY u.username`,
    [ids],
  );
  return { annotators: annotators.map((r) => r.username), adjudicators: adjudicators.map((r) => r.username) };
}
