import type { ErrorCode, FieldIssue } from '../../shared/errors';
import { fieldPath } from '../../shared/schemas/fieldPath';
import type { z } from 'zod';

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
export const conflict = (message: string, details?: unknown) => new AppError(409, 'conflict', message, details);

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
