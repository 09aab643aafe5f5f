/** The judge audits' SQL (judge_audits, judge_audit_items, judge_audit_labels) and the runs' judge column. */
import { all, get, run, type DB } from './database';

export interface AuditRow {
  id: number;
  name: string;
  model: string;
  release_sha256: string;
  judge: string | null;
  size: number;
  seed: number;
  labelers: 1 | 2;
  turns: number;
  turns_hit: number;
  created_by: string | null;
  created_at: string;
}

export interface NewAudit {
  name: string;
  model: string;
  releaseSha256: string;
  judge: string | null;
  size: number;
  seed: number;
  labelers: 1 | 2;
  turns: number;
  turnsHit: number;
  createdBy: number | null;
}

export interface NewAuditItem {
  taskId: string;
  turn: number;
  question: string;
  runLabel: 0 | 1;
  similarity: number;
}

export interface ItemRow {
  id: number;
  position: number;
  task_id: string;
  turn: number;
  question: string;
  run_label: 0 | 1;
  similarity: number;
}

const SELECT_AUDIT = `SELECT a.id, a.name, a.model, a.release_sha256, a.judge, a.size, a.seed, a.labelers, a.turns, a.turns_hit,
    u.username AS created_by, a.created_at
  FROM judge_audits a LEFT JOIN users u ON u.id = a.created_by`;

export const auditRow = (db: DB, name: string): AuditRow | undefined => get<AuditRow>(db, `${SELECT_AUDIT} WHERE a.name = ?`, [name]);
export const auditRows = (db: DB): AuditRow[] => all<AuditRow>(db, `${SELECT_AUDIT} ORDER BY a.created_at DESC, a.id DESC`);

/** The audit and its items, in the order labellers get them; returns the audit's id. */
export function insertAudit(db: DB, audit: NewAudit, items: readonly NewAuditItem[]): number {
  const id = Number(
    run(
      db,
      `INSERT INTO judge_audits (name, model, release_sha256, judge, size, seed, labelers, turns, turns_hit, created_by)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      [audit.name, audit.model, audit.releaseSha256, audit.judge, audit.size, audit.seed, audit.labelers, audit.turns, audit.turnsHit, audit.createdBy],
    ).lastInsertRowid,
  );
  items.forEach((item, position) =>
    run(db, 'INSERT INTO judge_audit_items (audit_id, position, task_id, turn, question, run_label, similarity) VALUES (?, ?, ?, ?, ?, ?, ?)', [
      id,
      position,
      item.taskId,
      item.turn,
      item.question,
      item.runLabel,
      item.similarity,
    ]),
  );
  return id;
}

const ITEM_COLUMNS = 'i.id, i.position, i.task_id, i.turn, i.question, i.run_label, i.similarity';

export const itemRows = (db: DB, auditId: number): ItemRow[] => all<ItemRow>(db, `SELECT ${ITEM_COLUMNS} FROM judge_audit_items i WHERE i.audit_id = ? ORDER BY i.position`, [auditId]);
export const itemRow = (db: DB, auditId: number, itemId: number): ItemRow | undefined =>
  get<ItemRow>(db, `SELECT ${ITEM_COLUMNS} FROM judge_audit_items i WHERE i.audit_id = ? AND i.id = ?`, [auditId, itemId]);

/** Every label of the audit's items, oldest first within an item (the first is the reference labeller's). */
export const labelRows = (db: DB, auditId: number) =>
  all<{ item_id: number; user_id: number; key_question: number | null }>(
    db,
    `SELECT l.item_id, l.user_id, l.key_question FROM judge_audit_labels l JOIN judge_audit_items i ON i.id = l.item_id
      WHERE i.audit_id = ? ORDER BY l.item_id, l.labelled_at, l.user_id`,
    [auditId],
  );

/** The caller's next item: the first in order they have not labelled that still lacks labels. */
export const nextItemRow = (db: DB, auditId: number, userId: number, labelers: number): ItemRow | undefined =>
  get<ItemRow>(
    db,
    `SELECT ${ITEM_COLUMNS} FROM judge_audit_items i
      WHERE i.audit_id = ?
        AND NOT EXISTS (SELECT 1 FROM judge_audit_labels l WHERE l.item_id = i.id AND l.user_id = ?)
        AND (SELECT COUNT(*) FROM judge_audit_labels l WHERE l.item_id = i.id) < ?
      ORDER BY i.position LIMIT 1`,
    [auditId, userId, labelers],
  );

/** How many items the user may still label (not labelled by them, short of labels). */
export const openItemCount = (db: DB, auditId: number, userId: number, labelers: number): number =>
  get<{ n: number }>(
    db,
    `SELECT COUNT(*) AS n FROM judge_audit_items i
      WHERE i.audit_id = ?
        AND NOT EXISTS (SELECT 1 FROM judge_audit_labels l WHERE l.item_id = i.id AND l.user_id = ?)
        AND (SELECT COUNT(*) FROM judge_audit_labels l WHERE l.item_id = i.id) < ?`,
    [auditId, userId, labelers],
  )!.n;

/** The user's labelled items of the audit with their choice, in the order they labelled them. */
export const ownLabelRows = (db: DB, auditId: number, userId: number) =>
  all<ItemRow & { key_question: number | null }>(
    db,
    `SELECT ${ITEM_COLUMNS}, l.key_question FROM judge_audit_labels l JOIN judge_audit_items i ON i.id = l.item_id
      WHERE i.audit_id = ? AND l.user_id = ? ORDER BY l.labelled_at, i.position`,
    [auditId, userId],
  );

export const ownLabel = (db: DB, itemId: number, userId: number) =>
  get<{ key_question: number | null; labelled_at: string }>(db, 'SELECT key_question, labelled_at FROM judge_audit_labels WHERE item_id = ? AND user_id = ?', [itemId, userId]);

export const labelCount = (db: DB, itemId: number): number => get<{ n: number }>(db, 'SELECT COUNT(*) AS n FROM judge_audit_labels WHERE item_id = ?', [itemId])!.n;

/** Set the user's label; a change keeps the first labelling time, so the reference labeller stays the first. */
export function upsertLabel(db: DB, itemId: number, userId: number, keyQuestion: number | null, at: string): void {
  run(
    db,
    `INSERT INTO judge_audit_labels (item_id, user_id, key_question, labelled_at) VALUES (?, ?, ?, ?)
     ON CONFLICT (item_id, user_id) DO UPDATE SET key_question = excluded.key_question`,
    [itemId, userId, keyQuestion, at],
  );
}

export const deleteLabel = (db: DB, itemId: number, userId: number): boolean => run(db, 'DELETE FROM judge_audit_labels WHERE item_id = ? AND user_id = ?', [itemId, userId]).changes > 0;

/** Record which judge labelled a stored run (null: not recorded). */
export const setRunJudge = (db: DB, runId: number, judge: string | null): void => void run(db, 'UPDATE runs SET judge = ? WHERE id = ?', [judge, runId]);

/** Every stored run's recorded judge, by model (runs without one are absent). */
export const runJudges = (db: DB): Map<string, string> =>
  new Map(all<{ model: string; judge: string }>(db, 'SELECT model, judge FROM runs WHERE judge IS NOT NULL').map((r) => [r.model, r.judge]));

export const runJudge = (db: DB, runId: number): string | null => get<{ judge: string | null }>(db, 'SELECT judge FROM runs WHERE id = ?', [runId])?.judge ?? null;
