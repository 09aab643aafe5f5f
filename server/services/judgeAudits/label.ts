/** Labelling an audit blind: the caller's next item, their own labels, a label and its undo, each label an event. */
import { transaction, type DB } from '../../../db/database';
import { appendEvent, type Actor } from '../../../db/events';
import { auditRows, deleteLabel, itemRow, itemRows, labelCount, nextItemRow, openItemCount, ownLabel, ownLabelRows, upsertLabel, type AuditRow } from '../../../db/judgeAudits';
import type { LabellingProgress } from '../../../shared/schemas/judgeAudits';
import { systemClock, type Clock } from '../activeTime';
import { auditErrors } from './errors';
import { auditItem, keyQuestionsOf, requireAudit, type AuditItem } from './lookup';

/** An item the caller labelled, with the caller's own choice only. */
export interface OwnLabelledItem extends AuditItem {
  keyQuestion: number | null;
}

/** The caller's progress on an audit and the items they labelled. */
export interface OwnLabels extends LabellingProgress {
  mine: OwnLabelledItem[];
}

function progressOf(db: DB, audit: AuditRow, userId: number): LabellingProgress {
  const items = itemRows(db, audit.id).length;
  const done = ownLabelRows(db, audit.id, userId).length;
  return { name: audit.name, items, done, open: openItemCount(db, audit.id, userId, audit.labelers) };
}

/** The audits a labeller can work on, with their own progress (nothing about the runs). */
export function labellingQueue(db: DB, userId: number): { audits: LabellingProgress[] } {
  return { audits: auditRows(db).map((a) => progressOf(db, a, userId)) };
}

/** The caller's next unlabelled item that still lacks labels; null when none is left. */
export function nextItem(db: DB, name: string, userId: number): AuditItem | null {
  const audit = requireAudit(db, name);
  const row = nextItemRow(db, audit.id, userId, audit.labelers);
  return row ? auditItem(db, audit, row) : null;
}

/** The caller's progress and own labelled items (their choices only), oldest first. */
export function labellingState(db: DB, name: string, userId: number): OwnLabels {
  const audit = requireAudit(db, name);
  const mine = ownLabelRows(db, audit.id, userId).map((r) => ({ ...auditItem(db, audit, r), keyQuestion: r.key_question }));
  return { ...progressOf(db, audit, userId), mine };
}

/** Label one item: a key question's index, or null for "asks none of them". A change of one's own label is allowed. */
export function labelItem(db: DB, actor: Actor, userId: number, name: string, itemId: number, keyQuestion: number | null, clock: Clock = systemClock): LabellingProgress {
  return transaction(db, () => {
    const audit = requireAudit(db, name);
    const item = itemRow(db, audit.id, itemId);
    if (!item) throw auditErrors.noItem(itemId);
    const k = keyQuestionsOf(db, audit, item.task_id).keyQuestions.length;
    if (keyQuestion !== null && keyQuestion >= k) throw auditErrors.field('keyQuestion', `the task has ${k} key question${k === 1 ? '' : 's'} (0 to ${k - 1}), or null for none`);
    const before = ownLabel(db, item.id, userId);
    if (!before && labelCount(db, item.id) >= audit.labelers) throw auditErrors.full(item.id);
    upsertLabel(db, item.id, userId, keyQuestion, new Date(clock()).toISOString());
    appendEvent(db, actor, {
      action: 'judge_audit.label',
      entityType: 'judge_audit_item',
      entityId: item.id,
      before: before ? { keyQuestion: before.key_question } : undefined,
      after: { keyQuestion },
      details: { audit: audit.name, task: item.task_id, turn: item.turn },
    });
    return progressOf(db, audit, userId);
  });
}

/** Take back one's own label (undo): the item is open again. */
export function unlabelItem(db: DB, actor: Actor, userId: number, name: string, itemId: number): LabellingProgress {
  return transaction(db, () => {
    const audit = requireAudit(db, name);
    const item = itemRow(db, audit.id, itemId);
    if (!item) throw auditErrors.noItem(itemId);
    const before = ownLabel(db, item.id, userId);
    if (before && deleteLabel(db, item.id, userId)) {
      appendEvent(db, actor, {
        action: 'judge_audit.unlabel',
        entityType: 'judge_audit_item',
        entityId: item.id,
        before: { keyQuestion: before.key_question },
        details: { audit: audit.name, task: item.task_id, turn: item.turn },
      });
    }
    return progressOf(db, audit, userId);
  });
}
