-- Evaluation runs: one model's run-output file over a release.
-- The release a run is about is identified by the SHA-256 of its JSONL; its tasks, as the runs
-- need them (problem, text, key questions with their types), are kept once per release.
CREATE TABLE run_releases (
  sha256     TEXT PRIMARY KEY,
  name       TEXT NOT NULL,              -- the stored release's name, or the release file's name
  source     TEXT NOT NULL CHECK (source IN ('stored', 'file')),
  tasks      INTEGER NOT NULL,
  created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
);

CREATE TABLE run_release_tasks (
  release_sha256 TEXT NOT NULL REFERENCES run_releases(sha256) ON DELETE CASCADE,
  task_id        TEXT NOT NULL,
  position       INTEGER NOT NULL,
  question_id    TEXT NOT NULL,
  text           TEXT NOT NULL,           -- the underspecified text (modified_content)
  key_questions  TEXT NOT NULL,           -- JSON [{question, answer, type|null}]
  PRIMARY KEY (release_sha256, task_id)
);

CREATE TABLE runs (
  id             INTEGER PRIMARY KEY,
  model          TEXT NOT NULL UNIQUE,
  release_sha256 TEXT NOT NULL REFERENCES run_releases(sha256),
  source_file    TEXT NOT NULL,
  tasks          INTEGER NOT NULL,
  imported_by    INTEGER REFERENCES users(id),
  imported_at    TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
);

CREATE TABLE run_records (
  run_id        INTEGER NOT NULL REFERENCES runs(id) ON DELETE CASCADE,
  position      INTEGER NOT NULL,          -- order in the file (the judge check fits in this order)
  line          INTEGER NOT NULL,
  task_id       TEXT NOT NULL,
  k             INTEGER NOT NULL,
  turns_total   INTEGER NOT NULL,
  finished      INTEGER NOT NULL CHECK (finished IN (0, 1)),
  hit_dict      TEXT NOT NULL,             -- JSON {"0": 1, …}
  hit_questions TEXT NOT NULL,             -- JSON [string]
  questions     TEXT NOT NULL,             -- JSON [string]: the asked questions, in turn order
  messages      TEXT NOT NULL,             -- JSON [{role, content}]
  final_code    TEXT NOT NULL,
  tkqr          REAL NOT NULL,
  ora           REAL NOT NULL,
  turns         REAL NOT NULL,
  diff          REAL NOT NULL,
  PRIMARY KEY (run_id, task_id)
);
CREATE INDEX run_records_task ON run_records(task_id);
