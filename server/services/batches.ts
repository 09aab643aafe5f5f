import { transaction, type DB } from '../../db/database';
import {
  findBatch,
  findBatchOfProblem,
  findProblemIds,
  insertBatch,
  insertBatchProblems,
  readBatchAnnotationStates,
  readBatchedProblems,
  readBatches,
  readBatchProblemStates,
  readBatchQuestionIds,
  readProblemsWithSubmittedWork,
  updateBatch,
  deleteBatch as deleteBatchRow,
  deleteBatchProblems,
  type BatchRow,
} from '../../db/batches';
import { appendEvent, type Actor } from '../../db/events';
import { readFilteredProblemIds } from '../../db/problems';
import type { AdjudicationProgress, AnnotationProgress } from '../../shared/schemas/backoffice';
import {
  dayOf,
  isPastDue,
  type BatchAnnotatorProgress,
  type BatchDetail,
  type BatchProblemsBody,
  type BatchSummary,
  type CreateBatchBody,
  type DeletedBatch,
  type SuggestionPolicy,
  type UpdateBatchBody,
} from '../../shared/schemas/batches';
import { DomainError, invalid, notFound } from '../domain/errors';
import { systemClock, type Clock } from './activeTime';
import { addToWorkload, emptyWorkload } from './assignments';

const listed = (items: readonly string[], max = 5) => items.slice(0, max).join(', ') + (items.length > max ? ` and ${items.length - max} more` : '');

/** The row ids of the problems the request names (by list or by filter), or a refusal that says which are wrong. */
function chosenProblems(db: DB, body: CreateBatchBody): number[] {
  if (body.filter) {
    const ids = readFilteredProblemIds(db, body.filter);
    if (ids.length === 0) throw invalid('filter: no problem matches this filter.');
    return ids;
  }
  const wanted = [...new Set(body.problems ?? [])];
  const found = findProblemIds(db, wanted);
  const unknown = wanted.filter((q) => !found.has(q));
  if (unknown.length > 0) throw invalid(`problems: there is no problem ${listed(unknown)}.`);
  return wanted.map((q) => found.get(q)!);
}

/**
 * Create a batch of problems due on a day. A problem is in at most one batch: a request naming
 * (or a filter matching) problems of another batch is refused, naming them. One transaction.
 */
export function createBatch(db: DB, actor: Actor, body: CreateBatchBody, clock: Clock = systemClock): BatchSummary {
  return transaction(db, () => {
    const existing = findBatch(db, body.name);
    if (existing) throw new DomainError('name_taken', `There is already a batch named "${existing.name}".`);
    const problemIds = chosenProblems(db, body);
    const taken = readBatchedProblems(db, problemIds);
    if (taken.length > 0) {
      const where = taken.map((t) => `${t.question_id} (in ${t.batch})`);
      throw invalid(`${body.filter ? 'filter' : 'problems'}: a problem is in at most one batch; ${taken.length} already ${taken.length === 1 ? 'is' : 'are'} in another: ${listed(where)}.${body.filter ? ' Add batch=none to the filter to leave them out.' : ''}`);
    }
    const id = insertBatch(db, { name: body.name, due: body.due, suggestionPolicy: body.suggestionPolicy, createdBy: actor.id });
    insertBatchProblems(db, id, problemIds);
    appendEvent(db, actor, {
      action: 'batch.create',
      entityType: 'batch',
      entityId: body.name,
      after: { due: body.due, suggestionPolicy: body.suggestionPolicy, problems: problemIds.length, ...(body.filter ? { filter: body.filter } : {}) },
    });
    return summaries(db, [findBatch(db, body.name)!], dayOf(clock()))[0]!;
  });
}

const noProblemStates = (): Record<AdjudicationProgress, number> => ({ waiting: 0, ready: 0, draft: 0, resolved: 0 });
const noAnnotationStates = (): Record<AnnotationProgress, number> => ({ todo: 0, 'in-progress': 0, submitted: 0 });

