import { z } from 'zod';

/** What a flag says is wrong with a problem. */
export const FLAG_REASONS = ['broken', 'unclear', 'duplicate', 'other'] as const;
export type FlagReason = (typeof FLAG_REASONS)[number];

export const FLAG_REASON_LABEL: Record<FlagReason, string> = {
  broken: 'statement broken',
  unclear: 'unclear',
  duplicate: 'duplicate',
  other: 'other',
};

export const COMMENT_KINDS = ['comment', 'flag'] as const;
export type CommentKind = (typeof COMMENT_KINDS)[number];

/** Long enough for a careful question with a quoted sentence or two; a comment is not a document. */
export const MAX_COMMENT_CHARS = 4000;

/** A comment's id as people see it: random, never the row number (which counts comments everywhere). */
export const commentId = z.string().regex(/^[0-9a-f]{16}$/, 'not a comment id');

/** A new comment or flag. A flag names its reason; a comment has none. `replyTo` answers a comment of the thread. */
export const postCommentBody = z
  .object({
    body: z.string().trim().min(1, 'write something first').max(MAX_COMMENT_CHARS, `at most ${MAX_COMMENT_CHARS} characters`),
    kind: z.enum(COMMENT_KINDS).default('comment'),
    reason: z.enum(FLAG_REASONS).optional(),
    replyTo: commentId.optional(),
  })
  .superRefine((c, ctx) => {
    if (c.kind === 'flag' && c.reason === undefined) ctx.addIssue({ code: 'custom', path: ['reason'], message: `a flag needs a reason (${FLAG_REASONS.join(', ')})` });
    if (c.kind === 'comment' && c.reason !== undefined) ctx.addIssue({ code: 'custom', path: ['reason'], message: 'only a flag has a reason' });
  });
export type PostCommentBody = z.infer<typeof postCommentBody>;

/** Marks the thread read up to the last comment the reader was shown (its id). */
export const markReadBody = z.object({ upTo: commentId });

/** One comment as its viewer may see it: authors are labels ("you", "the other annotator", "Annotator A", a staff name), never ids. */
export interface CommentView {
  /** Random: it tells nothing about other comments. */
  id: string;
  kind: CommentKind;
  reason: FlagReason | null;
  body: string;
  createdAt: string;
  author: string;
  mine: boolean;
  /** Written by an adjudicator or a maintainer. */
  fromStaff: boolean;
  /** Whose thread it is in, as a label ("yours", "Annotator A", "everyone", …). */
  thread: string;
  replyTo: string | null;
  resolved: { at: string; by: string } | null;
  unread: boolean;
}

export interface ThreadView {
  questionId: string;
  comments: CommentView[];
  openFlags: number;
  /** The viewer may resolve flags (an adjudicator or maintainer who did not annotate the problem). */
  canResolve: boolean;
  /** For an annotator: whether the other annotator's thread is shown yet (both submitted). */
  othersShown: boolean;
}

/** A problem with comments the viewer has not read. */
export interface UnreadProblem {
  questionId: string;
  title: string;
  unread: number;
}
export interface UnreadView {
  total: number;
  problems: UnreadProblem[];
}

export interface OpenFlag {
  id: string;
  reason: FlagReason;
  body: string;
  author: string;
  createdAt: string;
}
/** A problem with open flags, for the adjudication queue. */
export interface FlaggedProblem {
  questionId: string;
  title: string;
  /** Both annotations are submitted: the cross-check is open. */
  ready: boolean;
  flags: OpenFlag[];
}
export interface OpenFlagsView {
  problems: FlaggedProblem[];
}
