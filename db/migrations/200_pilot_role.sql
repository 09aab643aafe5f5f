-- foreign_keys: off
-- Pilot studies: a fifth role, `pilot`. SQLite cannot change a CHECK constraint in
-- place, so the users table is rebuilt (SQLite's documented 12-step procedure: the migration
-- runs with foreign keys off and is checked with foreign_key_check before it commits).
CREATE TABLE users_new (
  id            INTEGER PRIMARY KEY,
  username      TEXT NOT NULL UNIQUE COLLATE NOCASE,
  role          TEXT NOT NULL CHECK (role IN ('annotator', 'adjudicator', 'maintainer', 'pilot')),
  password_hash TEXT NOT NULL,
  active        INTEGER NOT NULL DEFAULT 1 CHECK (active IN (0, 1)),
  created_at    TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
);
INSERT INTO users_new (id, username, role, password_hash, active, created_at)
  SELECT id, username, role, password_hash, active, created_at FROM users;
DROP TABLE users;
ALTER TABLE users_new RENAME TO users;
CREATE TRIGGER users_update_bumps_agreement AFTER UPDATE ON users BEGIN UPDATE agreement_data_version SET version = version + 1 WHERE id = 1; END;