/** The figures of these batches; `today` (YYYY-MM-DD) decides what is overdue. */
function summaries(db: DB, batches: readonly BatchRow[], today: string): BatchSummary[] {
  const only = batches.length === 1 ? batches[0]!.id : null;
  const byId = new Map<number, BatchSummary>();
  for (const b of batches) {
    byId.set(b.id, {
      name: b.name,
      due: b.due_date,
      suggestionPolicy: b.suggestion_policy,
      createdAt: b.created_at,
      problems: 0,
      states: noProblemStates(),
      annotations: noAnnotationStates(),
      needAnnotators: 0,
      overdue: false,
      overdueProblems: 0,
    });
  }
  const pastDue = new Map(batches.map((b) => [b.id, isPastDue(b.due_date, today)]));
  for (const r of readBatchProblemStates(db, only)) {
    const s = byId.get(r.batch_id);
    if (!s) continue;
    s.problems += r.n;
    s.states[r.state] += r.n;
    if (r.needs_annotators) s.needAnnotators += r.n;
    // Annotation work is left while the two annotations are not both submitted ("waiting").
    if (r.state === 'waiting' && pastDue.get(r.batch_id)) s.overdueProblems += r.n;
  }
  for (const r of readBatchAnnotationStates(db, only)) {
    const s = byId.get(r.batch_id);
    if (s) s.annotations[r.status] += r.n;
  }
  for (const s of byId.values()) s.overdue = s.overdueProblems > 0;
  return batches.map((b) => byId.get(b.id)!);
}

/** Every batch with its progress, the earliest due first. */
export function listBatches(db: DB, clock: Clock = systemClock): BatchSummary[] {
  return summaries(db, readBatches(db), dayOf(clock()));
}

/** The batch's row, or a 404 naming it. */
export function findBatchOrFail(db: DB, name: string): BatchRow {
  const batch = findBatch(db, name);
  if (!batch) throw notFound(`There is no batch "${name}".`);
  return batch;
}

/** A batch's progress per state and per annotator, and what is overdue. */
export function batchDetail(db: DB, name: string, clock: Clock = systemClock): BatchDetail {
  const batch = findBatchOrFail(db, name);
  const today = dayOf(clock());
  const [summary] = summaries(db, [batch], today);
  const pastDue = isPastDue(batch.due_date, today);
  const byUser = new Map<string, BatchAnnotatorProgress>();
  for (const r of readBatchAnnotationStates(db, batch.id)) {
    let p = byUser.get(r.username);
    if (!p) byUser.set(r.username, (p = { ...emptyWorkload(r.username, r.active === 1), overdue: 0 }));
    addToWorkload(p, r.status, r.n);
    if (pastDue && r.status !== 'submitted') p.overdue += r.n;
  }
  return { ...summary!, annotators: [...byUser.values()] };
}

/** The question ids of a batch's problems in import order; null when there is no such batch. */
export function batchProblemIds(db: DB, name: string): string[] | null {
  const batch = findBatch(db, name);
  return batch ? readBatchQuestionIds(db, batch.id) : null;
}

/** The batch a problem is in, or null. */
export function batchOfProblem(db: DB, questionId: string): { name: string; due: string; suggestionPolicy: SuggestionPolicy | null } | null {
  const batch = findBatchOfProblem(db, questionId);
  return batch ? { name: batch.name, due: batch.due_date, suggestionPolicy: batch.suggestion_policy } : null;
}

/** Rename a batch or change its due date; the event records both before and after. One transaction. */
export function editBatch(db: DB, actor: Actor, name: string, body: UpdateBatchBody, clock: Clock = systemClock): BatchSummary {
  return transaction(db, () => {
    const batch = findBatchOrFail(db, name);
    const next = { name: body.name ?? batch.name, due: body.due ?? batch.due_date };
    const clash = next.name.toLowerCase() === batch.name.toLowerCase() ? undefined : findBatch(db, next.name);
    if (clash) throw new DomainError('name_taken', `name: there is already a batch named "${clash.name}".`);
    updateBatch(db, batch.id, next);
    appendEvent(db, actor, {
      action: 'batch.update',
      entityType: 'batch',
      entityId: next.name,
      before: { name: batch.name, due: batch.due_date },
      after: next,
    });
    return summaries(db, [findBatch(db, next.name)!], dayOf(clock()))[0]!;
  });
}

