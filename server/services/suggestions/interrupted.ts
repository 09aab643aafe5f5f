/**
 * A suggestion job runs inside one process (the server's, or a `suggestions generate` command's).
 * When that process stops before the job finished, nothing is left to finish it, so a starting
 * server marks such jobs `interrupted` instead of letting them show `running` forever.
 */
import { transaction, type DB } from '../../../db/database';
import { appendEvent, SYSTEM_ACTOR } from '../../../db/events';
import { markInterrupted, runningJobs } from '../../../db/suggestionJobs';

export const INTERRUPTED_ERROR =
  'Interrupted: the process running this job stopped before it finished. Start a job over the same problems again: the suggestions already stored are skipped.';

/**
 * Whether another process with this id runs now. Our own id cannot be a running job's at
 * start-up (no job has started yet): it is a previous process that had the same id.
 */
export function otherProcessAlive(pid: number): boolean {
  if (pid === process.pid) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    // EPERM: it exists, under another user.
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Mark every running job whose process is gone as interrupted (one transaction); returns their ids. */
export function markStoppedJobs(db: DB, at: string, alive: (pid: number) => boolean = otherProcessAlive): number[] {
  return transaction(db, () => {
    const stopped = runningJobs(db).filter((j) => j.runner_pid === null || !alive(j.runner_pid));
    for (const job of stopped) {
      markInterrupted(db, job.id, at, INTERRUPTED_ERROR);
      appendEvent(db, SYSTEM_ACTOR, { action: 'suggestions.generate.interrupted', entityType: 'suggestion_job', entityId: job.id, details: { status: 'interrupted' } });
    }
    return stopped.map((j) => j.id);
  });
}
