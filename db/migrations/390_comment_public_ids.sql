-- A comment's id as people see it: random, so that the ids an annotator sees say nothing about
-- comments posted elsewhere (the row id counts every comment of every problem).
ALTER TABLE comments ADD COLUMN public_id TEXT;
UPDATE comments SET public_id = lower(hex(randomblob(8)));
CREATE UNIQUE INDEX comments_public_id ON comments(public_id);
