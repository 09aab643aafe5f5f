import type { CommentRow } from '../../../db/comments';
import type { CommentView } from '../../../shared/schemas/comments';

const STAFF_ROLES = new Set(['adjudicator', 'maintainer']);

/** One of a problem's two annotators, by assignment slot. */
export interface Side {
  userId: number;
  username: string;
  slot: 1 | 2;
  submitted: boolean;
}

/**
 * How one viewer sees a problem's discussion (the blind rules):
 * - a participant (an annotator of the problem, or anyone who annotated it) sees their own thread,
 *   staff notes to everyone, and the other annotator's thread only once both annotations are
 *   submitted, its author then named "the other annotator";
 * - staff (who did not annotate it) see every thread, annotators as "Annotator A"/"B" by slot, with
 *   names only when a maintainer revealed them for adjudication.
 * Nobody is ever shown a user id.
 */
export type Perspective =
  | { kind: 'participant'; viewerId: number; otherId: number | null; bothSubmitted: boolean }
  | { kind: 'staff'; viewerId: number; slots: ReadonlyMap<number, Side>; revealNames: boolean };

export function perspectiveOf(viewer: { id: number; role: string }, participant: boolean, sides: readonly Side[], revealNames: boolean): Perspective {
  if (participant || !STAFF_ROLES.has(viewer.role)) {
    const other = sides.find((s) => s.userId !== viewer.id) ?? null;
    const bothSubmitted = sides.length === 2 && sides.every((s) => s.submitted);
    return { kind: 'participant', viewerId: viewer.id, otherId: other?.userId ?? null, bothSubmitted };
  }
  return { kind: 'staff', viewerId: viewer.id, slots: new Map(sides.map((s) => [s.userId, s])), revealNames };
}

/** Whether the viewer may see the comment at all. */
export function canSee(p: Perspective, c: Pick<CommentRow, 'thread_user_id'>): boolean {
  if (p.kind === 'staff') return true;
  if (c.thread_user_id === null || c.thread_user_id === p.viewerId) return true;
  return p.bothSubmitted && c.thread_user_id === p.otherId;
}

const slotLabel = (side: Side, reveal: boolean) => `Annotator ${side.slot === 1 ? 'A' : 'B'}${reveal ? ` (${side.username})` : ''}`;

function staffAuthor(c: Pick<CommentRow, 'author_name' | 'author_role'>): string {
  return `${c.author_name} (${c.author_role})`;
}

/** The author as the viewer may know them. */
export function authorLabel(p: Perspective, c: Pick<CommentRow, 'author_id' | 'author_name' | 'author_role'>): string {
  if (c.author_id === p.viewerId) return 'you';
  if (p.kind === 'participant') {
    if (c.author_id === p.otherId) return 'the other annotator';
    return STAFF_ROLES.has(c.author_role) ? staffAuthor(c) : 'an annotator';
  }
  const side = p.slots.get(c.author_id);
  if (side) return slotLabel(side, p.revealNames);
  return STAFF_ROLES.has(c.author_role) ? staffAuthor(c) : `a former annotator${p.revealNames ? ` (${c.author_name})` : ''}`;
}

/** Whose thread the comment is in, as the viewer may know it. */
export function threadLabel(p: Perspective, threadUserId: number | null): string {
  if (threadUserId === null) return 'everyone';
  if (p.kind === 'participant') return threadUserId === p.viewerId ? 'yours' : "the other annotator's";
  const side = p.slots.get(threadUserId);
  return side ? slotLabel(side, p.revealNames) : 'a former annotator';
}

/** The comment as the viewer may see it (call only for comments canSee allows). */
/** visibleIds: the row id of each comment the viewer sees → the id shown for it. */
export function presentComment(p: Perspective, c: CommentRow, visibleIds: ReadonlyMap<number, string>, read: ReadonlySet<number>): CommentView {
  return {
    id: c.public_id,
    kind: c.kind,
    reason: c.reason,
    body: c.body,
    createdAt: c.created_at,
    author: authorLabel(p, c),
    mine: c.author_id === p.viewerId,
    fromStaff: STAFF_ROLES.has(c.author_role) && !(p.kind === 'staff' ? p.slots.has(c.author_id) : c.author_id === p.otherId),
    thread: threadLabel(p, c.thread_user_id),
    replyTo: c.reply_to === null ? null : (visibleIds.get(c.reply_to) ?? null),
    resolved: c.resolved_at ? { at: c.resolved_at, by: c.resolved_by_name ?? 'someone' } : null,
    unread: c.author_id !== p.viewerId && !read.has(c.id),
  };
}
