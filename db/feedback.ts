import { all, get, type DB } from './database';

/** A problem the user annotated (assigned, or holding an annotation of it), with their annotation and the adjudication. */
export interface FeedbackTargetRow {
  problem_id: number;
  question_id: string;
  title: string;
  base_text: string;
  annotation_id: number | null;
  annotation_status: 'draft' | 'submitted' | null;
  submitted_at: string | null;
  guidelines_version: number | null;
  adjudication_status: 'draft' | 'resolved' | null;
  notes: string | null;
  resolved_at: string | null;
}

export function findFeedbackTarget(db: DB, questionId: string, userId: number): FeedbackTargetRow | undefined {
  return get<FeedbackTargetRow>(
    db,
    `SELECT p.id AS problem_id, p.question_id, p.title, p.base_text,
            a.id AS annotation_id, a.status AS annotation_status, a.submitted_at, a.guidelines_version,
            j.status AS adjudication_status, j.notes, j.resolved_at
       FROM problems p
       LEFT JOIN annotations a ON a.problem_id = p.id AND a.user_id = ?
       LEFT JOIN adjudications j ON j.problem_id = p.id
      WHERE p.question_id = ? AND (a.id IS NOT NULL OR EXISTS (SELECT 1 FROM assignments s WHERE s.problem_id = p.id AND s.user_id = ?))`,
    [userId, questionId, userId],
  );
}

/** The problem's annotators (assigned or holding an annotation), longest name first. */
export function annotatorNames(db: DB, problemId: number): { id: number; username: string }[] {
  return all<{ id: number; username: string }>(
    db,
    `SELECT u.id, u.username FROM users u
      WHERE u.id IN (SELECT user_id FROM assignments WHERE problem_id = ?) OR u.id IN (SELECT user_id FROM annotations WHERE problem_id = ?)
      ORDER BY length(u.username) DESC, u.username`,
    [problemId, problemId],
  );
}

/** The user's submitted annotations of problems whose gold is resolved. */
export interface ResolvedWorkRow {
  annotation_id: number;
  problem_id: number;
  question_id: string;
  title: string;
  base_text: string;
  resolved_at: string;
}

export function readResolvedWork(db: DB, userId: number): ResolvedWorkRow[] {
  return all<ResolvedWorkRow>(
    db,
    `SELECT a.id AS annotation_id, p.id AS problem_id, p.question_id, p.title, p.base_text, j.resolved_at
       FROM annotations a JOIN problems p ON p.id = a.problem_id JOIN adjudications j ON j.problem_id = a.problem_id
      WHERE a.user_id = ? AND a.status = 'submitted' AND j.status = 'resolved' AND j.resolved_at IS NOT NULL
      ORDER BY j.resolved_at, p.question_id`,
    [userId],
  );
}
