/** The refusals of Run, Test and Skip: domain errors, one code per meaning. */
import type { DB } from '../../../db/database';
import { isSkipped } from '../../../db/pilotCodeRuns';
import { DomainError, validationFailed } from '../../domain/errors';
import { SandboxOff } from '../sandbox/sandbox';
import { QueueRefusal } from '../sandbox/queue';

export const codeToolErrors = {
  testsAfterSubmit: () =>
    new DomainError('tests_closed', 'This study tests the submitted code: the public tests run when you submit, not while coding.'),
  skipNotYet: (at: string) => new DomainError('skip_not_yet', `This task can be skipped from ${at} on.`, { allowedAt: at }),
  field: (path: string, message: string) => validationFailed([{ path, message }]),
  skipped: () => new DomainError('task_skipped', 'You skipped this task: it takes no more questions, code, runs or tests.'),
};

/** A skipped task stays as it was left: the server refuses what the page no longer offers. */
export function refuseSkipped(db: DB, sessionId: number): void {
  if (isSkipped(db, sessionId)) throw codeToolErrors.skipped();
}

/** The sandbox's refusals as domain errors: off (503 sandbox_off), one run at a time (429), full (503). */
export async function sandboxRefusal<T>(job: () => Promise<T>): Promise<T> {
  try {
    return await job();
  } catch (err) {
    if (err instanceof SandboxOff) throw new DomainError('sandbox_off', err.message);
    if (err instanceof QueueRefusal) {
      throw err.reason === 'own_run' ? new DomainError('rate_limited', err.message, undefined, 1) : new DomainError('unavailable', err.message);
    }
    throw err;
  }
}
