import { transaction, type DB } from '../../../db/database';
import { findAssignedProblem } from '../../../db/annotationDrafts';
import { hasAnnotated, problemIdsAnnotatedBy, readSideRows } from '../../../db/annotations';
import {
  findComment,
  insertComment,
  insertReadMarks,
  markResolved,
  markReopened,
  readMarks,
  readOpenFlags,
  readProblemComments,
  readUnreadComments,
  type CommentRow,
  type CommentWithProblemRow,
} from '../../../db/comments';
import { appendEvent, type Actor } from '../../../db/events';
import { findProblemBrief } from '../../../db/problems';
import type { FlaggedProblem, OpenFlagsView, PostCommentBody, ThreadView, UnreadView } from '../../../shared/schemas/comments';
import { DomainError, forbidden, invalid, notFound } from '../../domain/errors';
import type { Role } from '../../../shared/roles';
import { systemClock, type Clock } from '../activeTime';
import { revealNames } from '../adjudications/store';
import { authorLabel, canSee, perspectiveOf, presentComment, type Perspective, type Side } from './perspective';

/** The signed-in user reading or writing a discussion. */
export interface Viewer {
  readonly id: number;
  readonly role: Role;
}

interface Thread {
  problem: { id: number; question_id: string; title: string };
  sides: Side[];
  perspective: Perspective;
}

function sidesOf(db: DB, problemId: number): Side[] {
  return readSideRows(db, problemId).map((r) => ({ userId: r.user_id, username: r.username, slot: r.slot === 1 ? 1 : 2, submitted: r.status === 'submitted' }));
}

function perspectiveFor(db: DB, viewer: Viewer, problem: Thread['problem'], sides: Side[]): Perspective {
  return perspectiveOf(viewer, hasAnnotated(db, viewer.id, problem.question_id), sides, revealNames(db));
}

/** The problem's discussion as the viewer may open it: an annotator only on a problem assigned to them (404 otherwise, whether or not it exists). */
function openThread(db: DB, viewer: Viewer, questionId: string): Thread {
  const problem = viewer.role === 'annotator' ? findAssignedProblem(db, questionId, viewer.id) : findProblemBrief(db, questionId);
  if (!problem) throw notFound(viewer.role === 'annotator' ? `Problem ${questionId} is not assigned to you.` : `There is no problem "${questionId}".`);
  const sides = sidesOf(db, problem.id);
  return { problem, sides, perspective: perspectiveFor(db, viewer, problem, sides) };
}

function present(db: DB, viewer: Viewer, t: Thread): ThreadView {
  const visible = readProblemComments(db, t.problem.id).filter((c) => canSee(t.perspective, c));
  const ids = new Map(visible.map((c) => [c.id, c.public_id]));
  const read = readMarks(db, viewer.id, t.problem.id);
  const p = t.perspective;
  return {
    questionId: t.problem.question_id,
    comments: visible.map((c) => presentComment(p, c, ids, read)),
    openFlags: visible.filter((c) => c.kind === 'flag' && c.resolved_at === null).length,
    canResolve: p.kind === 'staff',
    othersShown: p.kind === 'staff' || p.bothSubmitted,
  };
}

/** A problem's discussion as the viewer may see it (the blind rules are in perspective.ts). */
export function getThread(db: DB, viewer: Viewer, questionId: string): ThreadView {
  return present(db, viewer, openThread(db, viewer, questionId));
}

/** A comment of the thread the viewer can see, or 404 (a hidden one is not told apart from a missing one). */
function visibleComment(db: DB, t: Thread, id: string): CommentRow {
  const c = findComment(db, t.problem.id, id);
  if (!c || !canSee(t.perspective, c)) throw notFound(`There is no comment ${id} on ${t.problem.question_id}.`);
  return c;
}

/**
 * Post a comment or a flag. An annotator's goes into their own thread; a staff reply goes into the
 * thread of the comment it answers, and a staff note that answers nothing goes to everyone.
 */
export function postComment(db: DB, viewer: Viewer, actor: Actor, questionId: string, body: PostCommentBody, clock: Clock = systemClock): ThreadView {
  return transaction(db, () => {
    const t = openThread(db, viewer, questionId);
    const target = body.replyTo === undefined ? null : visibleComment(db, t, body.replyTo);
    const threadUserId = t.perspective.kind === 'participant' ? viewer.id : (target?.thread_user_id ?? null);
    const createdAt = new Date(clock()).toISOString();
    const reason = body.kind === 'flag' ? (body.reason ?? null) : null;
    const { id } = insertComment(db, { problemId: t.problem.id, authorId: viewer.id, threadUserId, replyTo: target?.id ?? null, kind: body.kind, reason, body: body.body, createdAt });
    insertReadMarks(db, viewer.id, [id]);
    appendEvent(db, actor, {
      action: body.kind === 'flag' ? 'comment.flag' : 'comment.add',
      entityType: 'problem',
      entityId: t.problem.question_id,
      after: { body: body.body },
      details: { commentId: id, kind: body.kind, ...(reason ? { reason } : {}), ...(target ? { replyTo: target.id } : {}), at: createdAt },
    });
    return present(db, viewer, t);
  });
}

