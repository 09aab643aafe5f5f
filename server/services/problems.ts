import type { DB } from '../../db/database';
import { findProblemDetail, readProblemAnnotators, readProblemPage, type ProblemAnnotatorRow, type ProblemListRow } from '../../db/problems';
import type { Role } from '../../shared/roles';
import { revealNames } from './adjudications/store';
import type { AdjudicationProgress, ProblemDetail, ProblemListPage, ProblemListQuery } from '../../shared/schemas/backoffice';
import { notFound } from '../domain/errors';
import { problemStanding } from './problemStanding';

function adjudicationProgress(row: Pick<ProblemListRow, 'adjudication_status'>, annotators: ProblemAnnotatorRow[]): AdjudicationProgress {
  if (row.adjudication_status) return row.adjudication_status;
  const bothSubmitted = annotators.length === 2 && annotators.every((a) => a.status === 'submitted');
  return bothSubmitted ? 'ready' : 'waiting';
}

/** One page of problems with their annotators and where each stands; sorting, filtering and paging run in SQL. */
export function listProblems(db: DB, query: ProblemListQuery): ProblemListPage {
  const { rows: problems, total, needAnnotators, annotators: assignments } = readProblemPage(db, query);
  const byProblem = new Map<number, ProblemAnnotatorRow[]>();
  for (const a of assignments) byProblem.set(a.problem_id, [...(byProblem.get(a.problem_id) ?? []), a]);
  const items = problems.map((p) => {
    const annotators = byProblem.get(p.id) ?? [];
    return {
      questionId: p.question_id,
      title: p.title,
      platform: p.platform,
      difficulty: p.difficulty,
      contestDate: p.contest_date,
      annotators: annotators.map((a) => ({ username: a.username, status: a.status, ...(a.skip_reason !== null ? { skipped: a.skip_reason } : {}) })),
      adjudication: adjudicationProgress(p, annotators),
      openFlags: p.open_flags,
      batch: p.batch_name !== null && p.batch_due !== null ? { name: p.batch_name, due: p.batch_due } : null,
    };
  });
  return { items, total, limit: query.limit, offset: query.offset, needAnnotators };
}

/**
 * The full record of one problem (statement, base text, test metadata) and where its work stands.
 * Adjudicators see the annotators as A and B unless a maintainer revealed names (blind adjudication).
 */
export function getProblem(db: DB, questionId: string, viewer: Role): ProblemDetail {
  const p = findProblemDetail(db, questionId);
  if (!p) throw notFound(`There is no problem "${questionId}".`);
  const annotators = readProblemAnnotators(db, [p.id]);
  const named = viewer === 'maintainer' || revealNames(db);
  const adjudication = adjudicationProgress(p, annotators);
  return {
    ...problemStanding(db, { id: p.id, questionId: p.question_id, baseText: p.base_text, resolved: adjudication === 'resolved' }),
    annotators: annotators.map((a, i) => ({ username: named ? a.username : `Annotator ${i === 0 ? 'A' : 'B'}`, status: a.status })),
    adjudication,
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
