import type { ErrorCode, FieldIssue } from '../../shared/errors';

/**
 * What a service can refuse, one code per meaning. Services, the CLI and the importers throw
 * DomainError with one of these codes; only the HTTP layer (server/http/errors.ts) turns a code
 * into a status. The codes are also the API's `code` field (shared/errors.ts ERROR_CODES).
 */
export const DOMAIN_ERROR_CODES = [
  /** A request or argument that makes no sense (an unknown user named in a field, …). */
  'bad_request',
  /** Input that fails its rules; details.issues lists every field. */
  'validation_failed',
  /** Wrong username or password. */
  'unauthenticated',
  /** The caller may not do this to this thing (e.g. adjudicate their own annotation). */
  'forbidden',
  'not_found',
  /** Too many failed logins: try again after DomainError.retryAfterSeconds. */
  'rate_limited',
  /** The caller's version is not the stored one: someone else changed it (details.currentVersion). */
  'stale_version',
  /** The base text changed since the caller loaded it (re-imported): offsets into the old text are refused (details.baseTextHash). */
  'base_text_changed',
  /** A submit with findings of the shared rules the annotator has not acknowledged (details.findings). */
  'unacknowledged_findings',
  /** The thing is resolved or submitted and read-only until someone reopens it. */
  'read_only',
  /** The name is already taken by another thing of the same kind. */
  'name_taken',
  /** Someone's work already depends on this (an annotator who started cannot be unassigned). */
  'work_started',
  /** A problem is not ready for this yet (adjudication needs both annotations submitted). */
  'not_ready',
  /** Accepting an agreement needs both annotators to agree exactly. */
  'not_agreed',
  /** Reopening needs a resolved problem. */
  'not_resolved',
  /** Maintainers cannot deactivate or demote their own account. */
  'own_account',
  /** Auto-assignment needs at least two active annotators. */
  'too_few_annotators',
  /** The right password of a deactivated account (only then: a wrong one is unauthenticated). */
  'account_deactivated',
  /** A pilot's question phase is over (code chosen, rounds used up or time limit passed). */
  'questions_closed',
  /** A study that tests the submitted code: the public tests are not offered while coding. */
  'tests_closed',
  /** A task may be skipped only after the study's minutes on it. */
  'skip_not_yet',
  /** The release is published: it cannot be published again, and a pilot study drawn from it must say so. */
  'release_published',
  /** The pilot skipped this task: no more questions, saves, runs or tests on it. */
  'task_skipped',
  /** No working code sandbox: Run and Test are off (the reason is in the message). */
  'sandbox_off',
  /** The database does not answer (health check). */
  'unavailable',
] as const satisfies readonly ErrorCode[];
export type DomainErrorCode = (typeof DOMAIN_ERROR_CODES)[number];

export class DomainError extends Error {
  constructor(
    readonly code: DomainErrorCode,
    message: string,
    readonly details?: unknown,
    /** For rate_limited: seconds until another try may succeed. */
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
  }
}

export const invalid = (message: string, details?: unknown) => new DomainError('bad_request', message, details);
export const notFound = (message = 'Not found.') => new DomainError('not_found', message);
export const forbidden = (message = 'You do not have access to this.') => new DomainError('forbidden', message);

/** Input that breaks its rules: the message lists every issue as "field: message", details carry them. */
export function validationFailed(issues: FieldIssue[]): DomainError {
  const message = issues.map((i) => `${i.path}: ${i.message}`).join('; ');
  return new DomainError('validation_failed', message || 'Invalid input.', { issues });
}
