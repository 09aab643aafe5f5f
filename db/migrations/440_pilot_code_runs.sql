-- Pilot studies at RealHumanEval's level: code run and tested in a sandbox, skip, questionnaires.
-- Whether the public tests are offered while coding (RealHumanEval's condition) or only on the
-- submitted code (the default: the run stays comparable with the models'), and after how many
-- minutes on a task a pilot may skip it (0: at once).
ALTER TABLE pilot_studies ADD COLUMN tests_mode TEXT NOT NULL DEFAULT 'after-submit' CHECK (tests_mode IN ('after-submit', 'while-coding'));
ALTER TABLE pilot_studies ADD COLUMN skip_after_minutes INTEGER NOT NULL DEFAULT 10 CHECK (skip_after_minutes >= 0);

-- Every Run and Test a pilot made, with its time and outcome (the telemetry RealHumanEval keeps).
-- kind: 'run' (the pilot's own input), 'test' (public tests while coding), 'submit_test' (the
-- submitted code on the public tests). passed/total only for tests.
CREATE TABLE pilot_code_runs (
  id         INTEGER PRIMARY KEY,
  session_id INTEGER NOT NULL REFERENCES pilot_sessions(id) ON DELETE CASCADE,
  kind       TEXT NOT NULL CHECK (kind IN ('run', 'test', 'submit_test')),
  at         TEXT NOT NULL,
  ms         INTEGER NOT NULL,
  exit_code  INTEGER,
  timed_out  INTEGER NOT NULL CHECK (timed_out IN (0, 1)),
  truncated  INTEGER NOT NULL CHECK (truncated IN (0, 1)),
  passed     INTEGER,
  total      INTEGER
);
CREATE INDEX pilot_code_runs_session ON pilot_code_runs(session_id, at);

-- A skipped task: unfinished in the run, with the pilot's reason.
ALTER TABLE pilot_sessions ADD COLUMN skipped_at TEXT;
ALTER TABLE pilot_sessions ADD COLUMN skip_reason TEXT;

-- Questionnaire answers: scope 'task' (after each task) or 'study' (once, at the end; stored on
-- the session it was answered from). One answer per question.
CREATE TABLE pilot_questionnaire_answers (
  session_id  INTEGER NOT NULL REFERENCES pilot_sessions(id) ON DELETE CASCADE,
  scope       TEXT NOT NULL CHECK (scope IN ('task', 'study')),
  question    TEXT NOT NULL,
  value       INTEGER NOT NULL,
  answered_at TEXT NOT NULL,
  PRIMARY KEY (session_id, scope, question)
);
