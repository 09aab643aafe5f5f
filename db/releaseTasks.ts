import { all, type DB } from './database';
import { pointFromRow, type GoldRow } from './points';
import { overrideFromRow, type OverrideRow } from './taskRows';
import type { Point } from '../shared/edits';
import type { Provenance } from '../shared/schemas/adjudication';

/** What a release reads of a gold point: the point and where it came from. */
export interface ReleasePoint {
  point: Point;
  provenance: Provenance;
}
import type { TaskOverride } from '../shared/tasks';

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
export function readAllGoldPoints(db: DB): Map<number, ReleasePoint[]> {
  const byProblem = new Map<number, ReleasePoint[]>();
  const rows = all<Pick<GoldRow, 'problem_id' | 'provenance' | 'deletions' | 'repairs' | 'question' | 'answer' | 'type'>>(
    db,
    `SELECT problem_id, provenance, deletions, repairs, question, answer, type FROM gold_points ORDER BY problem_id, idx`,
  );
  for (const row of rows) {
    let list = byProblem.get(row.problem_id);
    if (!list) byProblem.set(row.problem_id, (list = []));
    list.push({ point: pointFromRow(row), provenance: row.provenance });
  }
  return byProblem;
}

/** Every task override, decoded, by problem. */
export function readTaskOverrides(db: DB): Map<number, TaskOverride[]> {
  const byProblem = new Map<number, TaskOverride[]>();
  for (const row of all<Omit<OverrideRow, 'repairs'>>(db, `SELECT problem_id, subset, text, questions, answers, keywords, qa_order, kind FROM task_overrides`)) {
    let list = byProblem.get(row.problem_id);
    if (!list) byProblem.set(row.problem_id, (list = []));
    list.push(overrideFromRow(row));
  }
  return byProblem;
}

/** Task ids kept from the release this one continues. */
export const readKeptTaskIds = (db: DB): TaskIdRow[] => all<TaskIdRow>(db, `SELECT problem_id, subset, task_id, position FROM task_ids`);

/** Every kept task id in release order, with its problem's question id and base text. */
export const keptTasksInOrder = (db: DB): (TaskIdRow & { question_id: string; base_text: string })[] =>
  all(db, 'SELECT t.problem_id, p.question_id, p.base_text, t.subset, t.task_id, t.position FROM task_ids t JOIN problems p ON p.id = t.problem_id ORDER BY t.position');

export const readRetiredTaskIds = (db: DB): string[] => all<{ task_id: string }>(db, 'SELECT task_id FROM retired_task_ids').map((r) => r.task_id);
