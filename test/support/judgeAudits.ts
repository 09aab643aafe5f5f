import type { DB } from '../../db/database';
import { auditRow, insertAudit, itemRows } from '../../db/judgeAudits';

/** The name of the judge audit the matrix world holds. */
export const AUDIT = 'audit-1';

/**
 * A judge audit of the world's run, written as rows (as a fixture, without the creation's event):
 * its one question turn, the key question asked word for word, which the run labelled a hit.
 */
export function seedAudit(db: DB, model: string, releaseSha256: string, question: string): void {
  insertAudit(
    db,
    { name: AUDIT, model, releaseSha256, judge: null, size: 1, seed: 1, labelers: 1, turns: 1, turnsHit: 1, createdBy: null },
    [{ taskId: 'task_1', turn: 0, question, runLabel: 1, similarity: 1 }],
  );
}

/** The world's audit and its one item, for the route table. */
export function storedAudit(db: DB): { name: string; item: string } {
  const audit = auditRow(db, AUDIT)!;
  return { name: AUDIT, item: String(itemRows(db, audit.id)[0]!.id) };
}
