import { all, get, run, transaction, type DB } from '../../db/database';
import { appendEvent, type Actor } from '../../db/events';
import type { AnnotationProgress, AnnotatorWorkload, AutoAssignResult } from '../../shared/schemas/backoffice';
import { AppError, badRequest, conflict, notFound } from '../http/errors';
import { ANNOTATION_PROGRESS_SQL } from './problems';

export const ANNOTATORS_PER_PROBLEM = 2;
type Slot = 1 | 2;

interface Annotator {
  id: number;
  username: string;
  load: number;
}

/** Active annotators with their number of assignments, least loaded first, ties by username. */
function annotatorsByLoad(db: DB): Annotator[] {
  return all<Annotator>(
    db,
    `SELECT u.id, u.username, (SELECT COUNT(*) FROM assignments a WHERE a.user_id = u.id) AS load
     FROM users u WHERE u.role = 'annotator' AND u.active = 1`,
  ).sort(byLoad);
}

function byLoad(a: Annotator, b: Annotator): number {
  const x = a.username.toLowerCase();
  const y = b.username.toLowerCase();
  return a.load - b.load || (x < y ? -1 : x > y ? 1 : 0);
}

interface OpenProblem {
  id: number;
  question_id: string;
  assigned: string | null;
}

/** Problems that already have a resolved gold version (e.g. from a legacy release) need no annotators. */
const HAS_RESOLVED_GOLD = `EXISTS (SELECT 1 FROM adjudications j WHERE j.problem_id = p.id AND j.status = 'resolved')`;

/**
 * Give every problem with fewer than two assignments exactly two distinct active annotators,
 * the least loaded first (ties by username), in import order. Problems with resolved gold are
 * skipped unless includeResolved. One transaction.
 */
export function autoAssign(db: DB, actor: Actor, options: { includeResolved?: boolean } = {}): AutoAssignResult {
  return transaction(db, () => {
    const annotators = annotatorsByLoad(db);
    if (annotators.length < ANNOTATORS_PER_PROBLEM) {
      throw conflict(`Auto-assignment needs at least ${ANNOTATORS_PER_PROBLEM} active annotators; there ${annotators.length === 1 ? 'is 1' : `are ${annotators.length}`}.`);
    }
    const candidates = all<OpenProblem & { resolved: number }>(
      db,
      `SELECT p.id, p.question_id, (SELECT group_concat(a.user_id || ':' || a.slot) FROM assignments a WHERE a.problem_id = p.id) AS assigned,
              ${HAS_RESOLVED_GOLD} AS resolved
       FROM problems p WHERE (SELECT COUNT(*) FROM assignments a WHERE a.problem_id = p.id) < ? ORDER BY p.import_order`,
      [ANNOTATORS_PER_PROBLEM],
    );
    const open = options.includeResolved ? candidates : candidates.filter((p) => p.resolved === 0);
    let assignments = 0;
    for (const problem of open) assignments += fillProblem(db, actor, problem, annotators);
    const skippedResolved = candidates.length - open.length;
    return { problems: open.length, assignments, ...(skippedResolved > 0 ? { skippedResolved } : {}) };
  });
}

function fillProblem(db: DB, actor: Actor, problem: OpenProblem, annotators: Annotator[]): number {
  const taken = (problem.assigned ?? '').split(',').filter(Boolean).map((pair) => pair.split(':').map(Number) as [number, number]);
  const takenUsers = new Set(taken.map(([user]) => user));
  const freeSlots = ([1, 2] as const).filter((slot) => !taken.some(([, s]) => s === slot));
  const chosen: Annotator[] = [];
  for (const slot of freeSlots) {
    const pick = annotators.find((a) => !takenUsers.has(a.id));
    if (!pick) break;
    run(db, 'INSERT INTO assignments (problem_id, user_id, slot, assigned_by) VALUES (?, ?, ?, ?)', [problem.id, pick.id, slot, actor.id]);
    takenUsers.add(pick.id);
    pick.load++;
    annotators.sort(byLoad);
    chosen.push(pick);
  }
  appendEvent(db, actor, {
    action: 'assignment.auto',
    entityType: 'problem',
    entityId: problem.question_id,
    after: { added: chosen.map((a) => a.username) },
  });
  return chosen.length;
}

