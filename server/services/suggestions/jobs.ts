/** Reading suggestion jobs for the API and the CLI: a job's counts and its problems' outcomes. */
import type { DB } from '../../../db/database';
import type { Actor } from '../../../db/events';
import { findJob, jobCounts, jobProblems, listJobs, type JobCounts, type JobProblemRow, type JobRow } from '../../../db/suggestionJobs';
import { notFound } from '../../domain/errors';
import { generationDeps, startGeneration } from './generate';
import { readLlmConfig } from './llmConfig';

/** A stored job with its counts so far (server/presenters/suggestionJobs.ts shows it). */
export interface StoredJob {
  row: JobRow;
  counts: JobCounts;
}

/** A stored job with its problems in their order and the outcome of each so far. */
export interface StoredJobDetail extends StoredJob {
  problems: JobProblemRow[];
}

/** The configured agent (the model's name, never the address or key, or null) and the latest jobs. */
export interface JobListing {
  agent: string | null;
  jobs: StoredJob[];
}

const storedJob = (db: DB, row: JobRow): StoredJob => ({ row, counts: jobCounts(db, row.id) });

export function jobDetail(db: DB, id: number): StoredJobDetail {
  const row = findJob(db, id);
  if (!row) throw notFound(`No suggestion job ${id}.`);
  return { ...storedJob(db, row), problems: jobProblems(db, id) };
}

/** The latest 50 jobs, newest first, and the configured agent. */
export function listSuggestionJobs(db: DB): JobListing {
  let agent: string | null = null;
  try {
    agent = readLlmConfig(generationDeps(db).env).model;
  } catch {
    agent = null; // not configured: the page says so
  }
  return { agent, jobs: listJobs(db, 50).map((row) => storedJob(db, row)) };
}

/** Start a job in the background (the server keeps answering meanwhile) and show it as it starts. */
export function startSuggestionJob(db: DB, actor: Actor, questionIds: readonly string[]): StoredJobDetail {
  const { jobId } = startGeneration(db, actor, questionIds, generationDeps(db));
  return jobDetail(db, jobId);
}
