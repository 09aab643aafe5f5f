-- foreign_keys: off
-- A job whose process stopped (a server restart, a killed CLI) stayed 'running' forever. Each job
-- now records the process running it (runner_pid), and a server starting marks every 'running'
-- job whose process is gone as 'interrupted'. SQLite cannot change a CHECK constraint in place,
-- so the table is rebuilt (SQLite's documented procedure, foreign keys off and checked).
CREATE TABLE suggestion_jobs_new (
  id             INTEGER PRIMARY KEY,
  agent          TEXT NOT NULL,
  prompt_version TEXT NOT NULL,
  status         TEXT NOT NULL CHECK (status IN ('running', 'done', 'failed', 'interrupted')),
  structured     INTEGER NOT NULL DEFAULT 1,
  started_by     TEXT NOT NULL,
  created_at     TEXT NOT NULL,
  finished_at    TEXT,
  error          TEXT,
  -- The operating-system process running the job while it is 'running'; NULL for jobs from before.
  runner_pid     INTEGER
);
INSERT INTO suggestion_jobs_new (id, agent, prompt_version, status, structured, started_by, created_at, finished_at, error)
  SELECT id, agent, prompt_version, status, structured, started_by, created_at, finished_at, error FROM suggestion_jobs;
DROP TABLE suggestion_jobs;
ALTER TABLE suggestion_jobs_new RENAME TO suggestion_jobs;
