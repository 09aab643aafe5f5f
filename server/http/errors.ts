import type { ErrorCode, FieldIssue } from '../../shared/errors';
import { fieldPath } from '../../shared/schemas/fieldPath';
import type { z } from 'zod';
import { DomainError, type DomainErrorCode } from '../domain/errors';

export class AppError extends Error {
  constructor(
    readonly status: number,
    readonly code: ErrorCode,
    message: string,
    readonly details?: unknown,
  ) {
    super(message);
  }
}

export const badRequest = (message: string, details?: unknown) => new AppError(400, 'bad_request', message, details);
export const unauthenticated = (message = 'Log in first.') => new AppError(401, 'unauthenticated', message);
export const forbidden = (message = 'You do not have access to this.') => new AppError(403, 'forbidden', message);
export const notFound = (message = 'Not found.') => new AppError(404, 'not_found', message);

/**
 * The HTTP status of each domain error code: the one place where a service's refusal becomes a
 * status. The response's `code` is the domain code itself, so a client can tell a stale version
 * from a read-only problem although both are 409.
 */
export const DOMAIN_STATUS: Record<DomainErrorCode, number> = {
  bad_request: 400,
  validation_failed: 400,
  unauthenticated: 401,
  forbidden: 403,
  account_deactivated: 403,
  not_found: 404,
  rate_limited: 429,
  stale_version: 409,
  base_text_changed: 409,
  unacknowledged_findings: 409,
  read_only: 409,
  name_taken: 409,
  work_started: 409,
  not_ready: 409,
  not_agreed: 409,
  not_resolved: 409,
  own_account: 409,
  too_few_annotators: 409,
  questions_closed: 409,
  tests_closed: 409,
  skip_not_yet: 409,
  release_published: 409,
  task_skipped: 409,
  sandbox_off: 503,
  unavailable: 503,
};

/** The HTTP form of a domain error (AppErrors, thrown by the HTTP layer itself, pass as they are). */
export function toAppError(err: DomainError | AppError): AppError {
  if (err instanceof AppError) return err;
  return new AppError(DOMAIN_STATUS[err.code], err.code, err.message, err.details);
}

/** Retry-After seconds an error asks the client to wait, if any. */
export const retryAfterOf = (err: unknown): number | undefined => (err instanceof DomainError ? err.retryAfterSeconds : undefined);

/** 400 whose message lists every issue as "field: message" and whose details carry them. */
export function validationFailed(issues: FieldIssue[]): AppError {
  const message = issues.map((i) => `${i.path}: ${i.message}`).join('; ');
  return new AppError(400, 'validation_failed', message || 'Invalid input.', { issues });
}

export function zodIssues(error: z.ZodError, prefix = ''): FieldIssue[] {
  return error.issues.map((issue) => {
    const field = fieldPath(issue.path);
    const path = prefix && field ? `${prefix}.${field}` : prefix || field || '(root)';
    return { path, message: issue.message };
  });
}
