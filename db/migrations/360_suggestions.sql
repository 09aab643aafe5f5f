-- Model suggestions for annotators. A suggestion is one agent's set of 1–3 points for a
-- problem, offsets in the problem's base text. One stored suggestion per (problem, agent): a new
-- import or generation for the same agent replaces it (its id changes, so points accepted from the
-- old one keep pointing at what they came from only through their own stored copy).
CREATE TABLE suggestions (
  id            INTEGER PRIMARY KEY,
  problem_id    INTEGER NOT NULL REFERENCES problems(id) ON DELETE CASCADE,
  agent         TEXT NOT NULL,
  score         REAL,
  -- The points as JSON: [{ deletions: [[start, end], …], repairs: [], question, answer, type }].
  points        TEXT NOT NULL,
  -- Where it came from: 'import' (suggestions import) or 'generate' (an LLM endpoint).
  source        TEXT NOT NULL CHECK (source IN ('import', 'generate')),
  -- For generated ones: the prompt's version and the tokens the endpoint reported (NULL if not).
  prompt_version TEXT,
  tokens_in     INTEGER,
  tokens_out    INTEGER,
  -- The base text's SHA-256 the offsets refer to: a suggestion for an older base text is not shown.
  base_sha256   TEXT NOT NULL,
  created_at    TEXT NOT NULL,
  UNIQUE (problem_id, agent)
);
CREATE INDEX suggestions_problem ON suggestions(problem_id);
