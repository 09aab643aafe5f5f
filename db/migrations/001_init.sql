-- Accounts and sessions
CREATE TABLE users (
  id            INTEGER PRIMARY KEY,
  username      TEXT NOT NULL UNIQUE COLLATE NOCASE,
  role          TEXT NOT NULL CHECK (role IN ('annotator', 'adjudicator', 'maintainer')),
  password_hash TEXT NOT NULL,
  active        INTEGER NOT NULL DEFAULT 1 CHECK (active IN (0, 1)),
  created_at    TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
);

CREATE TABLE sessions (
  -- SHA-256 of the cookie token: a leaked database does not leak live sessions.
  token_hash   TEXT PRIMARY KEY,
  user_id      INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  created_at   TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
  expires_at   TEXT NOT NULL
);
CREATE INDEX sessions_user ON sessions(user_id);

-- LiveCodeBench problems
CREATE TABLE problems (
  id                  INTEGER PRIMARY KEY,
  question_id         TEXT NOT NULL UNIQUE,
  title               TEXT NOT NULL,
  platform            TEXT NOT NULL,
  contest_id          TEXT NOT NULL,
  contest_date        TEXT NOT NULL,
  difficulty          TEXT NOT NULL,
  statement           TEXT NOT NULL,
  base_text           TEXT NOT NULL,
  starter_code        TEXT NOT NULL DEFAULT '',
  public_test_cases   TEXT NOT NULL DEFAULT '[]',
  metadata            TEXT NOT NULL DEFAULT '{}',
  -- Hidden tests belong to LiveCodeBench and are not redistributed: we keep their size and digest only.
  private_tests_bytes INTEGER NOT NULL DEFAULT 0,
  private_tests_sha256 TEXT,
  record_sha256       TEXT NOT NULL,
  import_order        INTEGER NOT NULL,
  created_at          TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
  updated_at          TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
);
CREATE INDEX problems_order ON problems(import_order);

-- Each problem goes to exactly two distinct annotators (slots 1 and 2).
CREATE TABLE assignments (
  problem_id  INTEGER NOT NULL REFERENCES problems(id) ON DELETE CASCADE,
  user_id     INTEGER NOT NULL REFERENCES users(id),
  slot        INTEGER NOT NULL CHECK (slot IN (1, 2)),
  assigned_by INTEGER REFERENCES users(id),
  created_at  TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
  PRIMARY KEY (problem_id, slot),
  UNIQUE (problem_id, user_id)
);
CREATE INDEX assignments_user ON assignments(user_id);

CREATE TABLE annotations (
  id           INTEGER PRIMARY KEY,
  problem_id   INTEGER NOT NULL REFERENCES problems(id) ON DELETE CASCADE,
  user_id      INTEGER NOT NULL REFERENCES users(id),
  status       TEXT NOT NULL DEFAULT 'draft' CHECK (status IN ('draft', 'submitted')),
  version      INTEGER NOT NULL DEFAULT 0,
  active_ms    INTEGER NOT NULL DEFAULT 0,
  source       TEXT NOT NULL DEFAULT 'editor' CHECK (source IN ('editor', 'import', 'legacy')),
  created_at   TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
  updated_at   TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
  submitted_at TEXT,
  UNIQUE (problem_id, user_id)
);

CREATE TABLE annotation_points (
  annotation_id INTEGER NOT NULL REFERENCES annotations(id) ON DELETE CASCADE,
  idx           INTEGER NOT NULL CHECK (idx BETWEEN 0 AND 2),
  deletions     TEXT NOT NULL DEFAULT '[]',  -- JSON [[start, end], ...]
  repairs       TEXT NOT NULL DEFAULT '[]',  -- JSON [{start, end, text}, ...]
  question      TEXT NOT NULL DEFAULT '',
  answer        TEXT NOT NULL DEFAULT '',
  type          TEXT,
  PRIMARY KEY (annotation_id, idx)
);

-- Adjudication: the gold version of a problem
CREATE TABLE adjudications (
  problem_id    INTEGER PRIMARY KEY REFERENCES problems(id) ON DELETE CASCADE,
  status        TEXT NOT NULL DEFAULT 'draft' CHECK (status IN ('draft', 'resolved')),
  version       INTEGER NOT NULL DEFAULT 0,
  notes         TEXT NOT NULL DEFAULT '',
  source        TEXT NOT NULL DEFAULT 'adjudication' CHECK (source IN ('adjudication', 'legacy')),
  updated_by    INTEGER REFERENCES users(id),
  updated_at    TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
  resolved_by   INTEGER REFERENCES users(id),
  resolved_at   TEXT
);

