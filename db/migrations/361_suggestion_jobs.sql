-- Suggestion generation jobs: one row per `suggestions generate` run (CLI or
-- maintainer page), one row per problem of the job with its outcome. The endpoint's address and
-- key are never stored: only the agent (the model's name) and the prompt's version.
CREATE TABLE suggestion_jobs (
  id             INTEGER PRIMARY KEY,
  agent          TEXT NOT NULL,
  prompt_version TEXT NOT NULL,
  status         TEXT NOT NULL CHECK (status IN ('running', 'done', 'failed')),
  -- 1 while the endpoint accepts response_format (structured output); 0 once it refused it.
  structured     INTEGER NOT NULL DEFAULT 1,
  started_by     TEXT NOT NULL,
  created_at     TEXT NOT NULL,
  finished_at    TEXT,
  -- Why the whole job stopped (status 'failed'), with any key removed.
  error          TEXT
);

CREATE TABLE suggestion_job_problems (
  job_id         INTEGER NOT NULL REFERENCES suggestion_jobs(id) ON DELETE CASCADE,
  problem_id     INTEGER NOT NULL REFERENCES problems(id) ON DELETE CASCADE,
  position       INTEGER NOT NULL,
  -- NULL while pending; 'skipped' = already generated for this agent and prompt version.
  outcome        TEXT CHECK (outcome IN ('stored', 'skipped', 'malformed', 'no-points', 'failed')),
  attempts       INTEGER NOT NULL DEFAULT 0,
  tokens_in      INTEGER,
  tokens_out     INTEGER,
  -- Quoted spans not found (or found more than once) in the base text, and points left without a deletion.
  dropped_spans  INTEGER NOT NULL DEFAULT 0,
  dropped_points INTEGER NOT NULL DEFAULT 0,
  suggestion_id  INTEGER,
  detail         TEXT,
  finished_at    TEXT,
  PRIMARY KEY (job_id, problem_id)
);
CREATE INDEX suggestion_job_problems_order ON suggestion_job_problems(job_id, position);
