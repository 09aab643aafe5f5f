-- Whether a release is public. A pilot given a task's text could look it up in a published
-- release (its modified_content leads to the task and its key questions), so a pilot study is
-- drawn from an unpublished release unless the maintainer says otherwise, and the study keeps
-- that it was. A release imported with import-release came from a public file: published at
-- its import.
ALTER TABLE releases ADD COLUMN published_at TEXT;
ALTER TABLE releases ADD COLUMN published_by INTEGER REFERENCES users(id);
UPDATE releases SET published_at = created_at, published_by = created_by WHERE kind = 'legacy';

ALTER TABLE pilot_studies ADD COLUMN from_published_release INTEGER NOT NULL DEFAULT 0 CHECK (from_published_release IN (0, 1));
UPDATE pilot_studies SET from_published_release = 1
  WHERE release_name IN (SELECT name FROM releases WHERE published_at IS NOT NULL);
