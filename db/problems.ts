import { all, get, run, type DB } from './database';
import { NO_BATCH, type AnnotationProgress, type ProblemFilter, type ProblemListQuery, type ProblemSort } from '../shared/schemas/backoffice';
import type { Difficulty } from '../shared/schemas/lcb';
import { HAS_OPEN_FLAG_SQL, OPEN_FLAGS_SQL } from './comments';

/** The annotation status as the back office shows it (a draft never saved counts as to do); n is the annotation. */
export const ANNOTATION_PROGRESS_SQL = `CASE WHEN n.id IS NULL OR (n.status = 'draft' AND n.version = 0) THEN 'todo'
  WHEN n.status = 'submitted' THEN 'submitted' ELSE 'in-progress' END`;

export interface ProblemListRow {
  id: number;
  question_id: string;
  title: string;
  platform: string;
  difficulty: Difficulty;
  contest_date: string;
  adjudication_status: 'draft' | 'resolved' | null;
  open_flags: number;
  /** The batch the problem is in, and its due date (null: in no batch). */
  batch_name: string | null;
  batch_due: string | null;
}

export interface ProblemAnnotatorRow {
  problem_id: number;
  username: string;
  status: AnnotationProgress;
  /** Why the annotator skipped the problem, while it is skipped. */
  skip_reason: string | null;
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
/**
 * The one definition of a problem that "needs annotators" (p is the problem, j its adjudication):
 * fewer than two assigned and no adjudication begun. A problem whose gold was imported or resolved,
 * or whose case is being adjudicated, needs none: a bulk assignment keeps it as it is, and every
 * page (Problems, Assignments, a batch's header) counts it the same way.
 */
export const NEEDS_ANNOTATORS_SQL = `(${ANNOTATORS_SQL} < 2 AND j.status IS NULL)`;
/** Where a problem stands on its way to gold (AdjudicationProgress); j is its adjudication. */
export const ADJUDICATION_SQL = `COALESCE(j.status, CASE WHEN ${ANNOTATORS_SQL} = 2 AND ${SUBMITTED_SQL} = 2 THEN 'ready' ELSE 'waiting' END)`;

const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

function problemFilters(query: ProblemFilter): { where: string; params: unknown[] } {
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
  if (query.flags === 'open') clauses.push(HAS_OPEN_FLAG_SQL);
  if (query.skipped === 'yes') clauses.push('EXISTS (SELECT 1 FROM assignments s WHERE s.problem_id = p.id AND s.skip_reason IS NOT NULL)');
  if (query.assigned) clauses.push(query.assigned === 'open' ? NEEDS_ANNOTATORS_SQL : `${ANNOTATORS_SQL} = 2`);
  if (query.batch === NO_BATCH) clauses.push('NOT EXISTS (SELECT 1 FROM batch_problems bp WHERE bp.problem_id = p.id)');
  else if (query.batch) {
    clauses.push('EXISTS (SELECT 1 FROM batch_problems bp JOIN batches b ON b.id = bp.batch_id WHERE bp.problem_id = p.id AND b.name = ?)');
    params.push(query.batch);
  }
  return { where: clauses.length ? `WHERE ${clauses.join(' AND ')}` : '', params };
}

/**
 * One page of problems (sorting, filtering and paging run in SQL), the number that match, the
 * number still needing annotators, and the annotators of the page's problems in slot order.
 */
export function readProblemPage(db: DB, query: ProblemListQuery): { rows: ProblemListRow[]; total: number; needAnnotators: number; annotators: ProblemAnnotatorRow[] } {
  const { where, params } = problemFilters(query);
  const from = 'FROM problems p LEFT JOIN adjudications j ON j.problem_id = p.id';
  const dir = query.dir === 'desc' ? 'DESC' : 'ASC';
  const rows = all<ProblemListRow>(
    db,
    `SELECT p.id, p.question_id, p.title, p.platform, p.difficulty, p.contest_date, j.status AS adjudication_status, ${OPEN_FLAGS_SQL} AS open_flags,
            lb.name AS batch_name, lb.due_date AS batch_due
     ${from} LEFT JOIN batch_problems lbp ON lbp.problem_id = p.id LEFT JOIN batches lb ON lb.id = lbp.batch_id ${where} ORDER BY ${PROBLEM_ORDER[query.sort]} ${dir}, p.import_order ${dir} LIMIT ? OFFSET ?`,
    [...params, query.limit, query.offset],
  );
  const total = get<{ n: number }>(db, `SELECT COUNT(*) AS n ${from} ${where}`, params)?.n ?? 0;
  const needAnnotators = countProblemsNeedingAnnotators(db);
  const annotators = readProblemAnnotators(db, rows.map((p) => p.id));
  return { rows, total, needAnnotators, annotators };
}

/** How many problems need annotators (NEEDS_ANNOTATORS_SQL). */
export const countProblemsNeedingAnnotators = (db: DB): number =>
  get<{ n: number }>(db, `SELECT COUNT(*) AS n FROM problems p LEFT JOIN adjudications j ON j.problem_id = p.id WHERE ${NEEDS_ANNOTATORS_SQL}`)?.n ?? 0;

/** The row ids of every problem the filter matches (the Problems page's filter), in import order. */
export function readFilteredProblemIds(db: DB, filter: ProblemFilter): number[] {
  const { where, params } = problemFilters(filter);
  return all<{ id: number }>(db, `SELECT p.id FROM problems p LEFT JOIN adjudications j ON j.problem_id = p.id ${where} ORDER BY p.import_order`, params).map((r) => r.id);
}

/** Every column of a problem. */
/** The assigned annotators of some problems, in slot order, with where each stands. */
export function readProblemAnnotators(db: DB, problemIds: readonly number[]): ProblemAnnotatorRow[] {
  if (problemIds.length === 0) return [];
  return all<ProblemAnnotatorRow>(
    db,
    `SELECT a.problem_id, u.username, ${ANNOTATION_PROGRESS_SQL} AS status, a.skip_reason
     FROM assignments a JOIN users u ON u.id = a.user_id
     LEFT JOIN annotations n ON n.problem_id = a.problem_id AND n.user_id = a.user_id
     WHERE a.problem_id IN (${problemIds.map(() => '?').join(', ')})
     ORDER BY a.problem_id, a.slot`,
    [...problemIds],
  );
}

/** Every column of a problem, and its adjudication's status (null before any). */
export interface ProblemDetailRow {
  id: number;
  adjudication_status: ProblemListRow['adjudication_status'];
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

export function findProblemDetail(db: DB, questionId: string): ProblemDetailRow | undefined {
  return get<ProblemDetailRow>(db, 'SELECT p.*, j.status AS adjudication_status FROM problems p LEFT JOIN adjudications j ON j.problem_id = p.id WHERE p.question_id = ?', [questionId]);
}

/** What adjudication needs of a problem. */
export interface ProblemBrief {
  id: number;
  question_id: string;
  title: string;
  difficulty: string;
  base_text: string;
}

export function findProblemBrief(db: DB, questionId: string): ProblemBrief | undefined {
  return get<ProblemBrief>(db, 'SELECT id, question_id, title, difficulty, base_text FROM problems WHERE question_id = ?', [questionId]);
}

/** A problem's id and base text by question id. */
export function findProblemText(db: DB, questionId: string): { id: number; base_text: string } | undefined {
  return get<{ id: number; base_text: string }>(db, 'SELECT id, base_text FROM problems WHERE question_id = ?', [questionId]);
}

export function findProblemId(db: DB, questionId: string): number | undefined {
  return get<{ id: number }>(db, 'SELECT id FROM problems WHERE question_id = ?', [questionId])?.id;
}

/** The base text of a problem by row id. */
export function baseTextOf(db: DB, problemId: number): string | undefined {
  return get<{ base_text: string }>(db, 'SELECT base_text FROM problems WHERE id = ?', [problemId])?.base_text;
}

/** The base texts of the given problems by row id. */
export function readBaseTexts(db: DB, problemIds: readonly number[]): Map<number, string> {
  const rows = all<{ id: number; base_text: string }>(db, 'SELECT id, base_text FROM problems WHERE id IN (SELECT value FROM json_each(?))', [JSON.stringify(problemIds)]);
  return new Map(rows.map((r) => [r.id, r.base_text]));
}

/** A stored problem as an LCB import compares it with a record of the same question id. */
export interface ImportTarget {
  id: number;
  record_sha256: string;
  base_text: string;
  /** 1 when an annotation or an adjudication depends on its base text. */
  worked_on: number;
}

export function findImportTarget(db: DB, questionId: string): ImportTarget | undefined {
  return get<ImportTarget>(
    db,
    `SELECT p.id, p.record_sha256, p.base_text,
       (EXISTS (SELECT 1 FROM annotations a WHERE a.problem_id = p.id)
         OR EXISTS (SELECT 1 FROM adjudications j WHERE j.problem_id = p.id)) AS worked_on
     FROM problems p WHERE p.question_id = ?`,
    [questionId],
  );
}

export function maxImportOrder(db: DB): number {
  return get<{ m: number | null }>(db, 'SELECT MAX(import_order) AS m FROM problems')?.m ?? 0;
}

/** The columns an LCB import writes, by parameter name. */
export type ProblemColumns = Record<string, unknown>;

export function insertProblem(db: DB, columns: ProblemColumns & { importOrder: number }): void {
  run(
    db,
    `INSERT INTO problems (question_id, title, platform, contest_id, contest_date, difficulty, statement, base_text,
       starter_code, public_test_cases, metadata, private_tests_bytes, private_tests_sha256, record_sha256, import_order)
     VALUES (@questionId, @title, @platform, @contestId, @contestDate, @difficulty, @statement, @baseText,
       @starterCode, @publicTestCases, @metadata, @privateTestsBytes, @privateTestsSha256, @recordSha256, @importOrder)`,
    columns,
  );
}

export function updateProblem(db: DB, columns: ProblemColumns): void {
  run(
    db,
    `UPDATE problems SET title = @title, platform = @platform, contest_id = @contestId, contest_date = @contestDate,
       difficulty = @difficulty, statement = @statement, base_text = @baseText, starter_code = @starterCode,
       public_test_cases = @publicTestCases, metadata = @metadata, private_tests_bytes = @privateTestsBytes,
       private_tests_sha256 = @privateTestsSha256, record_sha256 = @recordSha256,
       updated_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now')
     WHERE question_id = @questionId`,
    columns,
  );
}

export function setLcbVersion(db: DB, questionId: string, lcbVersion: string): void {
  run(db, 'UPDATE problems SET lcb_version = ? WHERE question_id = ?', [lcbVersion, questionId]);
}

/**
 * Set the public test cases (LiveCodeBench's JSON list) and, when given, the metadata (func_name of a
 * functional problem) of one problem, or of every problem when no question id is named.
 */
export function setPublicTests(db: DB, tests: { publicTestCases: string; metadata?: string; questionId?: string }): void {
  const where = tests.questionId === undefined ? '' : ' WHERE question_id = @questionId';
  const metadata = tests.metadata === undefined ? '' : ', metadata = @metadata';
  run(db, `UPDATE problems SET public_test_cases = @publicTestCases${metadata}${where}`, { ...tests });
}

/** Every problem in import order, with what an import sets. */
export function problemsInImportOrder(db: DB): { question_id: string; title: string; base_text: string; import_order: number }[] {
  return all(db, 'SELECT question_id, title, base_text, import_order FROM problems ORDER BY import_order');
}

/** The LiveCodeBench release recorded on every problem (null: not recorded), in import order. */
export function lcbVersions(db: DB): (string | null)[] {
  return all<{ lcb_version: string | null }>(db, 'SELECT lcb_version FROM problems ORDER BY import_order').map((r) => r.lcb_version);
}
