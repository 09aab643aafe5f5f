-- Subsets a problem's gold points generate under the variant policy but a release leaves
-- out on purpose. The public ClarifyCodeBench release omits one combination task (abc398_f
-- has two single-point tasks and no pair); import-release records that here, and the
-- exporter skips excluded subsets so exporting an imported release reproduces it.
CREATE TABLE task_exclusions (
  problem_id INTEGER NOT NULL REFERENCES problems(id) ON DELETE CASCADE,
  subset     TEXT NOT NULL,
  reason     TEXT NOT NULL DEFAULT '',
  created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
  PRIMARY KEY (problem_id, subset)
);
