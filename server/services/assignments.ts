import { transaction, type DB } from '../../db/database';
import {
  deleteAssignment,
  insertAssignment,
  readActiveAnnotatorLoads,
  readAssignments,
  readOpenProblems,
  readWorkloadRows,
  type AnnotatorLoad as Annotator,
  type OpenProblemRow as OpenProblem,
} from '../../db/assignments';
import { appendEvent, type Actor } from '../../db/events';
import { findProblemId } from '../../db/problems';
import { findUser } from '../../db/users';
import type { AutoAssignRequest } from '../../shared/api/assignments';
import type { AnnotationProgress, AnnotatorWorkload, AutoAssignPreview, AutoAssignResult } from '../../shared/schemas/backoffice';
import { DomainError, invalid, notFound } from '../domain/errors';

export const ANNOTATORS_PER_PROBLEM = 2;

/** Active annotators with their number of assignments, least loaded first, ties by username. */
export function annotatorsByLoad(db: DB): Annotator[] {
  return readActiveAnnotatorLoads(db).sort(byLoad);
}

function byLoad(a: Annotator, b: Annotator): number {
  const x = a.username.toLowerCase();
  const y = b.username.toLowerCase();
  return a.load - b.load || (x < y ? -1 : x > y ? 1 : 0);
}

/** Who would get which free slot of one open problem: the least loaded first, never twice on a problem. */
interface Fill {
  problem: OpenProblem;
  picks: { annotator: Annotator; slot: 1 | 2 }[];
}

interface AutoAssignPlan {
  fills: Fill[];
  result: AutoAssignResult;
}

/**
 * What auto-assignment does, computed without writing: every problem with fewer than two
 * assignments gets exactly two distinct active annotators, the least loaded first (ties by
 * username), in import order. Problems with resolved gold are skipped unless includeResolved;
 * problems sent back to adjudication (a Runs flag reopening a legacy problem) always are: they
 * need an adjudicator, not annotators.
 */
function planAutoAssign(db: DB, options: Partial<AutoAssignRequest>): AutoAssignPlan {
  const annotators = annotatorsByLoad(db);
  if (annotators.length < ANNOTATORS_PER_PROBLEM) {
    throw new DomainError('too_few_annotators', `Auto-assignment needs at least ${ANNOTATORS_PER_PROBLEM} active annotators; there ${annotators.length === 1 ? 'is 1' : `are ${annotators.length}`}.`);
  }
  const candidates = readOpenProblems(db, ANNOTATORS_PER_PROBLEM);
  const notInAdjudication = candidates.filter((p) => p.in_adjudication === 0);
  const open = options.includeResolved ? notInAdjudication : notInAdjudication.filter((p) => p.resolved === 0);
  const fills = open.map((problem) => ({ problem, picks: pickAnnotators(takenSlots(problem), annotators) }));
  const skippedResolved = notInAdjudication.length - open.length;
  const skippedInAdjudication = candidates.length - notInAdjudication.length;
  return {
    fills,
    result: {
      problems: open.length,
      assignments: fills.reduce((n, f) => n + f.picks.length, 0),
      ...(skippedResolved > 0 ? { skippedResolved } : {}),
      ...(skippedInAdjudication > 0 ? { skippedInAdjudication } : {}),
    },
  };
}

/** A problem's [user id, slot] pairs, from readOpenProblems' `assigned`. */
function takenSlots(problem: OpenProblem): [number, number][] {
  return (problem.assigned ?? '').split(',').filter(Boolean).map((pair) => pair.split(':').map(Number) as [number, number]);
}

/**
 * Who fills a problem's free slots: the least loaded annotator not holding it yet, slot by slot.
 * `taken` are the problem's [user id, slot] pairs; the picks' loads go up and the list is re-sorted.
 */
export function pickAnnotators(taken: readonly (readonly [number, number])[], annotators: Annotator[]): { slot: 1 | 2; annotator: Annotator }[] {
  const takenUsers = new Set(taken.map(([user]) => user));
  const freeSlots = ([1, 2] as const).filter((slot) => !taken.some(([, s]) => s === slot));
  const picks: { slot: 1 | 2; annotator: Annotator }[] = [];
  for (const slot of freeSlots) {
    const pick = annotators.find((a) => !takenUsers.has(a.id));
    if (!pick) break;
    takenUsers.add(pick.id);
    pick.load++;
    annotators.sort(byLoad);
    picks.push({ slot, annotator: pick });
  }
  return picks;
}