/** A flag the viewer may close or reopen: staff who did not annotate the problem, and a flag, not a comment. */
function staffFlag(db: DB, viewer: Viewer, questionId: string, commentId: string, change: 'resolve' | 'reopen') {
  const t = openThread(db, viewer, questionId);
  if (t.perspective.kind !== 'staff') throw forbidden(`You annotated ${questionId} yourself; another adjudicator must ${change} its flags.`);
  const c = visibleComment(db, t, commentId);
  if (c.kind !== 'flag') throw invalid(`Comment ${commentId} is a comment, not a flag: only flags are ${change === 'resolve' ? 'resolved' : 'reopened'}.`);
  return { t, c };
}

/** Mark an open flag resolved (adjudicators and maintainers who did not annotate the problem). */
export function resolveFlag(db: DB, viewer: Viewer, actor: Actor, questionId: string, commentId: string, clock: Clock = systemClock): ThreadView {
  return transaction(db, () => {
    const { t, c } = staffFlag(db, viewer, questionId, commentId, 'resolve');
    if (c.resolved_at !== null) throw new DomainError('read_only', `Flag ${commentId} was already resolved by ${c.resolved_by_name ?? 'someone'} at ${c.resolved_at}.`);
    const at = new Date(clock()).toISOString();
    markResolved(db, c.id, viewer.id, at);
    appendEvent(db, actor, {
      action: 'comment.resolve',
      entityType: 'problem',
      entityId: questionId,
      before: { resolved: false },
      after: { resolved: true },
      details: { commentId: c.id, reason: c.reason, at },
    });
    return present(db, viewer, t);
  });
}

/** Reopen a closed flag (the same people who may close it); the event keeps who had closed it and when. */
export function reopenFlag(db: DB, viewer: Viewer, actor: Actor, questionId: string, commentId: string, clock: Clock = systemClock): ThreadView {
  return transaction(db, () => {
    const { t, c } = staffFlag(db, viewer, questionId, commentId, 'reopen');
    if (c.resolved_at === null) throw new DomainError('not_resolved', `Flag ${commentId} is open; there is nothing to reopen.`);
    const at = new Date(clock()).toISOString();
    markReopened(db, c.id);
    appendEvent(db, actor, {
      action: 'comment.reopen',
      entityType: 'problem',
      entityId: questionId,
      before: { resolved: true, resolvedBy: c.resolved_by_name, resolvedAt: c.resolved_at },
      after: { resolved: false },
      details: { commentId: c.id, reason: c.reason, at },
    });
    return present(db, viewer, t);
  });
}

/** Mark every comment the viewer can see, up to the one given, read (a comment they cannot see marks nothing). */
export function markThreadRead(db: DB, viewer: Viewer, questionId: string, upTo: string): ThreadView {
  return transaction(db, () => {
    const t = openThread(db, viewer, questionId);
    const last = findComment(db, t.problem.id, upTo);
    const lastId = last && canSee(t.perspective, last) ? last.id : 0;
    const ids = readProblemComments(db, t.problem.id)
      .filter((c) => c.id <= lastId && c.author_id !== viewer.id && canSee(t.perspective, c))
      .map((c) => c.id);
    insertReadMarks(db, viewer.id, ids);
    return present(db, viewer, t);
  });
}

/** Rows grouped by problem, in the order met. */
function byProblem(rows: readonly CommentWithProblemRow[]): CommentWithProblemRow[][] {
  const groups = new Map<number, CommentWithProblemRow[]>();
  for (const r of rows) groups.set(r.problem_id, [...(groups.get(r.problem_id) ?? []), r]);
  return [...groups.values()];
}

const problemOf = (r: CommentWithProblemRow): Thread['problem'] => ({ id: r.problem_id, question_id: r.question_id, title: r.title });

/** How many comments by others the viewer can see and has not read, per problem. */
export function unreadFor(db: DB, viewer: Viewer): UnreadView {
  const problems = byProblem(readUnreadComments(db, viewer.id, { assignedOnly: viewer.role === 'annotator' })).flatMap((rows) => {
    const problem = problemOf(rows[0]!);
    const perspective = perspectiveFor(db, viewer, problem, sidesOf(db, problem.id));
    const unread = rows.filter((c) => canSee(perspective, c)).length;
    return unread > 0 ? [{ questionId: problem.question_id, title: problem.title, unread }] : [];
  });
  return { total: problems.reduce((n, p) => n + p.unread, 0), problems };
}

/** Problems with open flags, for the adjudication queue; problems the viewer annotated are left out. */
export function openFlagsFor(db: DB, viewer: Viewer): OpenFlagsView {
  const own = problemIdsAnnotatedBy(db, viewer.id);
  const problems = byProblem(readOpenFlags(db))
    .filter((rows) => !own.has(rows[0]!.problem_id))
    .map((rows): FlaggedProblem => {
      const problem = problemOf(rows[0]!);
      const sides = sidesOf(db, problem.id);
      const perspective = perspectiveOf(viewer, false, sides, revealNames(db));
      return {
        questionId: problem.question_id,
        title: problem.title,
        ready: sides.length === 2 && sides.every((s) => s.submitted),
        flags: rows.map((c) => ({ id: c.public_id, reason: c.reason ?? 'other', body: c.body, author: authorLabel(perspective, c), createdAt: c.created_at })),
      };
    });
  return { problems };
}
