-- Batches, a maintainer's unit of work with a due date.
CREATE TABLE batches (
  id                INTEGER PRIMARY KEY,
  name              TEXT NOT NULL UNIQUE COLLATE NOCASE,
  -- The last day of the batch (YYYY-MM-DD, UTC): its work is overdue from the day after.
  due_date          TEXT NOT NULL,
  -- How model suggestions are offered on the batch's problems; NULL: the global policy.
  suggestion_policy TEXT CHECK (suggestion_policy IN ('off', 'after-draft', 'always')),
  created_by        INTEGER REFERENCES users(id),
  created_at        TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
);

-- A problem is in at most one batch: the problem is the key.
CREATE TABLE batch_problems (
  problem_id INTEGER PRIMARY KEY REFERENCES problems(id) ON DELETE CASCADE,
  batch_id   INTEGER NOT NULL REFERENCES batches(id) ON DELETE CASCADE
);
CREATE INDEX batch_problems_batch ON batch_problems(batch_id);