/** Auto-assignment (see planAutoAssign), in one transaction with an event per problem. */
export function autoAssign(db: DB, actor: Actor, options: Partial<AutoAssignRequest> = {}): AutoAssignResult {
  return transaction(db, () => {
    const plan = planAutoAssign(db, options);
    for (const { problem, picks } of plan.fills) {
      for (const { annotator, slot } of picks) insertAssignment(db, problem.id, annotator.id, slot, actor.id);
      appendEvent(db, actor, {
        action: 'assignment.auto',
        entityType: 'problem',
        entityId: problem.question_id,
        after: { added: picks.map((p) => p.annotator.username) },
      });
    }
    return plan.result;
  });
}

/** What auto-assignment would do now, and to whom (the confirmation shows it); nothing is written. */
export function previewAutoAssign(db: DB, options: Partial<AutoAssignRequest> = {}): AutoAssignPreview {
  const plan = planAutoAssign(db, options);
  const perAnnotator = new Map<string, number>();
  for (const { annotator } of plan.fills.flatMap((f) => f.picks)) perAnnotator.set(annotator.username, (perAnnotator.get(annotator.username) ?? 0) + 1);
  const byAnnotator = [...perAnnotator].map(([username, assignments]) => ({ username, assignments })).sort((a, b) => b.assignments - a.assignments || (a.username < b.username ? -1 : 1));
  return { ...plan.result, byAnnotator };
}

/** An active annotator by username; `field` names the request field in the refusal. */
export function findAnnotator(db: DB, username: string, field = 'annotators'): { id: number; username: string } {
  const user = findUser(db, username);
  if (!user) throw invalid(`${field}: there is no user "${username}".`);
  if (user.role !== 'annotator') throw invalid(`${field}: ${user.username} is not an annotator (role: ${user.role}).`);
  if (!user.active) throw invalid(`${field}: ${user.username} is deactivated.`);
  return user;
}

/**
 * Assign a problem to exactly these two annotators. Annotators who stay keep their slot; an
 * annotator whose annotation of the problem already exists cannot be removed (409).
 */
export function setAssignment(db: DB, actor: Actor, questionId: string, usernames: readonly [string, string]): string[] {
  return transaction(db, () => {
    const problemId = findProblemId(db, questionId);
    if (problemId === undefined) throw notFound(`There is no problem "${questionId}".`);
    const wanted = usernames.map((u) => findAnnotator(db, u));
    if (wanted[0]!.id === wanted[1]!.id) throw invalid('annotators: choose two different annotators.');
    const current = readAssignments(db, problemId);
    const removed = current.filter((c) => !wanted.some((w) => w.id === c.user_id));
    const started = removed.find((c) => c.annotation_status !== null);
    if (started) {
      throw new DomainError('work_started', `${started.username} has already started annotating ${questionId} (${started.annotation_status}); their work would be lost, so they stay assigned.`);
    }
    const added = wanted.filter((w) => !current.some((c) => c.user_id === w.id));
    if (removed.length === 0 && added.length === 0) return current.map((c) => c.username);
    for (const r of removed) deleteAssignment(db, problemId, r.user_id);
    const kept = current.filter((c) => !removed.includes(c));
    const freeSlots = ([1, 2] as const).filter((slot) => !kept.some((k) => k.slot === slot));
    added.forEach((a, i) => insertAssignment(db, problemId, a.id, freeSlots[i]!, actor.id));
    appendEvent(db, actor, {
      action: 'assignment.set',
      entityType: 'problem',
      entityId: questionId,
      before: { annotators: current.map((c) => c.username) },
      after: { annotators: wanted.map((w) => w.username) },
    });
    return wanted.map((w) => w.username);
  });
}

/** An annotator's workload before any assignment is counted. */
export const emptyWorkload = (username: string, active: boolean): AnnotatorWorkload => ({ username, active, assigned: 0, todo: 0, inProgress: 0, submitted: 0 });

/** Count n assignments whose annotation stands at `status` into a workload. */
export function addToWorkload(w: AnnotatorWorkload, status: AnnotationProgress, n = 1): void {
  w.assigned += n;
  if (status === 'todo') w.todo += n;
  else if (status === 'in-progress') w.inProgress += n;
  else w.submitted += n;
}

/** Per annotator (and anyone else still holding assignments): assigned problems and where their annotations stand. */
export function workloadOverview(db: DB): AnnotatorWorkload[] {
  const byUser = new Map<string, AnnotatorWorkload>();
  for (const r of readWorkloadRows(db)) {
    let w = byUser.get(r.username);
    if (!w) byUser.set(r.username, (w = emptyWorkload(r.username, r.active === 1)));
    if (r.status !== null) addToWorkload(w, r.status);
  }
  return [...byUser.values()];
}
