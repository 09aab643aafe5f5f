-- Which judge labelled a run: the evaluator's judge model as the maintainer named it at import
-- (NULL: not recorded, as for every run imported before this column).
ALTER TABLE runs ADD COLUMN judge TEXT;

-- A human audit of a run's judge: a sample of the run's question turns, stratified by the run's
-- label, each labelled blind by one or two adjudicators. The audit keeps what it was drawn from
-- by value (model, release, judge, each turn's question, the run's label and the lexical check's
-- similarity), so a run imported again later does not change an audit already under way.
CREATE TABLE judge_audits (
  id              INTEGER PRIMARY KEY,
  name            TEXT NOT NULL UNIQUE,
  model           TEXT NOT NULL,
  release_sha256  TEXT NOT NULL,
  judge           TEXT,
  size            INTEGER NOT NULL CHECK (size >= 1),
  seed            INTEGER NOT NULL,
  labelers        INTEGER NOT NULL CHECK (labelers IN (1, 2)),
  turns           INTEGER NOT NULL,           -- the run's question turns (the population)
  turns_hit       INTEGER NOT NULL,           -- of those, the turns the run labelled a hit
  created_by      INTEGER REFERENCES users(id),
  created_at      TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
);

-- One sampled question turn, in the order labellers get them. Its id is all a labeller sees of it.
CREATE TABLE judge_audit_items (
  id             INTEGER PRIMARY KEY,
  audit_id       INTEGER NOT NULL REFERENCES judge_audits(id) ON DELETE CASCADE,
  position       INTEGER NOT NULL,
  task_id        TEXT NOT NULL,
  turn           INTEGER NOT NULL,            -- index among the record's asked questions
  question       TEXT NOT NULL,
  run_label      INTEGER NOT NULL CHECK (run_label IN (0, 1)),
  similarity     REAL NOT NULL,               -- the lexical judge check's best similarity
  UNIQUE (audit_id, position),
  UNIQUE (audit_id, task_id, turn)
);

-- A labeller's choice on an item: the index of the key question the turn asks, or NULL for none.
CREATE TABLE judge_audit_labels (
  item_id       INTEGER NOT NULL REFERENCES judge_audit_items(id) ON DELETE CASCADE,
  user_id       INTEGER NOT NULL REFERENCES users(id),
  key_question  INTEGER CHECK (key_question IS NULL OR key_question >= 0),
  labelled_at   TEXT NOT NULL,
  PRIMARY KEY (item_id, user_id)
) WITHOUT ROWID;
