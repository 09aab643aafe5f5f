-- No query reads run records by task id alone (every one names the run first, which the primary
-- key serves), and each imported record paid for one more B-tree write to keep this index.
DROP INDEX IF EXISTS run_records_task;
