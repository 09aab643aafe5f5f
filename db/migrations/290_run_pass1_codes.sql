-- pass@1 grades apart from the code they graded: a re-import
-- that changes grades but not codes then rewrites only small rows, never the codes' pages.
CREATE TABLE run_pass1_codes (
  model   TEXT NOT NULL,
  task_id TEXT NOT NULL,
  code    TEXT NOT NULL,
  PRIMARY KEY (model, task_id)
) WITHOUT ROWID;
INSERT INTO run_pass1_codes (model, task_id, code) SELECT model, task_id, code FROM run_pass1;
ALTER TABLE run_pass1 DROP COLUMN code;
