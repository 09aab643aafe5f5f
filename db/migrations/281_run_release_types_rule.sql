-- Key questions of a run's release were first typed by position; they are now typed by
-- the identity of the point each was written for. A release kept under the old rule (0) is typed
-- again, and its tasks stored again, at the next run import over it.
ALTER TABLE run_releases ADD COLUMN types_rule INTEGER NOT NULL DEFAULT 0;
