-- The imported release a legacy adjudication was recovered from (releases.name), so the
-- data card can say which release file (and its SHA-256) a problem's gold points came from.
ALTER TABLE adjudications ADD COLUMN legacy_release TEXT;
UPDATE adjudications
   SET legacy_release = substr(notes, 36, instr(substr(notes, 36), '"') - 1)
 WHERE source = 'legacy' AND notes LIKE 'Recovered from the legacy release "%';
