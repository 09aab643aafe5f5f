/**
 * Why a failing code failed, as LiveCodeBench's per-code metadata says: -2 wrong answer, -3 time
 * limit exceeded, -4 runtime error, -5 a test-runner error. A syntax error also lands as -4
 * ("Error during testing: invalid syntax …", or a SyntaxError), so it is told apart by its message.
 * A code graded without metadata, or with a code LiveCodeBench does not document, is "unknown":
 * never counted in a category it did not have.
 */
export const FAILURE_CATEGORIES = ['wrong_answer', 'time_limit_exceeded', 'runtime_error', 'syntax_error', 'test_runner_error', 'unknown'] as const;
export type FailureCategory = (typeof FAILURE_CATEGORIES)[number];

export const FAILURE_LABELS: Record<FailureCategory, string> = {
  wrong_answer: 'Wrong answer',
  time_limit_exceeded: 'Time limit exceeded',
  runtime_error: 'Runtime error',
  syntax_error: 'Syntax error',
  test_runner_error: 'Test-runner error',
  unknown: 'Unknown',
};

/** One interactive grade with what LiveCodeBench said about it. */
export interface Pass1Verdict {
  passed: boolean;
  errorCode: number | null;
  errorMessage: string | null;
  hasMetadata: boolean;
}

const SYNTAX = /invalid syntax|SyntaxError/;

/** The category of a failing code; null for a passing one. */
export function failureCategory(v: Pass1Verdict): FailureCategory | null {
  if (v.passed) return null;
  if (!v.hasMetadata) return 'unknown';
  switch (v.errorCode) {
    case -2:
      return 'wrong_answer';
    case -3:
      return 'time_limit_exceeded';
    case -4:
      return SYNTAX.test(v.errorMessage ?? '') ? 'syntax_error' : 'runtime_error';
    case -5:
      return 'test_runner_error';
    default:
      return 'unknown';
  }
}

/** A set of tasks' graded codes: how many were graded, how many failed, and the failing ones by category. */
export interface FailureTally {
  graded: number;
  failing: number;
  categories: Record<FailureCategory, number>;
}

export const emptyFailureTally = (): FailureTally => ({ graded: 0, failing: 0, categories: Object.fromEntries(FAILURE_CATEGORIES.map((c) => [c, 0])) as Record<FailureCategory, number> });

/** Count one task's grade: pass1 null (not graded) is not counted; a failure without a category is unknown. */
export function addToFailureTally(t: FailureTally, pass1: boolean | null | undefined, failure: FailureCategory | null | undefined): void {
  if (pass1 == null) return;
  t.graded += 1;
  if (pass1) return;
  t.failing += 1;
  t.categories[failure ?? 'unknown'] += 1;
}