/** The row ids of these question ids, or a refusal naming those that are no problem. */
function knownProblems(db: DB, questionIds: readonly string[], field: string): number[] {
  const wanted = [...new Set(questionIds)];
  const found = findProblemIds(db, wanted);
  const unknown = wanted.filter((q) => !found.has(q));
  if (unknown.length > 0) throw invalid(`${field}: there is no problem ${listed(unknown)}.`);
  return wanted.map((q) => found.get(q)!);
}

/**
 * Add problems to a batch and take others out. Submitted work is never moved: a problem with a
 * submitted annotation is not taken out, and a problem of another batch is not taken over; the
 * refusal (409) names them and nothing changes. A problem taken out keeps its assignments and
 * work, in no batch. One transaction, one event.
 */
export function changeBatchProblems(db: DB, actor: Actor, name: string, body: BatchProblemsBody, clock: Clock = systemClock): BatchSummary {
  return transaction(db, () => {
    const batch = findBatchOrFail(db, name);
    const add = knownProblems(db, body.add, 'add');
    const remove = knownProblems(db, body.remove, 'remove');
    const current = new Set(readBatchQuestionIds(db, batch.id));
    const notIn = body.remove.filter((q) => !current.has(q));
    if (notIn.length > 0) throw invalid(`remove: ${listed(notIn)} ${notIn.length === 1 ? 'is' : 'are'} not in ${batch.name}.`);
    const submitted = readProblemsWithSubmittedWork(db, remove);
    if (submitted.length > 0) {
      throw new DomainError('work_started', `remove: submitted work is never moved; ${listed(submitted)} ${submitted.length === 1 ? 'has' : 'have'} submitted annotations and stay${submitted.length === 1 ? 's' : ''} in ${batch.name}.`, { problems: submitted });
    }
    const elsewhere = readBatchedProblems(db, add).filter((t) => t.batch.toLowerCase() !== batch.name.toLowerCase());
    if (elsewhere.length > 0) {
      throw new DomainError('work_started', `add: a problem is in at most one batch and is never moved out of another; ${listed(elsewhere.map((t) => `${t.question_id} (in ${t.batch})`))}. Remove ${elsewhere.length === 1 ? 'it' : 'them'} from that batch first.`, { problems: elsewhere.map((t) => t.question_id) });
    }
    // Problems already in this batch are no change.
    const added = [...new Set(body.add)].filter((q) => !current.has(q));
    const removed = [...new Set(body.remove)];
    insertBatchProblems(db, batch.id, knownProblems(db, added, 'add'));
    deleteBatchProblems(db, batch.id, remove);
    appendEvent(db, actor, {
      action: 'batch.problems',
      entityType: 'batch',
      entityId: batch.name,
      before: { problems: current.size },
      after: { problems: current.size + added.length - removed.length },
      details: { added, removed },
    });
    return summaries(db, [batch], dayOf(clock()))[0]!;
  });
}

/** Delete a batch. Its problems stay, with their assignments and work, in no batch. One transaction, one event. */
export function deleteBatch(db: DB, actor: Actor, name: string): DeletedBatch {
  return transaction(db, () => {
    const batch = findBatchOrFail(db, name);
    const questionIds = readBatchQuestionIds(db, batch.id);
    deleteBatchRow(db, batch.id);
    appendEvent(db, actor, {
      action: 'batch.delete',
      entityType: 'batch',
      entityId: batch.name,
      before: { name: batch.name, due: batch.due_date, suggestionPolicy: batch.suggestion_policy, problems: questionIds.length },
      details: { questionIds },
    });
    return { name: batch.name, problems: questionIds.length };
  });
}