interface Current {
  user_id: number;
  username: string;
  slot: Slot;
  annotation_status: string | null;
}

function findAnnotator(db: DB, username: string): { id: number; username: string } {
  const user = get<{ id: number; username: string; role: string; active: number }>(db, 'SELECT id, username, role, active FROM users WHERE username = ?', [username]);
  if (!user) throw badRequest(`annotators: there is no user "${username}".`);
  if (user.role !== 'annotator') throw badRequest(`annotators: ${user.username} is not an annotator (role: ${user.role}).`);
  if (!user.active) throw badRequest(`annotators: ${user.username} is deactivated.`);
  return user;
}

/**
 * Assign a problem to exactly these two annotators. Annotators who stay keep their slot; an
 * annotator whose annotation of the problem already exists cannot be removed (409).
 */
export function setAssignment(db: DB, actor: Actor, questionId: string, usernames: readonly [string, string]): string[] {
  return transaction(db, () => {
    const problem = get<{ id: number }>(db, 'SELECT id FROM problems WHERE question_id = ?', [questionId]);
    if (!problem) throw notFound(`There is no problem "${questionId}".`);
    const wanted = usernames.map((u) => findAnnotator(db, u));
    if (wanted[0]!.id === wanted[1]!.id) throw badRequest('annotators: choose two different annotators.');
    const current = all<Current>(
      db,
      `SELECT a.user_id, u.username, a.slot, n.status AS annotation_status FROM assignments a JOIN users u ON u.id = a.user_id
       LEFT JOIN annotations n ON n.problem_id = a.problem_id AND n.user_id = a.user_id
       WHERE a.problem_id = ? ORDER BY a.slot`,
      [problem.id],
    );
    const removed = current.filter((c) => !wanted.some((w) => w.id === c.user_id));
    const started = removed.find((c) => c.annotation_status !== null);
    if (started) {
      throw new AppError(409, 'conflict', `${started.username} has already started annotating ${questionId} (${started.annotation_status}); their work would be lost, so they stay assigned.`);
    }
    const added = wanted.filter((w) => !current.some((c) => c.user_id === w.id));
    if (removed.length === 0 && added.length === 0) return current.map((c) => c.username);
    for (const r of removed) run(db, 'DELETE FROM assignments WHERE problem_id = ? AND user_id = ?', [problem.id, r.user_id]);
    const kept = current.filter((c) => !removed.includes(c));
    const freeSlots = ([1, 2] as const).filter((slot) => !kept.some((k) => k.slot === slot));
    added.forEach((a, i) => run(db, 'INSERT INTO assignments (problem_id, user_id, slot, assigned_by) VALUES (?, ?, ?, ?)', [problem.id, a.id, freeSlots[i], actor.id]));
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

/** Per annotator (and anyone else still holding assignments): assigned problems and where their annotations stand. */
export function workloadOverview(db: DB): AnnotatorWorkload[] {
  const rows = all<{ username: string; active: number; status: AnnotationProgress | null }>(
    db,
    `SELECT u.username, u.active, CASE WHEN a.problem_id IS NULL THEN NULL ELSE ${ANNOTATION_PROGRESS_SQL} END AS status
     FROM users u
     LEFT JOIN assignments a ON a.user_id = u.id
     LEFT JOIN annotations n ON n.problem_id = a.problem_id AND n.user_id = u.id
     WHERE u.role = 'annotator' OR a.problem_id IS NOT NULL
     ORDER BY u.username COLLATE NOCASE`,
  );
  const byUser = new Map<string, AnnotatorWorkload>();
  for (const r of rows) {
    let w = byUser.get(r.username);
    if (!w) byUser.set(r.username, (w = { username: r.username, active: r.active === 1, assigned: 0, todo: 0, inProgress: 0, submitted: 0 }));
    if (r.status === null) continue;
    w.assigned++;
    if (r.status === 'todo') w.todo++;
    else if (r.status === 'in-progress') w.inProgress++;
    else w.submitted++;
  }
  return [...byUser.values()];
}
