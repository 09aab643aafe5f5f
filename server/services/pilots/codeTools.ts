/**
 * Run and Test in the pilot's editor. Code runs only in the sandbox (never any other way), one
 * run per pilot at a time; every run and test is recorded with its time and outcome. Tests use
 * the problem's public tests, judged as LiveCodeBench judges; whether they are offered while
 * coding is the study's condition (an after-submit study tests only the submitted code).
 */
import { transaction, type DB } from '../../../db/database';
import { insertCodeRun, sessionTools, submitTestOf, type SessionToolsRow } from '../../../db/pilotCodeRuns';
import type { SessionRow } from '../../../db/pilots';
import type { RunCodeRequest, TestCodeRequest } from '../../../shared/api/pilotCode';
import type { PilotToolsView, PublicTestResult, RunCodeResult, TestCodeResult, TestsAtSubmit } from '../../../shared/schemas/pilotCode';
import { DomainError } from '../../domain/errors';
import { systemClock, type Clock } from '../activeTime';
import type { CodeSandbox } from '../sandbox/sandbox';
import { codeToolErrors, refuseSkipped, sandboxRefusal } from './codeToolErrors';
import { judgePublicTest, parsePublicTests } from './publicTests';
import { ownSession } from './sessionView';

function toolsOf(db: DB, s: SessionRow): SessionToolsRow {
  return sessionTools(db, s.id)!;
}

/** When Skip is offered: the study's minutes after the task was opened. */
export function skipAllowedAt(s: SessionRow, t: SessionToolsRow): string | null {
  if (s.opened_at === null) return null;
  return new Date(Date.parse(s.opened_at) + t.skip_after_minutes * 60_000).toISOString();
}

const testsAllowed = (s: SessionRow, t: SessionToolsRow) => s.status === 'submitted' || t.tests_mode === 'while-coding';

export function pilotTools(db: DB, sandbox: CodeSandbox, userId: number, id: number): PilotToolsView {
  const s = ownSession(db, id, userId);
  const t = toolsOf(db, s);
  const status = sandbox.current();
  return {
    sandbox: { available: status.state === 'ready', reason: status.state === 'off' ? status.reason : status.state === 'checking' ? 'The code sandbox is still being checked: Run and Test are off until it is ready.' : null },
    tests: { mode: t.tests_mode, allowedNow: testsAllowed(s, t), publicTests: parsePublicTests(t.public_test_cases, t.metadata).length },
    skip: { afterMinutes: t.skip_after_minutes, allowedAt: skipAllowedAt(s, t), skipped: t.skipped_at !== null, reason: t.skip_reason },
    atSubmit: s.status === 'submitted' && s.version > 0 ? atSubmitOf(db, id, MISSING_NOW) : null,
  };
}

const MISSING_NOW = 'The public tests could not run when the code was submitted; Test the submitted code to run them now.';

function atSubmitOf(db: DB, id: number, missing: string): TestsAtSubmit {
  const row = submitTestOf(db, id);
  return row ? { passed: row.passed, total: row.total, missing: null } : { passed: null, total: null, missing };
}

/**
 * The submitted code on the public tests, run by the server as soon as the submit is recorded
 * (after its transaction), so the result exists even if the pilot's page is gone. Without a
 * working sandbox the submit stands and the result says why the tests are missing.
 */
export async function testAtSubmit(db: DB, sandbox: CodeSandbox, userId: number, id: number, clock: Clock = systemClock): Promise<TestsAtSubmit> {
  try {
    const r = await testCode(db, sandbox, userId, id, {}, clock);
    return { passed: r.passed, total: r.total, missing: null };
  } catch (err) {
    if (err instanceof DomainError) return atSubmitOf(db, id, `The public tests did not run at submit: ${err.message}`);
    throw err;
  }
}

const owner = (userId: number) => `pilot:${userId}`;

/** Run the pilot's code on the pilot's own input. */
export async function runCode(db: DB, sandbox: CodeSandbox, userId: number, id: number, body: RunCodeRequest, clock: Clock = systemClock): Promise<RunCodeResult> {
  ownSession(db, id, userId);
  refuseSkipped(db, id);
  const at = new Date(clock()).toISOString();
  const outcome = await sandboxRefusal(() =>
    sandbox.withSlot(owner(userId), (execute) => execute({ files: [{ name: 'main.py', content: body.code }], stdin: body.stdin })),
  );
  transaction(db, () => insertCodeRun(db, { sessionId: id, kind: 'run', at, ms: outcome.ms, exitCode: outcome.exitCode, timedOut: outcome.timedOut, truncated: outcome.truncated, passed: null, total: null }));
  return outcome;
}

/** Test on the public tests: the code sent while coding (a while-coding study), the submitted code after the submit. */
export async function testCode(db: DB, sandbox: CodeSandbox, userId: number, id: number, body: TestCodeRequest, clock: Clock = systemClock): Promise<TestCodeResult> {
  const s = ownSession(db, id, userId);
  const t = toolsOf(db, s);
  if (t.skipped_at !== null) throw codeToolErrors.skipped();
  if (!testsAllowed(s, t)) throw codeToolErrors.testsAfterSubmit();
  const submitted = s.status === 'submitted';
  const code = submitted ? s.code : body.code;
  if (code === undefined) throw codeToolErrors.field('code', 'required');
  const at = new Date(clock()).toISOString();
  const cases = parsePublicTests(t.public_test_cases, t.metadata);
  const tests: PublicTestResult[] = await sandboxRefusal(() =>
    sandbox.withSlot(owner(userId), async (execute) => {
      const results: PublicTestResult[] = [];
      for (const c of cases) results.push(await judgePublicTest(execute, code, c));
      return results;
    }),
  );
  const passed = tests.filter((r) => r.passed).length;
  const ms = tests.reduce((sum, r) => sum + r.ms, 0);
  // The submitted code is recorded once (its result at submit); testing it again only shows it.
  transaction(db, () => {
    if (submitted && submitTestOf(db, id)) return;
    insertCodeRun(db, { sessionId: id, kind: submitted ? 'submit_test' : 'test', at, ms, exitCode: null, timedOut: tests.some((r) => r.error === TIME_LIMIT), truncated: false, passed, total: tests.length });
  });
  return { passed, total: tests.length, tests };
}

export const TIME_LIMIT = 'Time limit exceeded';
