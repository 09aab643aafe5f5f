/**
 * Run and Test in the pilot's editor (the RealHumanEval tools): requests and results. The public
 * tests are the statement's samples; a study decides whether pilots may use them while coding.
 */
import { z } from 'zod';
import { MAX_CODE_CHARS } from './pilots';

import type { TestsMode } from './pilotProtocol';

export { TESTS_MODES, DEFAULT_SKIP_AFTER_MINUTES, type TestsMode } from './pilotProtocol';

/** Standard input a pilot may type for Run. */
export const MAX_STDIN_CHARS = 1_000_000;

export const runCodeBody = z.object({
  code: z.string({ message: 'required' }).max(MAX_CODE_CHARS, `at most ${MAX_CODE_CHARS} characters`),
  stdin: z.string().max(MAX_STDIN_CHARS, `at most ${MAX_STDIN_CHARS} characters`).default(''),
});
export type RunCodeBody = z.input<typeof runCodeBody>;

/** The code to test; ignored after the submit, when the submitted code is what is tested. */
export const testCodeBody = z.object({
  code: z.string().max(MAX_CODE_CHARS, `at most ${MAX_CODE_CHARS} characters`).optional(),
});
export type TestCodeBody = z.input<typeof testCodeBody>;

export interface RunCodeResult {
  stdout: string;
  stderr: string;
  /** The program's exit status (128 + n after signal n); null when it could not start. */
  exitCode: number | null;
  /** Stopped at the time limit (wall or CPU). */
  timedOut: boolean;
  /** The output went past the sandbox's limit (1 MB by default) and was cut there. */
  truncated: boolean;
  ms: number;
}

export interface PublicTestResult {
  passed: boolean;
  input: string;
  expected: string;
  /** The program's output (stdout), or the functional call's returned value as JSON. */
  got: string;
  /** Why it failed: wrong answer, the last line of a traceback, time limit, output limit; null when passed. */
  error: string | null;
  ms: number;
}

export interface TestCodeResult {
  passed: number;
  total: number;
  tests: PublicTestResult[];
}

/** What the pilot's page offers on a session: Run, Test (and when), Skip (and when). */
export interface PilotToolsView {
  sandbox: { available: boolean; reason: string | null };
  tests: { mode: TestsMode; allowedNow: boolean; publicTests: number };
  skip: { afterMinutes: number; allowedAt: string | null; skipped: boolean; reason: string | null };
  /** The submitted code on the public tests, as the server tested it at submit; null before the submit. */
  atSubmit: TestsAtSubmit | null;
}

/** The public tests at submit: their counts, or why they are missing (the sandbox was off or busy). */
export interface TestsAtSubmit {
  passed: number | null;
  total: number | null;
  missing: string | null;
}

export const skipTaskBody = z.object({
  reason: z
    .string({ message: 'required' })
    .refine((r) => r.trim() !== '', 'say why you skip this task')
    .refine((r) => r.length <= 1000, 'at most 1000 characters'),
});
export type SkipTaskBody = z.input<typeof skipTaskBody>;

/**
 * What a pilot did with Run and Test over some sessions (RealHumanEval's telemetry). The public
 * tests are the statement's samples: `publicTestsPassedAtSubmit` is the share of submitted tasks
 * whose submitted code passed all of them — not pass@1, which LiveCodeBench measures on the
 * private tests.
 */
export interface CodeTelemetry {
  runs: number;
  tests: number;
  /** Mean seconds from opening a task to its first test that passed every public test; null for none. */
  avgSecondsToFirstPassingTest: number | null;
  /** Share (0–1) of tested submitted tasks whose code passed every public test; null when none was tested. */
  publicTestsPassedAtSubmit: number | null;
  /** Tasks the pilot skipped. */
  skipped: number;
}
