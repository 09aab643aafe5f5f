-- How annotators used suggestions.
-- Every annotation point records where it came from: 'own' (every old and imported row),
-- 'suggested' (accepted as is) or 'suggested-edited' (accepted, then changed), with the
-- suggestion's id, the index of the suggested point and the agent (kept by value: a newer
-- suggestion of the same agent replaces the stored one and its id).
ALTER TABLE annotation_points ADD COLUMN provenance TEXT NOT NULL DEFAULT 'own'
  CHECK (provenance IN ('own', 'suggested', 'suggested-edited'));
ALTER TABLE annotation_points ADD COLUMN suggestion_id INTEGER;
ALTER TABLE annotation_points ADD COLUMN suggestion_point INTEGER;
ALTER TABLE annotation_points ADD COLUMN suggestion_agent TEXT;

-- Exposure: when an annotator was first served suggestions for a problem (the agreement split).
CREATE TABLE suggestion_exposures (
  problem_id     INTEGER NOT NULL REFERENCES problems(id) ON DELETE CASCADE,
  user_id        INTEGER NOT NULL REFERENCES users(id),
  first_shown_at TEXT NOT NULL,
  PRIMARY KEY (problem_id, user_id)
);

-- Suggested points an annotator dismissed (hidden for them only; never shown to anyone else).
CREATE TABLE suggestion_dismissals (
  problem_id    INTEGER NOT NULL REFERENCES problems(id) ON DELETE CASCADE,
  user_id       INTEGER NOT NULL REFERENCES users(id),
  suggestion_id INTEGER NOT NULL,
  point_idx     INTEGER NOT NULL,
  PRIMARY KEY (problem_id, user_id, suggestion_id, point_idx)
);
