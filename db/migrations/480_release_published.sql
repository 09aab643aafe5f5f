-- Whether a release is public. A pilot given a task's text could look it up in a published
-- release (its modified_content leads to the task and its key questions), so a pilot study is
-- drawn from an unpublished release unless the maintainer says otherwise, and the study keeps
-- that it was. A release imported with import-release came from a public file: published at
-- its import.
-- A release stays immutable; publishing it once (published_at from NULL to a time) is the only
-- change allowed to its row.
DROP TRIGGER releases_immutable;
ALTER TABLE releases ADD COLUMN published_at TEXT;
ALTER TABLE releases ADD COLUMN published_by INTEGER REFERENCES users(id);
UPDATE releases SET published_at = created_at, published_by = created_by WHERE kind = 'legacy';
CREATE TRIGGER releases_immutable BEFORE UPDATE ON releases
WHEN NOT (
  OLD.published_at IS NULL AND NEW.published_at IS NOT NULL
  AND NEW.id IS OLD.id AND NEW.name IS OLD.name AND NEW.notes IS OLD.notes AND NEW.policy IS OLD.policy
  AND NEW.kind IS OLD.kind AND NEW.manifest IS OLD.manifest AND NEW.settings IS OLD.settings
  AND NEW.created_by IS OLD.created_by AND NEW.created_at IS OLD.created_at
)
BEGIN SELECT RAISE(ABORT, 'releases are immutable'); END;

ALTER TABLE pilot_studies ADD COLUMN from_published_release INTEGER NOT NULL DEFAULT 0 CHECK (from_published_release IN (0, 1));
UPDATE pilot_studies SET from_published_release = 1
  WHERE release_name IN (SELECT name FROM releases WHERE published_at IS NOT NULL);
