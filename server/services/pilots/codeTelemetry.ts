/** Run and Test counts, time to the first passing test and the public tests at submit, over a pilot's sessions. */
import type { DB } from '../../../db/database';
import { codeRunsOfStudy, type CodeRunRow } from '../../../db/pilotCodeRuns';
import type { SessionRow } from '../../../db/pilots';
import type { CodeTelemetry } from '../../../shared/schemas/pilotCode';

const mean = (xs: readonly number[]): number | null => (xs.length ? xs.reduce((a, b) => a + b, 0) / xs.length : null);
const allPassed = (r: CodeRunRow) => r.total !== null && r.total > 0 && r.passed === r.total;

/** The study's runs and tests by session, read once for all its pilots. */
export function codeRunsBySession(db: DB, studyId: number): Map<number, CodeRunRow[]> {
  const out = new Map<number, CodeRunRow[]>();
  for (const r of codeRunsOfStudy(db, studyId)) {
    let list = out.get(r.session_id);
    if (!list) out.set(r.session_id, (list = []));
    list.push(r);
  }
  return out;
}

export function codeTelemetry(sessions: readonly (SessionRow & { skipped_at?: string | null })[], runs: ReadonlyMap<number, CodeRunRow[]>): CodeTelemetry {
  const toFirstPass: number[] = [];
  const atSubmit: boolean[] = [];
  let runCount = 0;
  let testCount = 0;
  for (const s of sessions) {
    const own = runs.get(s.id) ?? [];
    runCount += own.filter((r) => r.kind === 'run').length;
    testCount += own.filter((r) => r.kind !== 'run').length;
    const firstPass = own.find((r) => r.kind !== 'run' && allPassed(r));
    if (firstPass && s.opened_at) toFirstPass.push(Math.max(0, (Date.parse(firstPass.at) - Date.parse(s.opened_at)) / 1000));
    const submitTest = own.find((r) => r.kind === 'submit_test');
    if (submitTest) atSubmit.push(allPassed(submitTest));
  }
  return {
    runs: runCount,
    tests: testCount,
    avgSecondsToFirstPassingTest: mean(toFirstPass),
    publicTestsPassedAtSubmit: atSubmit.length ? atSubmit.filter(Boolean).length / atSubmit.length : null,
    skipped: sessions.filter((s) => typeof s.skipped_at === 'string').length,
  };
}
