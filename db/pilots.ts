/** Pilot studies' SQL: named functions with parameterised statements. */
import { all, get, run, type DB } from './database';
import { decodeJson, stringList } from './storedJson';
import { studyTasks, type StudyTasks } from '../shared/schemas/pilots';

export interface StudyRow {
  id: number;
  name: string;
  release_name: string;
  release_sha256: string;
  /** How the study chose its tasks (a damaged stored value reads as all tasks; it is only shown). */
  sampling: StudyTasks;
  pilots_per_task: number;
  max_rounds: number;
  threshold: number;
  time_limit_minutes: number | null;
  created_by: string | null;
  created_at: string;
  /** 1 when the study was drawn from a published release (the maintainer allowed it). */
  from_published_release: 0 | 1;
}

const SELECT_STUDY = `SELECT s.id, s.name, s.release_name, s.release_sha256, s.sampling, s.pilots_per_task, s.max_rounds, s.threshold,
    s.time_limit_minutes, u.username AS created_by, s.created_at, s.from_published_release
  FROM pilot_studies s LEFT JOIN users u ON u.id = s.created_by`;

type StoredStudyRow = Omit<StudyRow, 'sampling'> & { sampling: string };
const ALL_TASKS: StudyTasks = { mode: 'all' };
const studyFromRow = (r: StoredStudyRow): StudyRow => ({ ...r, sampling: decodeJson(r.sampling, studyTasks, ALL_TASKS) });
const oneStudy = (r: StoredStudyRow | undefined): StudyRow | undefined => r && studyFromRow(r);

export const studyByName = (db: DB, name: string): StudyRow | undefined => oneStudy(get<StoredStudyRow>(db, `${SELECT_STUDY} WHERE s.name = ?`, [name]));
export const studyById = (db: DB, id: number): StudyRow | undefined => oneStudy(get<StoredStudyRow>(db, `${SELECT_STUDY} WHERE s.id = ?`, [id]));
/** Who created the study (the pilot runs are recorded as theirs, never as the pilot's). */
export const studyCreatorId = (db: DB, id: number): number | null => get<{ created_by: number | null }>(db, 'SELECT created_by FROM pilot_studies WHERE id = ?', [id])?.created_by ?? null;
export const listStudyRows = (db: DB): StudyRow[] => all<StoredStudyRow>(db, `${SELECT_STUDY} ORDER BY s.created_at, s.id`).map(studyFromRow);

export interface NewStudy {
  name: string;
  releaseName: string;
  releaseSha256: string;
  sampling: unknown;
  pilotsPerTask: number;
  maxRounds: number;
  threshold: number;
  timeLimitMinutes: number | null;
  createdBy: number | null;
  /** Usernames the maintainer let in although they once held a role that reads key questions. */
  keyReaderOverride: readonly string[];
  fromPublishedRelease: boolean;
}

