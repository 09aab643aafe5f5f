import { createHash } from 'node:crypto';
import { transaction, type DB } from '../../db/database';
import { insertAssignment } from '../../db/assignments';
import { moveAssignment, readBatchSlots, type BatchSlotRow } from '../../db/batches';
import { appendEvent, type Actor } from '../../db/events';
import { findUser } from '../../db/users';
import type { AnnotationProgress } from '../../shared/schemas/backoffice';
import type { BatchAssignBody, BatchPlan, BatchPlanChange, BatchPlanKept, BatchReplaceBody, KeptReason } from '../../shared/schemas/batches';
import { DomainError, invalid } from '../domain/errors';
import { annotatorsByLoad, findAnnotator, pickAnnotators } from './assignments';
import { findBatchOrFail } from './batches';

/**
 * The bulk actions on a batch: assign it, replace an annotator across it. Each is planned the
 * same way for its preview and for applying it, so what the preview shows is what is applied;
 * work an annotator has started or submitted is never moved.
 */

interface Slot {
  userId: number;
  username: string;
  slot: 1 | 2;
  status: AnnotationProgress;
}

interface BatchProblem {
  id: number;
  questionId: string;
  title: string;
  resolved: boolean;
  inAdjudication: boolean;
  slots: Slot[];
}

function batchProblems(rows: readonly BatchSlotRow[]): BatchProblem[] {
  const byId = new Map<number, BatchProblem>();
  for (const r of rows) {
    let p = byId.get(r.problem_id);
    if (!p) byId.set(r.problem_id, (p = { id: r.problem_id, questionId: r.question_id, title: r.title, resolved: r.resolved === 1, inAdjudication: r.in_adjudication === 1, slots: [] }));
    if (r.user_id !== null && r.username !== null && r.slot !== null && r.status !== null) p.slots.push({ userId: r.user_id, username: r.username, slot: r.slot, status: r.status });
  }
  return [...byId.values()];
}

/** One write a plan makes: a new assignment, or a slot moved from one annotator to another. */
type Op = { kind: 'insert'; problemId: number; userId: number; slot: 1 | 2 } | { kind: 'move'; problemId: number; fromUserId: number; toUserId: number };

interface Planned {
  plan: BatchPlan;
  ops: Op[];
}

class PlanBuilder {
  readonly changes: BatchPlanChange[] = [];
  readonly kept: BatchPlanKept[] = [];
  readonly ops: Op[] = [];

  keep(p: BatchProblem, reason: KeptReason): void {
    this.kept.push({ questionId: p.questionId, title: p.title, reason });
  }

  change(p: BatchProblem, remove: string | null, add: string[], ops: Op[]): void {
    this.changes.push({ questionId: p.questionId, title: p.title, remove, add });
    this.ops.push(...ops);
  }

  build(batch: string, action: BatchPlan['action']): Planned {
    const keptCounts: Partial<Record<KeptReason, number>> = {};
    for (const k of this.kept) keptCounts[k.reason] = (keptCounts[k.reason] ?? 0) + 1;
    const token = createHash('sha256').update(JSON.stringify({ action, changes: this.changes })).digest('hex').slice(0, 32);
    const assignments = this.changes.reduce((n, c) => n + c.add.length, 0);
    return { plan: { batch, action, changes: this.changes, assignments, kept: this.kept, keptCounts, token }, ops: this.ops };
  }
}

/** Why a problem needs no annotators from a bulk action (null: it may get some). */
function closedReason(p: BatchProblem, includeResolved: boolean): KeptReason | null {
  if (p.inAdjudication) return 'in-adjudication';
  if (p.resolved && !includeResolved) return 'resolved';
  return null;
}

function planAssign(db: DB, name: string, body: BatchAssignBody): Planned {
  const batch = findBatchOrFail(db, name);
  const chosen = new Set(body.annotators.map((u) => findAnnotator(db, u).id));
  const annotators = annotatorsByLoad(db).filter((a) => chosen.has(a.id));
  const out = new PlanBuilder();
  for (const p of batchProblems(readBatchSlots(db, batch.id))) {
    const closed = closedReason(p, body.includeResolved);
    if (closed) out.keep(p, closed);
    else if (p.slots.length >= 2) out.keep(p, 'two-annotators');
    else {
      const picks = pickAnnotators(
        p.slots.map((s) => [s.userId, s.slot] as const),
        annotators,
      );
      out.change(
        p,
        null,
        picks.map((x) => x.annotator.username),
        picks.map((x) => ({ kind: 'insert', problemId: p.id, userId: x.annotator.id, slot: x.slot })),
      );
    }
  }
  return out.build(batch.name, 'assign');
}

function planReplace(db: DB, name: string, body: BatchReplaceBody): Planned {
  const batch = findBatchOrFail(db, name);
  const from = findUser(db, body.from);
  if (!from) throw invalid(`from: there is no user "${body.from}".`);
  const to = findAnnotator(db, body.to, 'to');
  const out = new PlanBuilder();
  for (const p of batchProblems(readBatchSlots(db, batch.id))) {
    const held = p.slots.find((s) => s.userId === from.id);
    if (!held) continue;
    const closed = closedReason(p, false);
    if (held.status === 'submitted') out.keep(p, 'submitted');
    else if (held.status === 'in-progress') out.keep(p, 'started');
    else if (closed) out.keep(p, closed);
    else if (p.slots.some((s) => s.userId === to.id)) out.keep(p, 'already-assigned');
    else out.change(p, from.username, [to.username], [{ kind: 'move', problemId: p.id, fromUserId: from.id, toUserId: to.id }]);
  }
  return out.build(batch.name, 'replace');
}

function apply(db: DB, actor: Actor, planned: () => Planned, previewToken: string | undefined): BatchPlan {
  return transaction(db, () => {
    const { plan, ops } = planned();
    if (previewToken !== undefined && previewToken !== plan.token) {
      throw new DomainError('stale_version', `Batch ${plan.batch} changed since the preview (someone assigned or started work meanwhile); preview it again.`);
    }
    for (const op of ops) {
      if (op.kind === 'insert') insertAssignment(db, op.problemId, op.userId, op.slot, actor.id);
      else moveAssignment(db, op.problemId, op.fromUserId, op.toUserId, actor.id);
    }
    appendEvent(db, actor, {
      action: `batch.${plan.action}`,
      entityType: 'batch',
      entityId: plan.batch,
      after: { changes: plan.changes.map(({ questionId, remove, add }) => ({ questionId, ...(remove ? { remove } : {}), add })), kept: plan.keptCounts },
    });
    return plan;
  });
}

/** What assigning the batch to these annotators would change (nothing is written). */
export const previewBatchAssign = (db: DB, name: string, body: BatchAssignBody): BatchPlan => planAssign(db, name, body).plan;

/** Fill the free slots of the batch's problems from these annotators, least loaded first. One transaction, one event. */
export const applyBatchAssign = (db: DB, actor: Actor, name: string, body: BatchAssignBody): BatchPlan => apply(db, actor, () => planAssign(db, name, body), body.previewToken);

/** What replacing `from` by `to` across the batch would change (nothing is written). */
export const previewBatchReplace = (db: DB, name: string, body: BatchReplaceBody): BatchPlan => planReplace(db, name, body).plan;

/** Move `from`'s unstarted slots in the batch to `to`; started and submitted work stays. One transaction, one event. */
export const applyBatchReplace = (db: DB, actor: Actor, name: string, body: BatchReplaceBody): BatchPlan => apply(db, actor, () => planReplace(db, name, body), body.previewToken);
