import { all, get, type DB } from '../../db/database';
import type { AdjudicationProgress, AnnotationProgress, ProblemDetail, ProblemListPage, ProblemListQuery, ProblemSort } from '../../shared/schemas/backoffice';
import type { Difficulty } from '../../shared/schemas/lcb';
import { notFound } from '../http/errors';

interface ProblemRow {
  id: number;
  question_id: string;
  title: string;
  platform: string;
  difficulty: Difficulty;
  contest_date: string;
  adjudication_status: 'draft' | 'resolved' | null;
}

interface AssignmentRow {
  problem_id: number;
  username: string;
  status: AnnotationProgress;
}

/** The annotation status as the back office shows it (a draft never saved counts as to do). */
export const ANNOTATION_PROGRESS_SQL = `CASE WHEN n.id IS NULL OR (n.status = 'draft' AND n.version = 0) THEN 'todo'
  WHEN n.status = 'submitted' THEN 'submitted' ELSE 'in-progress' END`;

function adjudicationProgress(row: ProblemRow, annotators: AssignmentRow[]): AdjudicationProgress {
  if (row.adjudication_status) return row.adjudication_status;
  const bothSubmitted = annotators.length === 2 && annotators.every((a) => a.status === 'submitted');
  return bothSubmitted ? 'ready' : 'waiting';
}

const PROBLEM_ORDER: Record<ProblemSort, string> = {
  order: 'p.import_order',
  id: 'p.question_id',
  title: 'p.title COLLATE NOCASE',
  difficulty: "CASE p.difficulty WHEN 'easy' THEN 1 WHEN 'medium' THEN 2 ELSE 3 END",
  contestDate: 'p.contest_date',
};

/** How many of a problem's assigned annotators submitted (only theirs count). */
const SUBMITTED_SQL = `(SELECT COUNT(*) FROM assignments a JOIN annotations n ON n.problem_id = a.problem_id AND n.user_id = a.user_id
  WHERE a.problem_id = p.id AND n.status = 'submitted')`;
const ANNOTATORS_SQL = '(SELECT COUNT(*) FROM assignments a WHERE a.problem_id = p.id)';
const ADJUDICATION_SQL = `COALESCE(j.status, CASE WHEN ${ANNOTATORS_SQL} = 2 AND ${SUBMITTED_SQL} = 2 THEN 'ready' ELSE 'waiting' END)`;

const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

function problemFilters(query: ProblemListQuery): { where: string; params: unknown[] } {
  const clauses: string[] = [];
  const params: unknown[] = [];
  if (query.q) {
    const like = likePattern(query.q);
    clauses.push(`(p.question_id LIKE ? ESCAPE '\\' OR p.title LIKE ? ESCAPE '\\' OR p.difficulty LIKE ? ESCAPE '\\'
      OR EXISTS (SELECT 1 FROM assignments a JOIN users u ON u.id = a.user_id WHERE a.problem_id = p.id AND u.username LIKE ? ESCAPE '\\'))`);
    params.push(like, like, like, like);
  }
  if (query.difficulty) {
    clauses.push('p.difficulty = ?');
    params.push(query.difficulty);
  }
  if (query.adjudication) {
    clauses.push(`${ADJUDICATION_SQL} = ?`);
    params.push(query.adjudication);
  }
  if (query.assigned) clauses.push(`${ANNOTATORS_SQL} ${query.assigned === 'open' ? '< 2' : '= 2'}`);
  return { where: clauses.length ? `WHERE ${clauses.join(' AND ')}` : '', params };
}

/** One page of problems with their annotators and where each stands; sorting, filtering and paging run in SQL. */
export function listProblems(db: DB, query: ProblemListQuery): ProblemListPage {
  const { where, params } = problemFilters(query);
  const from = 'FROM problems p LEFT JOIN adjudications j ON j.problem_id = p.id';
  const dir = query.dir === 'desc' ? 'DESC' : 'ASC';
  const problems = all<ProblemRow>(
    db,
    `SELECT p.id, p.question_id, p.title, p.platform, p.difficulty, p.contest_date, j.status AS adjudication_status
     ${from} ${where} ORDER BY ${PROBLEM_ORDER[query.sort]} ${dir}, p.import_order ${dir} LIMIT ? OFFSET ?`,
    [...params, query.limit, query.offset],
  );
  const total = get<{ n: number }>(db, `SELECT COUNT(*) AS n ${from} ${where}`, params)?.n ?? 0;
  const needAnnotators = get<{ n: number }>(db, `SELECT COUNT(*) AS n FROM problems p WHERE ${ANNOTATORS_SQL} < 2`)?.n ?? 0;
  const byProblem = new Map<number, AssignmentRow[]>();
  const ids = problems.map((p) => p.id);
  const assignments = ids.length
    ? all<AssignmentRow>(
        db,
        `SELECT a.problem_id, u.username, ${ANNOTATION_PROGRESS_SQL} AS status
         FROM assignments a JOIN users u ON u.id = a.user_id
         LEFT JOIN annotations n ON n.problem_id = a.problem_id AND n.user_id = a.user_id
         WHERE a.problem_id IN (${ids.map(() => '?').join(', ')})
         ORDER BY a.problem_id, a.slot`,
        ids,
      )
    : [];
  for (const a of assignments) byProblem.set(a.problem_id, [...(byProblem.get(a.problem_id) ?? []), a]);
  const items = problems.map((p) => {
    const annotators = byProblem.get(p.id) ?? [];
    return {
      questionId: p.question_id,
      title: p.title,
      platform: p.platform,
      difficulty: p.difficulty,
      contestDate: p.contest_date,
      annotators: annotators.map((a) => ({ username: a.username, status: a.status })),
      adjudication: adjudicationProgress(p, annotators),
    };
  });
  return { items, total, limit: query.limit, offset: query.offset, needAnnotators };
}

interface DetailRow {
  question_id: string;
  title: string;
  platform: string;
  contest_id: string;
  contest_date: string;
  difficulty: Difficulty;
  statement: string;
  base_text: string;
  starter_code: string;
  public_test_cases: string;
  metadata: string;
  private_tests_bytes: number;
  private_tests_sha256: string | null;
  import_order: number;
  created_at: string;
  updated_at: string;
}

/** The full record of one problem: statement, base text and test metadata. */
export function getProblem(db: DB, questionId: string): ProblemDetail {
  const p = get<DetailRow>(db, 'SELECT * FROM problems WHERE question_id = ?', [questionId]);
  if (!p) throw notFound(`There is no problem "${questionId}".`);
  return {
    questionId: p.question_id,
    title: p.title,
    platform: p.platform,
    contestId: p.contest_id,
    contestDate: p.contest_date,
    difficulty: p.difficulty,
    statement: p.statement,
    baseText: p.base_text,
    starterCode: p.starter_code,
    publicTestCases: p.public_test_cases,
    metadata: p.metadata,
    privateTestsBytes: p.private_tests_bytes,
    privateTestsSha256: p.private_tests_sha256,
    importOrder: p.import_order,
    createdAt: p.created_at,
    updatedAt: p.updated_at,
  };
}
