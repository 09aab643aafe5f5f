/** Runs and tests of pilots' code, the study's test condition and skip setting, skipped tasks. */
import { all, get, run, type DB } from './database';
import type { TestsMode } from '../shared/schemas/pilotProtocol';

export interface SessionToolsRow {
  tests_mode: TestsMode;
  skip_after_minutes: number;
  skipped_at: string | null;
  skip_reason: string | null;
  public_test_cases: string;
  metadata: string;
}

/** The study's settings and the problem's public tests for one session. */
export const sessionTools = (db: DB, sessionId: number): SessionToolsRow | undefined =>
  get<SessionToolsRow>(
    db,
    `SELECT s.tests_mode, s.skip_after_minutes, p.skipped_at, p.skip_reason, pr.public_test_cases, pr.metadata
       FROM pilot_sessions p JOIN pilot_studies s ON s.id = p.study_id JOIN problems pr ON pr.question_id = p.question_id
      WHERE p.id = ?`,
    [sessionId],
  );

export const setStudyProtocol = (db: DB, studyId: number, testsMode: TestsMode, skipAfterMinutes: number): void => {
  run(db, 'UPDATE pilot_studies SET tests_mode = ?, skip_after_minutes = ? WHERE id = ?', [testsMode, skipAfterMinutes, studyId]);
};

export const studyProtocol = (db: DB, studyId: number): { tests_mode: TestsMode; skip_after_minutes: number } | undefined =>
  get(db, 'SELECT tests_mode, skip_after_minutes FROM pilot_studies WHERE id = ?', [studyId]);

export interface CodeRunRecord {
  sessionId: number;
  kind: 'run' | 'test' | 'submit_test';
  at: string;
  ms: number;
  exitCode: number | null;
  timedOut: boolean;
  truncated: boolean;
  passed: number | null;
  total: number | null;
}

export const insertCodeRun = (db: DB, r: CodeRunRecord): void => {
  run(
    db,
    `INSERT INTO pilot_code_runs (session_id, kind, at, ms, exit_code, timed_out, truncated, passed, total) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    [r.sessionId, r.kind, r.at, r.ms, r.exitCode, r.timedOut ? 1 : 0, r.truncated ? 1 : 0, r.passed, r.total],
  );
};

/** The submitted code's one recorded test on the public tests, if it ran. */
export const submitTestOf = (db: DB, sessionId: number): { passed: number | null; total: number | null } | undefined =>
  get(db, `SELECT passed, total FROM pilot_code_runs WHERE session_id = ? AND kind = 'submit_test' ORDER BY id LIMIT 1`, [sessionId]);

export interface CodeRunRow {
  session_id: number;
  kind: CodeRunRecord['kind'];
  at: string;
  ms: number;
  exit_code: number | null;
  timed_out: 0 | 1;
  truncated: 0 | 1;
  passed: number | null;
  total: number | null;
}

/** A session's code runs (Run, Test, the test at submit), oldest first. */
export const codeRunsOfSession = (db: DB, sessionId: number): CodeRunRow[] =>
  all<CodeRunRow>(db, 'SELECT session_id, kind, at, ms, exit_code, timed_out, truncated, passed, total FROM pilot_code_runs WHERE session_id = ? ORDER BY id', [sessionId]);

export const codeRunsOfStudy = (db: DB, studyId: number): CodeRunRow[] =>
  all<CodeRunRow>(
    db,
    `SELECT r.session_id, r.kind, r.at, r.ms, r.exit_code, r.timed_out, r.truncated, r.passed, r.total
       FROM pilot_code_runs r JOIN pilot_sessions p ON p.id = r.session_id WHERE p.study_id = ? ORDER BY r.id`,
    [studyId],
  );

/** Whether the pilot skipped the session. */
export const isSkipped = (db: DB, sessionId: number): boolean =>
  get<{ n: number }>(db, 'SELECT COUNT(*) AS n FROM pilot_sessions WHERE id = ? AND skipped_at IS NOT NULL', [sessionId])!.n > 0;

/** Mark a session skipped; false when it was already skipped or submitted. */
export const markSkipped = (db: DB, sessionId: number, at: string, reason: string): boolean =>
  run(db, `UPDATE pilot_sessions SET skipped_at = ?, skip_reason = ? WHERE id = ? AND skipped_at IS NULL AND status <> 'submitted'`, [at, reason, sessionId]).changes === 1;

// ---------------------------------------------------------------- questionnaires

export const questionnaireAnswers = (db: DB, sessionId: number, scope: string): { question: string; value: number }[] =>
  all(db, 'SELECT question, value FROM pilot_questionnaire_answers WHERE session_id = ? AND scope = ? ORDER BY question', [sessionId, scope]);

/** The end-of-study answers of one pilot in one study, whichever session they were given from. */
export const studyAnswersOf = (db: DB, studyId: number, userId: number): { question: string; value: number }[] =>
  all(
    db,
    `SELECT a.question, a.value FROM pilot_questionnaire_answers a JOIN pilot_sessions p ON p.id = a.session_id
      WHERE p.study_id = ? AND p.user_id = ? AND a.scope = 'study' ORDER BY a.question`,
    [studyId, userId],
  );

export const insertAnswer = (db: DB, sessionId: number, scope: string, question: string, value: number, at: string): void => {
  run(db, 'INSERT INTO pilot_questionnaire_answers (session_id, scope, question, value, answered_at) VALUES (?, ?, ?, ?, ?)', [sessionId, scope, question, value, at]);
};

/** The pilot's sessions of the study that are neither submitted nor skipped. */
export const unfinishedSessions = (db: DB, studyId: number, userId: number): number =>
  get<{ n: number }>(db, `SELECT COUNT(*) AS n FROM pilot_sessions WHERE study_id = ? AND user_id = ? AND status <> 'submitted' AND skipped_at IS NULL`, [studyId, userId])!.n;

export const questionnaireMeans = (db: DB, studyId: number): { scope: string; question: string; mean: number; n: number }[] =>
  all(
    db,
    `SELECT a.scope, a.question, AVG(a.value) AS mean, COUNT(*) AS n FROM pilot_questionnaire_answers a JOIN pilot_sessions p ON p.id = a.session_id
      WHERE p.study_id = ? GROUP BY a.scope, a.question`,
    [studyId],
  );

/** Every answer of the study, for the export. */
export const studyAnswers = (db: DB, studyId: number): { session_id: number; scope: string; question: string; value: number; answered_at: string }[] =>
  all(
    db,
    `SELECT a.session_id, a.scope, a.question, a.value, a.answered_at FROM pilot_questionnaire_answers a JOIN pilot_sessions p ON p.id = a.session_id
      WHERE p.study_id = ? ORDER BY a.session_id, a.scope, a.question`,
    [studyId],
  );
