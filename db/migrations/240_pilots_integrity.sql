-- Pilots' integrity: one session per pilot and task, no pilot on work they know, and the review's version.
-- Active time: the instant (ms since the epoch) up to which a draft or a pilot's code has been
-- credited active time, or the previous save's time when that is later. A save is credited at most
-- (its time + one slack) − this mark, so saves in quick succession share one slack, never stack it.
ALTER TABLE annotations ADD COLUMN active_mark_ms INTEGER;
ALTER TABLE pilot_sessions ADD COLUMN active_mark_ms INTEGER;

-- The review of a pilot's question is versioned like every other shared write: a stale second
-- write gets 409 stale_version instead of silently replacing the first.
ALTER TABLE pilot_turns ADD COLUMN review_version INTEGER NOT NULL DEFAULT 0;

-- A study may include pilots who once held a role that reads the release's key questions
-- (adjudicator, maintainer) only when its maintainer said so: the usernames overridden, as JSON.
ALTER TABLE pilot_studies ADD COLUMN key_reader_override TEXT NOT NULL DEFAULT '[]';
