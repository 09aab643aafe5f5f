-- What a maintainer writes for the data card (uses, bias, risks, license, authors, contact),
-- edited on the Releases page. One row; each cut copies it into releases.settings, so a
-- release keeps the settings it was cut with while the row goes on being edited.
CREATE TABLE release_settings (
  id         INTEGER PRIMARY KEY CHECK (id = 1),
  settings   TEXT NOT NULL,
  updated_by INTEGER REFERENCES users(id),
  updated_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
);

-- The settings a release was cut with (JSON; '{}' for releases cut before settings existed
-- and for imported releases). Written with the row, never updated (releases are immutable).
ALTER TABLE releases ADD COLUMN settings TEXT NOT NULL DEFAULT '{}';
