/** Reading suggestion jobs for the API and the CLI: a job's counts and its problems' outcomes. */
import type { DB } from '../../../db/database';
import type { Actor } from '../../../db/events';
import { findJob, jobCounts, jobProblems, listJobs, type JobRow } from '../../../db/suggestionJobs';
import type { JobDetail, JobsResponse, JobView } from '../../../shared/suggestions/jobs';
import { notFound } from '../../domain/errors';
import { generationDeps, startGeneration } from './generate';
import { readLlmConfig } from './llmConfig';

function present(db: DB, row: JobRow): JobView {
  return {
    id: row.id,
    agent: row.agent,
    promptVersion: row.prompt_version,
    status: row.status,
    structured: row.structured === 1,
    startedBy: row.started_by,
    createdAt: row.created_at,
    finishedAt: row.finished_at,
    error: row.error,
    counts: jobCounts(db, row.id),
  };
}

export function jobDetail(db: DB, id: number): JobDetail {
  const row = findJob(db, id);
  if (!row) throw notFound(`No suggestion job ${id}.`);
  return {
    ...present(db, row),
    problems: jobProblems(db, id).map((p) => ({
      questionId: p.question_id,
      outcome: p.outcome,
      attempts: p.attempts,
      tokensIn: p.tokens_in,
      tokensOut: p.tokens_out,
      droppedSpans: p.dropped_spans,
      droppedPoints: p.dropped_points,
      detail: p.detail,
    })),
  };
}

/** The configured agent (the model's name, never the address or key) and the latest jobs. */
export function listSuggestionJobs(db: DB): JobsResponse {
  let agent: string | null = null;
  try {
    agent = readLlmConfig(generationDeps(db).env).model;
  } catch {
    agent = null; // not configured: the page says so
  }
  return { agent, jobs: listJobs(db, 50).map((row) => present(db, row)) };
}

/** Start a job in the background (the server keeps answering meanwhile) and show it as it starts. */
export function startSuggestionJob(db: DB, actor: Actor, questionIds: readonly string[]): JobDetail {
  const { jobId } = startGeneration(db, actor, questionIds, generationDeps(db));
  return jobDetail(db, jobId);
}
