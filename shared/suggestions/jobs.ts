/** Suggestion jobs on the API: starting one, and its progress. */
import { z } from 'zod';

/** Start a job over problems named by question id. */
export const startJobBody = z.strictObject({
  questionIds: z.array(z.string().trim().min(1, 'must not be empty').max(200)).min(1, 'name at least one problem').max(10_000, 'at most 10000 problems per job'),
});
export type StartJobBody = z.output<typeof startJobBody>;

export const JOB_OUTCOMES = ['stored', 'skipped', 'malformed', 'no-points', 'failed'] as const;
export type JobOutcome = (typeof JOB_OUTCOMES)[number];

export interface JobCountsView {
  total: number;
  pending: number;
  stored: number;
  skipped: number;
  malformed: number;
  noPoints: number;
  failed: number;
  droppedSpans: number;
  droppedPoints: number;
  tokensIn: number;
  tokensOut: number;
}

export interface JobView {
  id: number;
  agent: string;
  promptVersion: string;
  /** 'interrupted': the process running it stopped before it finished (found when a server started). */
  status: 'running' | 'done' | 'failed' | 'interrupted';
  /** Whether the endpoint took structured output (false once it refused response_format). */
  structured: boolean;
  startedBy: string;
  createdAt: string;
  finishedAt: string | null;
  error: string | null;
  counts: JobCountsView;
}

export interface JobProblemView {
  questionId: string;
  outcome: JobOutcome | null;
  attempts: number;
  tokensIn: number | null;
  tokensOut: number | null;
  droppedSpans: number;
  droppedPoints: number;
  detail: string | null;
}

export interface JobDetail extends JobView {
  problems: JobProblemView[];
}

export interface JobsResponse {
  /** The model suggestions would be generated with (the agent), or null when no endpoint is configured. */
  agent: string | null;
  jobs: JobView[];
}
