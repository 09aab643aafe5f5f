import { all, get, type DB } from '../../db/database';
import type { AdjudicationProgress, AnnotationProgress, ProblemDetail, ProblemListItem } from '../../shared/schemas/backoffice';
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

/** Every problem in import order with its annotators and where each stands. */
export function listProblems(db: DB): ProblemListItem[] {
  const problems = all<ProblemRow>(
    db,
    `SELECT p.id, p.question_id, p.title, p.platform, p.difficulty, p.contest_date, j.status AS adjudication_status
     FROM problems p LEFT JOIN adjudications j ON j.problem_id = p.id ORDER BY p.import_order`,
  );
  const byProblem = new Map<number, AssignmentRow[]>();
  const assignments = all<AssignmentRow>(
    db,
    `SELECT a.problem_id, u.username, ${ANNOTATION_PROGRESS_SQL} AS status
     FROM assignments a JOIN users u ON u.id = a.user_id
     LEFT JOIN annotations n ON n.problem_id = a.problem_id AND n.user_id = a.user_id
     ORDER BY a.problem_id, a.slot`,
  );
  for (const a of assignments) byProblem.set(a.problem_id, [...(byProblem.get(a.problem_id) ?? []), a]);
  return problems.map((p) => {
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
