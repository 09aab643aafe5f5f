-- A legacy release may list a combination task's qa pairs in another order than its points',
-- while the override keeps its questions and answers in point order, and here the order
-- the release lists them in, as positions in that point order (JSON [1, 0]); NULL: point order.
ALTER TABLE task_overrides ADD COLUMN qa_order TEXT;
