-- pass@1 through LiveCodeBench.
-- The code prepare_pass1.py takes from a record whose final_code is empty (extract_code of its last
-- response); NULL when final_code is non-empty (then that is the code) and for records imported
-- before this migration (their runs must be imported again before export-lcb).
ALTER TABLE run_records ADD COLUMN pass1_code TEXT;

-- Interactive pass@1: LiveCodeBench's grade of the code of one task of a model's run. Keyed by the
-- model, not the run row, so a run rewritten with the same code (a pilot's run after a review, a
-- replaced run) keeps its grades; a grade counts only while the record's code is still `code`.
CREATE TABLE run_pass1 (
  model          TEXT NOT NULL,
  release_sha256 TEXT NOT NULL,
  task_id        TEXT NOT NULL,
  question_id    TEXT NOT NULL,
  code           TEXT NOT NULL,
  passed         INTEGER NOT NULL CHECK (passed IN (0, 1)),
  PRIMARY KEY (model, task_id)
) WITHOUT ROWID;

-- Complete pass@1: the model's pass@1 on a problem's original statement (its own LiveCodeBench run).
CREATE TABLE run_pass1_complete (
  model       TEXT NOT NULL,
  question_id TEXT NOT NULL,
  pass1       REAL NOT NULL CHECK (pass1 >= 0 AND pass1 <= 1),
  codes       INTEGER NOT NULL CHECK (codes >= 1),
  PRIMARY KEY (model, question_id)
) WITHOUT ROWID;
