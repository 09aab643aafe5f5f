-- LiveCodeBench's per-code metadata of an interactive grade (the `metadata` list of
-- _eval_all.json): why a failing code failed. error_code is LiveCodeBench's (-2 wrong answer,
-- -3 time limit exceeded, -4 runtime error, -5 test-runner error), error_message its message cut
-- to a bounded length. has_metadata says whether the grade came with metadata at all: grades
-- stored before this, or imported from a file without metadata, are "unknown", never a category.
ALTER TABLE run_pass1 ADD COLUMN has_metadata INTEGER NOT NULL DEFAULT 0 CHECK (has_metadata IN (0, 1));
ALTER TABLE run_pass1 ADD COLUMN error_code INTEGER;
ALTER TABLE run_pass1 ADD COLUMN error_message TEXT;
