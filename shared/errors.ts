/** Stable error codes of the API's one error shape: { error: { code, message, details?, requestId? } }. */
export const ERROR_CODES = [
  'bad_request',
  'validation_failed',
  'unauthenticated',
  'forbidden',
  'forbidden_origin',
  'account_deactivated',
  'not_found',
  'conflict',
  // Finer 409s of the converted services (server/domain/errors.ts), one per meaning.
  'stale_version',
  'read_only',
  'name_taken',
  'work_started',
  'not_ready',
  'not_agreed',
  'not_resolved',
  'own_account',
  'too_few_annotators',
  'questions_closed',
  'tests_closed',
  'skip_not_yet',
  'release_published',
  'task_skipped',
  'sandbox_off',
  'base_text_changed',
  'unacknowledged_findings',
  'rate_limited',
  'payload_too_large',
  'unavailable',
  'storage_full',
  'storage_error',
  'internal',
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];

export interface FieldIssue {
  path: string;
  message: string;
  span?: [number, number];
}

export interface ErrorBody {
  /** requestId names the server's log line for this request (also in the X-Request-Id header). */
  error: { code: ErrorCode; message: string; details?: unknown; requestId?: string };
}