CREATE TABLE gold_points (
  problem_id   INTEGER NOT NULL REFERENCES adjudications(problem_id) ON DELETE CASCADE,
  idx          INTEGER NOT NULL CHECK (idx BETWEEN 0 AND 2),
  deletions    TEXT NOT NULL DEFAULT '[]',
  repairs      TEXT NOT NULL DEFAULT '[]',
  question     TEXT NOT NULL DEFAULT '',
  answer       TEXT NOT NULL DEFAULT '',
  type         TEXT,
  provenance   TEXT NOT NULL CHECK (provenance IN ('A', 'B', 'merged', 'new', 'legacy')),
  sources      TEXT NOT NULL DEFAULT '{}',  -- JSON: which side each field came from
  plausible    INTEGER NOT NULL DEFAULT 0 CHECK (plausible IN (0, 1)),
  ambiguous    INTEGER NOT NULL DEFAULT 0 CHECK (ambiguous IN (0, 1)),
  sufficient   INTEGER NOT NULL DEFAULT 0 CHECK (sufficient IN (0, 1)),
  note         TEXT NOT NULL DEFAULT '',
  PRIMARY KEY (problem_id, idx)
);

-- Per-task overrides: a combination task's text or question wording edited by hand.
-- subset is the sorted, comma-separated list of gold point indexes ("0,2").
CREATE TABLE task_overrides (
  problem_id   INTEGER NOT NULL REFERENCES problems(id) ON DELETE CASCADE,
  subset       TEXT NOT NULL,
  text         TEXT,
  questions    TEXT,   -- JSON [string, ...] in point order, or NULL
  answers      TEXT,   -- JSON [string, ...] in point order, or NULL
  keywords     TEXT,   -- JSON [string, ...] or NULL (legacy releases only)
  kind         TEXT NOT NULL DEFAULT 'edit' CHECK (kind IN ('edit', 'rewrite')),
  repairs      TEXT NOT NULL DEFAULT '[]',
  created_by   INTEGER REFERENCES users(id),
  created_at   TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
  PRIMARY KEY (problem_id, subset)
);

-- Task ids kept from a release this database continues (legacy import).
CREATE TABLE task_ids (
  problem_id INTEGER NOT NULL REFERENCES problems(id) ON DELETE CASCADE,
  subset     TEXT NOT NULL,
  task_id    TEXT NOT NULL UNIQUE,
  position   INTEGER NOT NULL,
  PRIMARY KEY (problem_id, subset)
);

-- Releases are immutable: a row and its files are written in one transaction, never updated.
CREATE TABLE releases (
  id          INTEGER PRIMARY KEY,
  name        TEXT NOT NULL UNIQUE,
  notes       TEXT NOT NULL DEFAULT '',
  policy      TEXT NOT NULL,
  kind        TEXT NOT NULL DEFAULT 'export' CHECK (kind IN ('export', 'legacy')),
  manifest    TEXT NOT NULL,
  created_by  INTEGER REFERENCES users(id),
  created_at  TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
);

CREATE TABLE release_files (
  release_id INTEGER NOT NULL REFERENCES releases(id),
  path       TEXT NOT NULL,
  content    BLOB NOT NULL,
  sha256     TEXT NOT NULL,
  PRIMARY KEY (release_id, path)
);

CREATE TRIGGER releases_immutable BEFORE UPDATE ON releases
BEGIN SELECT RAISE(ABORT, 'releases are immutable'); END;
CREATE TRIGGER release_files_immutable BEFORE UPDATE ON release_files
BEGIN SELECT RAISE(ABORT, 'release files are immutable'); END;

CREATE TABLE settings (
  key   TEXT PRIMARY KEY,
  value TEXT NOT NULL
);

-- Append-only audit log: every state change writes one row in its own transaction.
CREATE TABLE events (
  id          INTEGER PRIMARY KEY,
  at          TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
  actor_id    INTEGER REFERENCES users(id),
  actor       TEXT,            -- username at the time, or 'cli' / 'system'
  action      TEXT NOT NULL,   -- e.g. 'annotation.save', 'problem.import'
  entity_type TEXT NOT NULL,
  entity_id   TEXT,
  before      TEXT,            -- JSON
  after       TEXT,            -- JSON
  details     TEXT             -- JSON
);
CREATE INDEX events_action ON events(action);
CREATE INDEX events_entity ON events(entity_type, entity_id);

CREATE TRIGGER events_no_update BEFORE UPDATE ON events
BEGIN SELECT RAISE(ABORT, 'the event log is append-only'); END;
CREATE TRIGGER events_no_delete BEFORE DELETE ON events
BEGIN SELECT RAISE(ABORT, 'the event log is append-only'); END;
