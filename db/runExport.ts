/** What `runs export` reads of a stored run: its records in file order, each with its release task's problem and text. */
import type { DB } from './database';
import { recordFromRow, RUN_RECORD_COLUMNS, type RunRecordRow, type StoredRecord } from './runs';

export type ExportRecord = StoredRecord & { questionId: string; text: string };

const joined = RUN_RECORD_COLUMNS.split(', ')
  .map((c) => `r.${c}`)
  .join(', ');

/** The run's records one at a time (a run can be large), in the order its file listed them. */
export function* exportRecords(db: DB, runId: number, releaseSha256: string): Generator<ExportRecord> {
  const statement = db.prepare<[string, number], RunRecordRow & { question_id: string; text: string }>(
    `SELECT ${joined}, t.question_id, t.text
       FROM run_records r JOIN run_release_tasks t ON t.release_sha256 = ? AND t.task_id = r.task_id
      WHERE r.run_id = ? ORDER BY r.position`,
  );
  for (const row of statement.iterate(releaseSha256, runId)) yield { ...recordFromRow(row), questionId: row.question_id, text: row.text };
}
