/** Finding an audit and reading what its items are about (the run's release tasks). */
import type { DB } from '../../../db/database';
import { auditRow, type AuditRow, type ItemRow } from '../../../db/judgeAudits';
import { releaseTask } from '../../../db/runs';
import { auditErrors } from './errors';

export function requireAudit(db: DB, name: string): AuditRow {
  const audit = auditRow(db, name);
  if (!audit) throw auditErrors.noAudit(name);
  return audit;
}

/** The task's key questions as a labeller chooses among them (index = place in the task). */
export function keyQuestionsOf(db: DB, audit: AuditRow, taskId: string): { text: string; keyQuestions: { index: number; question: string }[] } {
  const task = releaseTask(db, audit.release_sha256, taskId);
  return { text: task?.text ?? '', keyQuestions: (task?.keyQuestions ?? []).map((k, index) => ({ index, question: k.question })) };
}

/** An item of an audit with the task it asks about (server/presenters/judgeAudits.ts shows it to a labeller, field by field). */
export interface AuditItem {
  item: ItemRow;
  task: { text: string; keyQuestions: { index: number; question: string }[] };
}

export const auditItem = (db: DB, audit: AuditRow, item: ItemRow): AuditItem => ({ item, task: keyQuestionsOf(db, audit, item.task_id) });
