import { randomBytes } from 'node:crypto';
import { all, get, run, type DB } from './database';
import type { CommentKind, FlagReason } from '../shared/schemas/comments';

/** A stored comment with its author's name and role (for the labels the viewer may see). */
export interface CommentRow {
  id: number;
  /** The id people see (random; the row id counts every comment everywhere). */
  public_id: string;
  problem_id: number;
  author_id: number;
  author_name: string;
  author_role: string;
  thread_user_id: number | null;
  reply_to: number | null;
  kind: CommentKind;
  reason: FlagReason | null;
  body: string;
  created_at: string;
  resolved_at: string | null;
  resolved_by_name: string | null;
}

const SELECT_COMMENTS = `SELECT c.id, c.public_id, c.problem_id, c.author_id, u.username AS author_name, u.role AS author_role, c.thread_user_id, c.reply_to,
    c.kind, c.reason, c.body, c.created_at, c.resolved_at, r.username AS resolved_by_name
  FROM comments c JOIN users u ON u.id = c.author_id LEFT JOIN users r ON r.id = c.resolved_by`;

/** Whether a problem has an open flag, for SQL over problems aliased p. */
export const HAS_OPEN_FLAG_SQL = "EXISTS (SELECT 1 FROM comments c WHERE c.problem_id = p.id AND c.kind = 'flag' AND c.resolved_at IS NULL)";
/** How many open flags a problem has, for SQL over problems aliased p. */
export const OPEN_FLAGS_SQL = "(SELECT COUNT(*) FROM comments c WHERE c.problem_id = p.id AND c.kind = 'flag' AND c.resolved_at IS NULL)";

/** Every comment of a problem, oldest first. */
export function readProblemComments(db: DB, problemId: number): CommentRow[] {
  return all<CommentRow>(db, `${SELECT_COMMENTS} WHERE c.problem_id = ? ORDER BY c.id`, [problemId]);
}

/** A comment of the problem by the id people see. */
export function findComment(db: DB, problemId: number, publicId: string): CommentRow | undefined {
  return get<CommentRow>(db, `${SELECT_COMMENTS} WHERE c.problem_id = ? AND c.public_id = ?`, [problemId, publicId]);
}

export interface NewComment {
  problemId: number;
  authorId: number;
  threadUserId: number | null;
  replyTo: number | null;
  kind: CommentKind;
  reason: FlagReason | null;
  body: string;
  createdAt: string;
}

/** Store a comment; its row id (for read marks and events) and the random id people see. */
export function insertComment(db: DB, c: NewComment): { id: number; publicId: string } {
  const publicId = randomBytes(8).toString('hex');
  const { lastInsertRowid } = run(
    db,
    'INSERT INTO comments (problem_id, author_id, thread_user_id, reply_to, kind, reason, body, created_at, public_id) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)',
    [c.problemId, c.authorId, c.threadUserId, c.replyTo, c.kind, c.reason, c.body, c.createdAt, publicId],
  );
  return { id: Number(lastInsertRowid), publicId };
}

export function markResolved(db: DB, id: number, userId: number, at: string): void {
  run(db, 'UPDATE comments SET resolved_at = ?, resolved_by = ? WHERE id = ?', [at, userId, id]);
}

/** A closed flag is open again: who closed it and when are cleared (the events keep them). */
export function markReopened(db: DB, id: number): void {
  run(db, 'UPDATE comments SET resolved_at = NULL, resolved_by = NULL WHERE id = ?', [id]);
}

/** The ids of the given comments the user has read. */
export function readMarks(db: DB, userId: number, problemId: number): Set<number> {
  return new Set(
    all<{ comment_id: number }>(db, 'SELECT r.comment_id FROM comment_reads r JOIN comments c ON c.id = r.comment_id WHERE r.user_id = ? AND c.problem_id = ?', [userId, problemId]).map(
      (r) => r.comment_id,
    ),
  );
}

export function insertReadMarks(db: DB, userId: number, commentIds: readonly number[]): void {
  for (const id of commentIds) run(db, 'INSERT OR IGNORE INTO comment_reads (user_id, comment_id) VALUES (?, ?)', [userId, id]);
}

/** A comment with its problem's question id and title. */
export interface CommentWithProblemRow extends CommentRow {
  question_id: string;
  title: string;
}

/** Comments by others the user has not read, on every problem or (an annotator) only on those assigned to them. */
export function readUnreadComments(db: DB, userId: number, { assignedOnly }: { assignedOnly: boolean }): CommentWithProblemRow[] {
  const only = assignedOnly ? 'AND c.problem_id IN (SELECT s.problem_id FROM assignments s WHERE s.user_id = ?)' : '';
  return all<CommentWithProblemRow>(
    db,
    `SELECT x.*, p.question_id, p.title FROM (${SELECT_COMMENTS}
       WHERE c.author_id <> ? ${only} AND NOT EXISTS (SELECT 1 FROM comment_reads m WHERE m.user_id = ? AND m.comment_id = c.id)) x
     JOIN problems p ON p.id = x.problem_id ORDER BY p.import_order, x.id`,
    assignedOnly ? [userId, userId, userId] : [userId, userId],
  );
}

/** Every open flag with its problem, in import order. */
export function readOpenFlags(db: DB): CommentWithProblemRow[] {
  return all<CommentWithProblemRow>(
    db,
    `SELECT x.*, p.question_id, p.title FROM (${SELECT_COMMENTS} WHERE c.kind = 'flag' AND c.resolved_at IS NULL) x
     JOIN problems p ON p.id = x.problem_id ORDER BY p.import_order, x.id`,
  );
}
