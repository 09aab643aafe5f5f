-- The guidelines version each annotator last opened the Guidelines page at: a newer version
-- saved since tells them "guidelines changed since your last visit". No row: they have not
-- opened it since this migration, read as having seen version 1 (the built-in guidelines).
CREATE TABLE guidelines_seen (
  user_id  INTEGER PRIMARY KEY REFERENCES users(id) ON DELETE CASCADE,
  version  INTEGER NOT NULL CHECK (version >= 1),
  seen_at  TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
);