export function insertStudy(db: DB, s: NewStudy): number {
  return Number(
    run(
      db,
      `INSERT INTO pilot_studies (name, release_name, release_sha256, sampling, pilots_per_task, max_rounds, threshold, time_limit_minutes, created_by, key_reader_override, from_published_release)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      [
        s.name,
        s.releaseName,
        s.releaseSha256,
        JSON.stringify(s.sampling),
        s.pilotsPerTask,
        s.maxRounds,
        s.threshold,
        s.timeLimitMinutes,
        s.createdBy,
        JSON.stringify(s.keyReaderOverride),
        s.fromPublishedRelease ? 1 : 0,
      ],
    ).lastInsertRowid,
  );
}

export const insertStudyTask = (db: DB, studyId: number, taskId: string, position: number): void => {
  run(db, 'INSERT INTO pilot_study_tasks (study_id, task_id, position) VALUES (?, ?, ?)', [studyId, taskId, position]);
};
export const studyTaskCount = (db: DB, studyId: number): number => get<{ n: number }>(db, 'SELECT COUNT(*) AS n FROM pilot_study_tasks WHERE study_id = ?', [studyId])!.n;

// ---------------------------------------------------------------- pilots and aliases

export interface AccountRow {
  id: number;
  username: string;
  role: string;
  active: number;
}

export const accountByName = (db: DB, username: string): AccountRow | undefined =>
  get<AccountRow>(db, 'SELECT id, username, role, active FROM users WHERE username = ?', [username]);

/** The largest number N of an alias "P<N>" so far (0 for none): aliases continue over studies. */
export const lastAliasNumber = (db: DB): number =>
  get<{ n: number | null }>(db, `SELECT MAX(CAST(substr(alias, 2) AS INTEGER)) AS n FROM pilot_aliases WHERE alias GLOB 'P[0-9]*'`)!.n ?? 0;

export const insertAlias = (db: DB, studyId: number, userId: number, alias: string): void => {
  run(db, 'INSERT INTO pilot_aliases (study_id, user_id, alias) VALUES (?, ?, ?)', [studyId, userId, alias]);
};

export interface AliasRow {
  study_id: number;
  user_id: number;
  alias: string;
  username: string;
}

export const aliasesOfStudy = (db: DB, studyId: number): AliasRow[] =>
  all<AliasRow>(db, 'SELECT a.study_id, a.user_id, a.alias, u.username FROM pilot_aliases a JOIN users u ON u.id = a.user_id WHERE a.study_id = ? ORDER BY a.alias', [studyId]);

export const aliasRow = (db: DB, alias: string): (AliasRow & { study: string }) | undefined =>
  get<AliasRow & { study: string }>(
    db,
    `SELECT a.study_id, a.user_id, a.alias, u.username, s.name AS study FROM pilot_aliases a
      JOIN users u ON u.id = a.user_id JOIN pilot_studies s ON s.id = a.study_id WHERE a.alias = ?`,
    [alias],
  );

/** Every alias with its study's name: which runs are pilots'. */
export const allAliases = (db: DB): { alias: string; study: string; study_id: number; user_id: number }[] =>
  all(db, 'SELECT a.alias, s.name AS study, a.study_id, a.user_id FROM pilot_aliases a JOIN pilot_studies s ON s.id = a.study_id');

/**
 * The problems (question ids) each of these users may not get: those they were assigned or
 * annotated, those whose adjudication they edited or resolved, and those they already hold a
 * pilot task of in any study.
 */
export function problemsWorkedBy(db: DB, userIds: readonly number[]): { user_id: number; question_id: string }[] {
  if (userIds.length === 0) return [];
  const ids = JSON.stringify(userIds);
  return all(
    db,
    `WITH who(id) AS (SELECT value FROM json_each(?))
     SELECT a.user_id, p.question_id FROM assignments a JOIN problems p ON p.id = a.problem_id WHERE a.user_id IN (SELECT id FROM who)
     UNION SELECT n.user_id, p.question_id FROM annotations n JOIN problems p ON p.id = n.problem_id WHERE n.user_id IN (SELECT id FROM who)
     UNION SELECT d.updated_by, p.question_id FROM adjudications d JOIN problems p ON p.id = d.problem_id WHERE d.updated_by IN (SELECT id FROM who)
     UNION SELECT d.resolved_by, p.question_id FROM adjudications d JOIN problems p ON p.id = d.problem_id WHERE d.resolved_by IN (SELECT id FROM who)
     UNION SELECT s.user_id, s.question_id FROM pilot_sessions s WHERE s.user_id IN (SELECT id FROM who)`,
    [ids],
  );
}

/**
 * Which of these users have ever held one of `roles`: their current role, or a role their account
 * was created with or changed from or to (the user.create / user.update events).
 */
export function usersWhoHeldRoles(db: DB, userIds: readonly number[], roles: readonly string[]): number[] {
  if (userIds.length === 0 || roles.length === 0) return [];
  const ids = JSON.stringify(userIds);
  const held = JSON.stringify(roles);
  return all<{ id: number }>(
    db,
    `WITH who(id) AS (SELECT value FROM json_each(?)), held(role) AS (SELECT value FROM json_each(?))
     SELECT u.id FROM users u WHERE u.id IN (SELECT id FROM who) AND u.role IN (SELECT role FROM held)
     UNION SELECT CAST(e.entity_id AS INTEGER) FROM events e
      WHERE e.entity_type = 'user' AND e.action IN ('user.create', 'user.update') AND CAST(e.entity_id AS INTEGER) IN (SELECT id FROM who)
        AND (json_extract(e.after, '$.role') IN (SELECT role FROM held) OR json_extract(e.before, '$.role') IN (SELECT role FROM held))`,
    [ids, held],
  ).map((r) => r.id);
}

/** The usernames let in although they read key questions once (a damaged list lets no one in). */
export const studyKeyReaderOverride = (db: DB, studyId: number): string[] =>
  decodeJson(get<{ key_reader_override: string }>(db, 'SELECT key_reader_override FROM pilot_studies WHERE id = ?', [studyId])?.key_reader_override ?? '[]', stringList, []);

// ---------------------------------------------------------------- sessions

export const insertSession = (db: DB, studyId: number, userId: number, taskId: string, questionId: string, position: number): number =>
  Number(
    run(db, 'INSERT INTO pilot_sessions (study_id, user_id, task_id, question_id, position) VALUES (?, ?, ?, ?, ?)', [studyId, userId, taskId, questionId, position])
      .lastInsertRowid,
  );

export interface SessionRow {
  id: number;
  study_id: number;
  study: string;
  release_sha256: string;
  max_rounds: number;
  threshold: number;
  time_limit_minutes: number | null;
  user_id: number;
  task_id: string;
  question_id: string;
  position: number;
  status: 'new' | 'asking' | 'coding' | 'submitted';
  opened_at: string | null;
  first_question_at: string | null;
  code_started_at: string | null;
  submitted_at: string | null;
  code: string;
  version: number;
  saved_at: string | null;
  active_ms: number;
  /** Active time is credited up to here (ms; server/services/activeTime.ts); null before the first save since migration 240. */
  active_mark_ms: number | null;
  pastes: number;
  rounds_used: number;
}

const SELECT_SESSION = `SELECT p.*, s.name AS study, s.release_sha256, s.max_rounds, s.threshold, s.time_limit_minutes,
    (SELECT COUNT(*) FROM pilot_turns t WHERE t.session_id = p.id) AS rounds_used
  FROM pilot_sessions p JOIN pilot_studies s ON s.id = p.study_id`;

/** Remove every session of a study (with their turns and code). */
export const deleteSessionsOfStudy = (db: DB, studyId: number): void => {
  run(db, 'DELETE FROM pilot_sessions WHERE study_id = ?', [studyId]);
};

export const sessionRow = (db: DB, id: number): SessionRow | undefined => get<SessionRow>(db, `${SELECT_SESSION} WHERE p.id = ?`, [id]);
export const sessionsOfUser = (db: DB, userId: number): SessionRow[] =>
  all<SessionRow>(db, `${SELECT_SESSION} WHERE p.user_id = ? ORDER BY s.created_at, s.id, p.position`, [userId]);
export const sessionsOfStudy = (db: DB, studyId: number): SessionRow[] =>
  all<SessionRow>(db, `${SELECT_SESSION} WHERE p.study_id = ? ORDER BY p.id`, [studyId]);
/** One pilot's submitted sessions of a study, in release order: their run's records. */
export const submittedSessions = (db: DB, studyId: number, userId: number): SessionRow[] =>
  all<SessionRow>(db, `${SELECT_SESSION} WHERE p.study_id = ? AND p.user_id = ? AND p.status = 'submitted' ORDER BY p.position`, [studyId, userId]);

export const markOpened = (db: DB, id: number, at: string): void => {
  run(db, `UPDATE pilot_sessions SET opened_at = ?, status = 'asking' WHERE id = ? AND opened_at IS NULL`, [at, id]);
};
/** Set when a session's task was opened: its clock (time limit, skip) counts from there. */
export const setOpenedAt = (db: DB, id: number, at: string): void => {
  run(db, 'UPDATE pilot_sessions SET opened_at = ? WHERE id = ?', [at, id]);
};
export const markCoding = (db: DB, id: number, at: string): void => {
  run(db, `UPDATE pilot_sessions SET status = 'coding', code_started_at = COALESCE(code_started_at, ?) WHERE id = ? AND status IN ('new', 'asking')`, [at, id]);
};
export const markFirstQuestion = (db: DB, id: number, at: string): void => {
  run(db, 'UPDATE pilot_sessions SET first_question_at = COALESCE(first_question_at, ?) WHERE id = ?', [at, id]);
};

/** Save the code when the version is still `version`; false when it is stale (nothing written). */
export function saveCode(db: DB, id: number, version: number, code: string, activeMs: number, activeMarkMs: number, pastes: number, at: string, submit: boolean): boolean {
  const changed = run(
    db,
    `UPDATE pilot_sessions SET code = ?, version = version + 1, saved_at = ?, active_ms = active_ms + ?, active_mark_ms = ?, pastes = pastes + ?,
       status = CASE WHEN ? THEN 'submitted' ELSE status END, submitted_at = CASE WHEN ? THEN ? ELSE submitted_at END,
       code_started_at = COALESCE(code_started_at, ?)
     WHERE id = ? AND version = ? AND status <> 'submitted'`,
    [code, at, activeMs, activeMarkMs, pastes, submit ? 1 : 0, submit ? 1 : 0, at, at, id, version],
  ).changes;
  return changed > 0;
}

/** The task ends without code: its last allowed question was asked (the benchmark's max_turns). */
export const endWithoutCode = (db: DB, id: number, at: string): void => {
  run(db, `UPDATE pilot_sessions SET status = 'submitted', submitted_at = ? WHERE id = ? AND status <> 'submitted'`, [at, id]);
};

/** The latest snapshot of a session: when, whether its code is `code`, and the characters all its snapshots hold. */
export const latestSnapshot = (db: DB, sessionId: number, code: string): { saved_at: string; same: number; chars: number } | undefined =>
  get(
    db,
    `SELECT saved_at, code = ? AS same, (SELECT SUM(length(code)) FROM pilot_code_snapshots WHERE session_id = ?) AS chars
       FROM pilot_code_snapshots WHERE session_id = ? ORDER BY version DESC LIMIT 1`,
    [code, sessionId, sessionId],
  );

export const insertSnapshot = (db: DB, sessionId: number, version: number, code: string, at: string): void => {
  run(db, 'INSERT INTO pilot_code_snapshots (session_id, version, code, saved_at) VALUES (?, ?, ?, ?)', [sessionId, version, code, at]);
};

/** Every snapshot of a session's code, oldest first. */
export const snapshotsOfSession = (db: DB, sessionId: number): { version: number; code: string; saved_at: string }[] =>
  all(db, 'SELECT version, code, saved_at FROM pilot_code_snapshots WHERE session_id = ? ORDER BY version', [sessionId]);

export const snapshotCount = (db: DB, sessionId: number): number =>
  get<{ n: number }>(db, 'SELECT COUNT(*) AS n FROM pilot_code_snapshots WHERE session_id = ?', [sessionId])!.n;

/** The session's number in its pilot's list of that study (1-based, release order). */
export const sessionNumber = (db: DB, s: Pick<SessionRow, 'study_id' | 'user_id' | 'position'>): number =>
  get<{ n: number }>(db, 'SELECT COUNT(*) AS n FROM pilot_sessions WHERE study_id = ? AND user_id = ? AND position <= ?', [s.study_id, s.user_id, s.position])!.n;

// ---------------------------------------------------------------- turns

export interface TurnRow {
  id: number;
  session_id: number;
  turn: number;
  question: string;
  answer: string;
  asked_at: string;
  matched: number;
  similarity: number;
  live_hit: number;
  live_key: number | null;
  reviewed_hit: number | null;
  reviewed_key: number | null;
  review_note: string | null;
  reviewed_by: string | null;
  reviewed_at: string | null;
}

const SELECT_TURN = `SELECT t.id, t.session_id, t.turn, t.question, t.answer, t.asked_at, t.matched, t.similarity, t.live_hit, t.live_key,
    t.reviewed_hit, t.reviewed_key, t.review_note, u.username AS reviewed_by, t.reviewed_at
  FROM pilot_turns t LEFT JOIN users u ON u.id = t.reviewed_by`;

export const turnsOfSession = (db: DB, sessionId: number): TurnRow[] => all<TurnRow>(db, `${SELECT_TURN} WHERE t.session_id = ? ORDER BY t.turn`, [sessionId]);

export interface NewTurn {
  sessionId: number;
  turn: number;
  question: string;
  answer: string;
  askedAt: string;
  matched: number;
  similarity: number;
  liveKey: number | null;
}

export const insertTurn = (db: DB, t: NewTurn): void => {
  run(
    db,
    `INSERT INTO pilot_turns (session_id, turn, question, answer, asked_at, matched, similarity, live_hit, live_key) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    [t.sessionId, t.turn, t.question, t.answer, t.askedAt, t.matched, t.similarity, t.liveKey === null ? 0 : 1, t.liveKey],
  );
};

/** Every question asked in a study so far, in the order asked: part of the live answer's vocabulary. */
export const studyQuestionTexts = (db: DB, studyId: number): string[] =>
  all<{ question: string }>(db, 'SELECT t.question FROM pilot_turns t JOIN pilot_sessions p ON p.id = t.session_id WHERE p.study_id = ? ORDER BY t.id', [studyId]).map(
    (r) => r.question,
  );

/** How many questions a study has so far. */
export const studyQuestionCount = (db: DB, studyId: number): number =>
  get<{ n: number }>(db, 'SELECT COUNT(*) AS n FROM pilot_turns t JOIN pilot_sessions p ON p.id = t.session_id WHERE p.study_id = ?', [studyId])!.n;

/** The studies where a question may still be asked (a session not yet in code or submitted), with their release. */
export const studiesStillAsking = (db: DB): { id: number; release_sha256: string }[] =>
  all<{ id: number; release_sha256: string }>(
    db,
    "SELECT s.id, s.release_sha256 FROM pilot_studies s WHERE EXISTS (SELECT 1 FROM pilot_sessions p WHERE p.study_id = s.id AND p.status IN ('new', 'asking')) ORDER BY s.id",
  );

/** The study's questions from the `offset`-th on, in the order asked. */
export const studyQuestionTextsFrom = (db: DB, studyId: number, offset: number): string[] =>
  all<{ question: string }>(
    db,
    'SELECT t.question FROM pilot_turns t JOIN pilot_sessions p ON p.id = t.session_id WHERE p.study_id = ? ORDER BY t.id LIMIT -1 OFFSET ?',
    [studyId, offset],
  ).map((r) => r.question);

export interface ReviewRow extends TurnRow {
  /** 0 before the first review; each review adds one. */
  review_version: number;
  alias: string;
  user_id: number;
  task_id: string;
  question_id: string;
}

const SELECT_REVIEW = `SELECT t.id, t.session_id, t.turn, t.question, t.answer, t.asked_at, t.matched, t.similarity, t.live_hit, t.live_key,
    t.reviewed_hit, t.reviewed_key, t.review_note, u.username AS reviewed_by, t.reviewed_at, t.review_version, a.alias, p.user_id, p.task_id, p.question_id
  FROM pilot_turns t JOIN pilot_sessions p ON p.id = t.session_id
  JOIN pilot_aliases a ON a.study_id = p.study_id AND a.user_id = p.user_id
  LEFT JOIN users u ON u.id = t.reviewed_by`;

export const reviewRows = (db: DB, studyId: number): ReviewRow[] =>
  all<ReviewRow>(db, `${SELECT_REVIEW} WHERE p.study_id = ? ORDER BY p.position, a.alias, t.turn`, [studyId]);
export const reviewRow = (db: DB, studyId: number, turnId: number): ReviewRow | undefined =>
  get<ReviewRow>(db, `${SELECT_REVIEW} WHERE p.study_id = ? AND t.id = ?`, [studyId, turnId]);

/** Store a review when the review is still at `version`; false when it is stale (nothing written). */
export const setReview = (db: DB, turnId: number, version: number, hit: boolean, key: number | null, note: string, by: number | null, at: string): boolean =>
  run(
    db,
    'UPDATE pilot_turns SET reviewed_hit = ?, reviewed_key = ?, review_note = ?, reviewed_by = ?, reviewed_at = ?, review_version = review_version + 1 WHERE id = ? AND review_version = ?',
    [hit ? 1 : 0, key, note, by, at, turnId, version],
  ).changes > 0;
