-- Discussion of a problem: annotators' questions and flags, adjudicators' and
-- maintainers' replies. Each comment sits in one annotator's thread (thread_user_id: the
-- annotator who wrote it, or to whom a staff reply is addressed), which the problem's other
-- annotator sees only once both have submitted; NULL is a staff note to everyone on the problem.
CREATE TABLE comments (
  id             INTEGER PRIMARY KEY,
  problem_id     INTEGER NOT NULL REFERENCES problems(id) ON DELETE CASCADE,
  author_id      INTEGER NOT NULL REFERENCES users(id),
  thread_user_id INTEGER REFERENCES users(id),
  reply_to       INTEGER REFERENCES comments(id),
  kind           TEXT NOT NULL CHECK (kind IN ('comment', 'flag')),
  reason         TEXT CHECK (reason IN ('broken', 'unclear', 'duplicate', 'other')),
  body           TEXT NOT NULL,
  created_at     TEXT NOT NULL,
  resolved_at    TEXT,
  resolved_by    INTEGER REFERENCES users(id),
  CHECK ((kind = 'flag') = (reason IS NOT NULL)),
  CHECK (kind = 'flag' OR resolved_at IS NULL)
);
CREATE INDEX comments_problem ON comments(problem_id, id);
CREATE INDEX comments_open_flags ON comments(problem_id) WHERE kind = 'flag' AND resolved_at IS NULL;

-- Read marks: a comment a user has seen (unread replies are the visible ones without a mark).
CREATE TABLE comment_reads (
  user_id    INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  comment_id INTEGER NOT NULL REFERENCES comments(id) ON DELETE CASCADE,
  PRIMARY KEY (user_id, comment_id)
) WITHOUT ROWID;
