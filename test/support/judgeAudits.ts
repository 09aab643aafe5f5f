import type { DB } from '../../db/database';
import { SYSTEM_ACTOR } from '../../db/events';
import { auditRow, itemRows } from '../../db/judgeAudits';
import { createAudit } from '../../server/services/judgeAudits/create';
import { RUN_MODEL } from './world';

/** The judge audit of the world's run (made once per database, of its one question turn): for the route table. */
export function storedAudit(db: DB): { name: string; item: string } {
  const name = 'audit-1';
  const audit = auditRow(db, name) ?? (createAudit(db, SYSTEM_ACTOR, { name, model: RUN_MODEL, size: 1, seed: 1, labelers: 1 }), auditRow(db, name)!);
  return { name, item: String(itemRows(db, audit.id)[0]!.id) };
}
