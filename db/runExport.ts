/** What `runs export` reads of a stored run: its records in file order, each with its release task's problem and text. */
import type { DB } from './database';

export interface ExportRecordRow {
  task_id: string;
  question_id: string;
  text: string;
  k: number;
  turns_total: number;
  finished: number;
  hit_dict: string;
  hit_questions: string;
  messages: string;
  final_code: string;
}

/** The run's records one at a time (a run can be large), in the order its file listed them. */
export function* exportRecordRows(db: DB, runId: number, releaseSha256: string): Generator<ExportRecordRow> {
  const statement = db.prepare<[string, number], ExportRecordRow>(
    `SELECT r.task_id, t.question_id, t.text, r.k, r.turns_total, r.finished, r.hit_dict, r.hit_questions, r.messages, r.final_code
       FROM run_records r JOIN run_release_tasks t ON t.release_sha256 = ? AND t.task_id = r.task_id
      WHERE r.run_id = ? ORDER BY r.position`,
  );
  yield* statement.iterate(releaseSha256, runId);
}
