-- Findings as you write: a save asks whether a point's question is already asked, word for
-- word, about another problem's gold points (the release's question-repeated rule), by index.
CREATE INDEX gold_points_question ON gold_points(question);

-- The findings an annotator acknowledged on submit, each with their reason:
-- JSON [{point, rule, reason}], shown to the adjudicator beside the point.
ALTER TABLE annotations ADD COLUMN acknowledged TEXT NOT NULL DEFAULT '[]';

-- An adjudicator may send one side's submitted annotation back to its annotator with a note:
-- it is a draft again, the note shown on top of the editor until it is submitted again.
ALTER TABLE annotations ADD COLUMN return_note TEXT;

-- An annotator may skip an assigned problem (a broken statement) with a reason, and take it
-- back; maintainers see skipped problems and reassign them.
ALTER TABLE assignments ADD COLUMN skip_reason TEXT;
ALTER TABLE assignments ADD COLUMN skipped_at TEXT;
