-- Pilot studies: people work release tasks under the benchmark's protocol.
CREATE TABLE pilot_studies (
  id                 INTEGER PRIMARY KEY,
  name               TEXT NOT NULL UNIQUE,
  release_name       TEXT NOT NULL,
  release_sha256     TEXT NOT NULL REFERENCES run_releases(sha256),
  sampling           TEXT NOT NULL,            -- JSON: {mode: 'all'} or {mode: 'sample', size, seed}
  pilots_per_task    INTEGER NOT NULL,
  max_rounds         INTEGER NOT NULL,
  threshold          REAL NOT NULL,
  time_limit_minutes INTEGER,
  created_by         INTEGER REFERENCES users(id),
  created_at         TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
);

-- A pilot's alias in one study. Aliases are unique over all studies, so a person cannot be
-- linked across studies by alias, and `human:<alias>` names exactly one run.
CREATE TABLE pilot_aliases (
  study_id INTEGER NOT NULL REFERENCES pilot_studies(id) ON DELETE CASCADE,
  user_id  INTEGER NOT NULL REFERENCES users(id),
  alias    TEXT NOT NULL UNIQUE,
  PRIMARY KEY (study_id, user_id)
);

CREATE TABLE pilot_study_tasks (
  study_id INTEGER NOT NULL REFERENCES pilot_studies(id) ON DELETE CASCADE,
  task_id  TEXT NOT NULL,
  position INTEGER NOT NULL,                   -- the task's position in the release
  PRIMARY KEY (study_id, task_id)
);

-- One pilot on one task of a study.
CREATE TABLE pilot_sessions (
  id                INTEGER PRIMARY KEY,
  study_id          INTEGER NOT NULL REFERENCES pilot_studies(id) ON DELETE CASCADE,
  user_id           INTEGER NOT NULL REFERENCES users(id),
  task_id           TEXT NOT NULL,
  question_id       TEXT NOT NULL,
  position          INTEGER NOT NULL,
  status            TEXT NOT NULL DEFAULT 'new' CHECK (status IN ('new', 'asking', 'coding', 'submitted')),
  opened_at         TEXT,
  first_question_at TEXT,
  code_started_at   TEXT,
  submitted_at      TEXT,
  code              TEXT NOT NULL DEFAULT '',
  version           INTEGER NOT NULL DEFAULT 0,
  saved_at          TEXT,
  active_ms         INTEGER NOT NULL DEFAULT 0,
  pastes            INTEGER NOT NULL DEFAULT 0,
  UNIQUE (study_id, user_id, task_id)
);
CREATE INDEX pilot_sessions_user ON pilot_sessions(user_id, question_id);

-- Each question turn: what was asked, what the live answer matched, and the review.
CREATE TABLE pilot_turns (
  id            INTEGER PRIMARY KEY,
  session_id    INTEGER NOT NULL REFERENCES pilot_sessions(id) ON DELETE CASCADE,
  turn          INTEGER NOT NULL,
  question      TEXT NOT NULL,
  answer        TEXT NOT NULL,
  asked_at      TEXT NOT NULL,
  matched       INTEGER NOT NULL,              -- most similar key question, −1 for none
  similarity    REAL NOT NULL,
  live_hit      INTEGER NOT NULL CHECK (live_hit IN (0, 1)),
  live_key      INTEGER,                       -- the key question answered, when live_hit
  reviewed_hit  INTEGER CHECK (reviewed_hit IN (0, 1)),
  reviewed_key  INTEGER,
  review_note   TEXT,
  reviewed_by   INTEGER REFERENCES users(id),
  reviewed_at   TEXT,
  UNIQUE (session_id, turn)
);

-- The code as each save left it (the pilot page saves every 15 s).
CREATE TABLE pilot_code_snapshots (
  session_id INTEGER NOT NULL REFERENCES pilot_sessions(id) ON DELETE CASCADE,
  version    INTEGER NOT NULL,
  code       TEXT NOT NULL,
  saved_at   TEXT NOT NULL,
  PRIMARY KEY (session_id, version)
);
