-- The LiveCodeBench release a problem's statement came from (e.g. 'v6'), as given to
-- `import-lcb --lcb-version`; NULL when the import did not say. The data card quotes it.
ALTER TABLE problems ADD COLUMN lcb_version TEXT;
