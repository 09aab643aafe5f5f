-- The annotation guidelines: the team's Markdown, one row per saved version. Version 1
-- is the built-in guidelines with no team text yet; each save by a maintainer adds the next one.
CREATE TABLE guidelines_versions (
  version   INTEGER PRIMARY KEY CHECK (version >= 1),
  markdown  TEXT NOT NULL,
  saved_by  INTEGER REFERENCES users(id),
  saved_at  TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
);
INSERT INTO guidelines_versions (version, markdown) VALUES (1, '');

-- The guidelines version an annotation was submitted under; NULL: unknown (submitted before this
-- migration, or imported).
ALTER TABLE annotations ADD COLUMN guidelines_version INTEGER;
