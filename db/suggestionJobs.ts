/** The suggestion jobs' SQL: jobs, their problems and each problem's outcome. */
import type { JobCountsView, JobOutcome } from '../shared/suggestions/jobs';
import { all, get, run, type DB } from './database';

export type JobStatus = 'running' | 'done' | 'failed' | 'interrupted';
export type ProblemOutcome = JobOutcome;

export interface JobRow {
  id: number;
  agent: string;
  prompt_version: string;
  status: JobStatus;
  structured: number;
  started_by: string;
  created_at: string;
  finished_at: string | null;
  error: string | null;
  runner_pid: number | null;
}

export interface JobProblemRow {
  problem_id: number;
  question_id: string;
  position: number;
  outcome: ProblemOutcome | null;
  attempts: number;
  tokens_in: number | null;
  tokens_out: number | null;
  dropped_spans: number;
  dropped_points: number;
  detail: string | null;
}

/** A job's counts as the API shows them. */
export type JobCounts = JobCountsView;

/** A new running job over the problems (ids, in the order given). Inside the caller's transaction. */
export function insertJob(db: DB, job: { agent: string; promptVersion: string; startedBy: string; createdAt: string; runnerPid: number }, problemIds: readonly number[]): number {
  const id = Number(
    run(db, `INSERT INTO suggestion_jobs (agent, prompt_version, status, started_by, created_at, runner_pid) VALUES (?, ?, 'running', ?, ?, ?)`, [
      job.agent,
      job.promptVersion,
      job.startedBy,
      job.createdAt,
      job.runnerPid,
    ]).lastInsertRowid,
  );
  problemIds.forEach((problemId, position) => run(db, 'INSERT INTO suggestion_job_problems (job_id, problem_id, position) VALUES (?, ?, ?)', [id, problemId, position]));
  return id;
}

export const findJob = (db: DB, id: number): JobRow | undefined => get<JobRow>(db, 'SELECT * FROM suggestion_jobs WHERE id = ?', [id]);

/** The latest jobs first. */
export const listJobs = (db: DB, limit: number): JobRow[] => all<JobRow>(db, 'SELECT * FROM suggestion_jobs ORDER BY id DESC LIMIT ?', [limit]);

/** A job's problems in their order, with their outcomes so far. */
export const jobProblems = (db: DB, jobId: number): JobProblemRow[] =>
  all<JobProblemRow>(
    db,
    `SELECT j.problem_id, p.question_id, j.position, j.outcome, j.attempts, j.tokens_in, j.tokens_out, j.dropped_spans, j.dropped_points, j.detail
       FROM suggestion_job_problems j JOIN problems p ON p.id = j.problem_id
      WHERE j.job_id = ? ORDER BY j.position`,
    [jobId],
  );

export function jobCounts(db: DB, jobId: number): JobCounts {
  const row = get<Record<keyof JobCounts, number | null>>(
    db,
    `SELECT COUNT(*) AS total,
            SUM(outcome IS NULL) AS pending,
            SUM(outcome = 'stored') AS stored,
            SUM(outcome = 'skipped') AS skipped,
            SUM(outcome = 'malformed') AS malformed,
            SUM(outcome = 'no-points') AS noPoints,
            SUM(outcome = 'failed') AS failed,
            SUM(dropped_spans) AS droppedSpans,
            SUM(dropped_points) AS droppedPoints,
            SUM(COALESCE(tokens_in, 0)) AS tokensIn,
            SUM(COALESCE(tokens_out, 0)) AS tokensOut
       FROM suggestion_job_problems WHERE job_id = ?`,
    [jobId],
  );
  const n = (v: number | null | undefined) => v ?? 0;
  return {
    total: n(row?.total),
    pending: n(row?.pending),
    stored: n(row?.stored),
    skipped: n(row?.skipped),
    malformed: n(row?.malformed),
    noPoints: n(row?.noPoints),
    failed: n(row?.failed),
    droppedSpans: n(row?.droppedSpans),
    droppedPoints: n(row?.droppedPoints),
    tokensIn: n(row?.tokensIn),
    tokensOut: n(row?.tokensOut),
  };
}

export interface OutcomeWrite {
  outcome: ProblemOutcome;
  attempts: number;
  tokensIn: number | null;
  tokensOut: number | null;
  droppedSpans: number;
  droppedPoints: number;
  suggestionId: number | null;
  detail: string | null;
  finishedAt: string;
}

/** Record one problem's outcome (inside the transaction that stores its suggestion, if any). */
export function writeOutcome(db: DB, jobId: number, problemId: number, o: OutcomeWrite): void {
  run(
    db,
    `UPDATE suggestion_job_problems
        SET outcome = ?, attempts = ?, tokens_in = ?, tokens_out = ?, dropped_spans = ?, dropped_points = ?, suggestion_id = ?, detail = ?, finished_at = ?
      WHERE job_id = ? AND problem_id = ?`,
    [o.outcome, o.attempts, o.tokensIn, o.tokensOut, o.droppedSpans, o.droppedPoints, o.suggestionId, o.detail, o.finishedAt, jobId, problemId],
  );
}

export const markUnstructured = (db: DB, jobId: number): void => void run(db, 'UPDATE suggestion_jobs SET structured = 0 WHERE id = ?', [jobId]);

export function finishJob(db: DB, jobId: number, status: 'done' | 'failed', finishedAt: string, error: string | null): void {
  run(db, 'UPDATE suggestion_jobs SET status = ?, finished_at = ?, error = ? WHERE id = ?', [status, finishedAt, error, jobId]);
}

/** The jobs still marked running, with the process that runs them. */
export const runningJobs = (db: DB): { id: number; runner_pid: number | null }[] =>
  all<{ id: number; runner_pid: number | null }>(db, "SELECT id, runner_pid FROM suggestion_jobs WHERE status = 'running' ORDER BY id");

export function markInterrupted(db: DB, jobId: number, at: string, error: string): void {
  run(db, "UPDATE suggestion_jobs SET status = 'interrupted', finished_at = ?, error = ? WHERE id = ? AND status = 'running'", [at, error, jobId]);
}

/** Whether a generated suggestion of this agent and prompt version already exists for the problem's current base text. */
export function hasGenerated(db: DB, problemId: number, agent: string, promptVersion: string, baseSha256: string): boolean {
  return (
    get(
      db,
      `SELECT 1 FROM suggestions WHERE problem_id = ? AND agent = ? AND source = 'generate' AND prompt_version = ? AND base_sha256 = ?`,
      [problemId, agent, promptVersion, baseSha256],
    ) !== undefined
  );
}
