/**
 * A problem's public tests (the statement's samples, as LiveCodeBench stores them) and how one is
 * judged: a stdin test by running the program and comparing as `grade_stdio` does; a functional
 * test by calling the solution through the harness, as `grade_call_based` does.
 */
import { z } from 'zod';
import { stdioMismatch } from '../../../shared/pilots/judge';
import type { PublicTestResult } from '../../../shared/schemas/pilotCode';
import { FUNCTIONAL_HARNESS, HARNESS_FILE, SOLUTION_FILE } from '../sandbox/functionalHarness';
import type { ProcessOutcome } from '../sandbox/runProcess';
import type { Execute } from '../sandbox/sandbox';

export { parsePublicTests, type PublicTest } from '../../../db/publicTests';
import type { PublicTest } from '../../../db/publicTests';

/** What is shown of a program's output on a test (the output limit still bounds the whole). */
const SHOWN_CHARS = 20_000;
const shown = (text: string) => (text.length > SHOWN_CHARS ? `${text.slice(0, SHOWN_CHARS)}\n… (cut at ${SHOWN_CHARS} characters)` : text);

function failure(o: ProcessOutcome): string | null {
  if (o.timedOut) return 'Time limit exceeded';
  if (o.truncated) return 'Output limit exceeded';
  if (o.exitCode !== 0) return lastLine(o.stderr) || `Runtime error (exit ${o.exitCode})`;
  return null;
}

const lastLine = (text: string) => text.trim().split('\n').pop()?.trim() ?? '';

async function stdinTest(execute: Execute, code: string, t: PublicTest): Promise<PublicTestResult> {
  const o = await execute({ files: [{ name: 'main.py', content: code }], stdin: t.input });
  const error = failure(o) ?? stdioMismatch(o.stdout, t.output);
  return { passed: error === null, input: t.input, expected: t.output, got: shown(o.stdout), error, ms: o.ms };
}

const verdictOf = z.object({ passed: z.boolean(), got: z.string().optional(), error: z.string().optional() });

async function functionalTest(execute: Execute, code: string, t: PublicTest, fn: string): Promise<PublicTestResult> {
  const o = await execute({
    files: [
      { name: HARNESS_FILE, content: FUNCTIONAL_HARNESS },
      { name: SOLUTION_FILE, content: code },
    ],
    stdin: JSON.stringify({ fn, input: t.input, output: t.output }),
  });
  const base = { input: t.input, expected: t.output, ms: o.ms };
  const failed = o.timedOut || o.truncated ? failure(o) : null;
  let verdict: z.infer<typeof verdictOf> | null = null;
  try {
    verdict = verdictOf.parse(JSON.parse(lastLine(o.stdout)));
  } catch {
    verdict = null;
  }
  if (failed || !verdict) return { ...base, passed: false, got: '', error: failed ?? (lastLine(o.stderr) || `Runtime error (exit ${o.exitCode})`) };
  const error = verdict.passed ? null : (verdict.error ?? 'Wrong answer');
  return { ...base, passed: verdict.passed, got: shown(verdict.got ?? ''), error };
}

export function judgePublicTest(execute: Execute, code: string, t: PublicTest): Promise<PublicTestResult> {
  return t.fn === null ? stdinTest(execute, code, t) : functionalTest(execute, code, t, t.fn);
}
