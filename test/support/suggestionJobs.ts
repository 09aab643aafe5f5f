import type { DB } from '../../db/database';
import { finishJob, insertJob, listJobs } from '../../db/suggestionJobs';

/** A finished suggestion job over one problem (made once per database): for the route table's reads. */
export function storedJob(db: DB, problemId: number): number {
  const existing = listJobs(db, 1)[0];
  if (existing) return existing.id;
  const id = insertJob(db, { agent: 'fake-model', promptVersion: 'ccb-suggest-1', startedBy: 'cli', createdAt: '2026-12-01T10:00:00.000Z', runnerPid: process.pid }, [problemId]);
  finishJob(db, id, 'done', '2026-12-01T10:01:00.000Z', null);
  return id;
}
