import type { JobsResponse, JobDetail, JobView } from '../../shared/suggestions/jobs';
import type { JobListing, StoredJob, StoredJobDetail } from '../services/suggestions/jobs';

/** A suggestion job for the API and `suggestions generate --json`: its row's facts and its counts so far. */
export function presentJob({ row, counts }: StoredJob): JobView {
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
    counts,
  };
}

/** A job with each of its problems' outcome. */
export function presentJobDetail(job: StoredJobDetail): JobDetail {
  return {
    ...presentJob(job),
    problems: job.problems.map((p) => ({
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

export const presentJobs = ({ agent, jobs }: JobListing): JobsResponse => ({ agent, jobs: jobs.map(presentJob) });
