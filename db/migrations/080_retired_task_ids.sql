-- Task ids a continued release gave to tasks that an adjudicator has since changed or dropped.
-- They are never handed out again, so an id always names one task across releases.
CREATE TABLE retired_task_ids (
  task_id    TEXT PRIMARY KEY,
  problem_id INTEGER NOT NULL REFERENCES problems(id) ON DELETE CASCADE,
  subset     TEXT NOT NULL,
  retired_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
);
