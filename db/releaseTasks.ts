import { all, type DB } from './database';
import type { PointRow } from './points';

/** What task generation reads for a release: resolved problems, gold points, overrides and kept ids. */

/** A problem with a resolved gold version. */
export interface ResolvedProblemRow {
  id: number;
  question_id: string;
  title: string;
  platform: string;
  contest_date: string;
  difficulty: string;
  base_text: string;
  source: 'adjudication' | 'legacy';
}

/** A gold_points row: a stored point of a problem's gold annotation. */
export interface GoldRow extends PointRow {
  problem_id: number;
  provenance: string;
}

export interface OverrideRow {
  problem_id: number;
  subset: string;
  text: string | null;
  questions: string | null;
  answers: string | null;
  keywords: string | null;
  /** JSON [n, …]: the order a legacy release lists the qa pairs in, as positions in point order; null: point order. */
  qa_order: string | null;
  kind: 'edit' | 'rewrite';
}

export interface TaskIdRow {
  problem_id: number;
  subset: string;
  task_id: string;
  position: number;
}

/** Problems whose adjudication is resolved, in import order. */
export const readResolvedProblems = (db: DB): ResolvedProblemRow[] =>
  all<ResolvedProblemRow>(
    db,
    `SELECT p.id, p.question_id, p.title, p.platform, p.contest_date, p.difficulty, p.base_text, a.source
       FROM problems p JOIN adjudications a ON a.problem_id = p.id
      WHERE a.status = 'resolved'
      ORDER BY p.import_order, p.id`,
  );

/** Every gold point, by problem then index. */
export const readAllGoldRows = (db: DB): GoldRow[] => all<GoldRow>(db, `SELECT * FROM gold_points ORDER BY problem_id, idx`);

export const readTaskOverrides = (db: DB): OverrideRow[] => all<OverrideRow>(db, `SELECT problem_id, subset, text, questions, answers, keywords, qa_order, kind FROM task_overrides`);

/** Task ids kept from the release this one continues. */
export const readKeptTaskIds = (db: DB): TaskIdRow[] => all<TaskIdRow>(db, `SELECT problem_id, subset, task_id, position FROM task_ids`);

export const readRetiredTaskIds = (db: DB): string[] => all<{ task_id: string }>(db, 'SELECT task_id FROM retired_task_ids').map((r) => r.task_id);
