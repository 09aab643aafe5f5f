-- Indexes for the paged maintainer lists (sorted and filtered in SQL at thousands of problems).
CREATE INDEX problems_title ON problems(title COLLATE NOCASE, import_order);
CREATE INDEX problems_contest_date ON problems(contest_date, import_order);
CREATE INDEX problems_difficulty ON problems(difficulty, import_order);
CREATE INDEX annotations_problem_status ON annotations(problem_id, status);
-- The audit log filters by entity id alone too (the entity_type index does not serve that).
CREATE INDEX events_entity_id ON events(entity_id);
