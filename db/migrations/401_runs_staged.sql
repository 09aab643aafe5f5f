-- A run file is written in chunks, each its own short transaction, so other requests are answered
-- while a large run imports. Until its last chunk is in, the run is `staged`: no reader sees it,
-- and the final short transaction makes it visible (and replaces an earlier run of the model) at
-- once. A staged run left by a stopped import is deleted when the server starts.
ALTER TABLE runs ADD COLUMN staged INTEGER NOT NULL DEFAULT 0 CHECK (staged IN (0, 1));
