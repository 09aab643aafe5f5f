/**
 * The study's telemetry beside its run files (`pilots export`): per pilot (alias only) the test
 * condition, every Run and Test with its time and outcome, skipped tasks with their reasons, the
 * questionnaire answers, and the per-pilot figures of the study page. The run files themselves
 * stay in the evaluator's schema, unchanged.
 */
import type { DB } from '../../../db/database';
import { codeRunsOfStudy, studyAnswers, studyProtocol } from '../../../db/pilotCodeRuns';
import { aliasesOfStudy, sessionsOfStudy, studyById, type SessionRow } from '../../../db/pilots';
import { codeRunsBySession, codeTelemetry } from './codeTelemetry';

export const TELEMETRY_FILE = 'telemetry.json';

type Skippable = SessionRow & { skipped_at?: string | null; skip_reason?: string | null };

export function studyTelemetry(db: DB, studyId: number, studyName: string) {
  const protocol = studyProtocol(db, studyId)!;
  const sessions: Skippable[] = sessionsOfStudy(db, studyId);
  const runs = codeRunsBySession(db, studyId);
  const answers = studyAnswers(db, studyId);
  const allRuns = codeRunsOfStudy(db, studyId);
  return {
    study: studyName,
    tests: protocol.tests_mode,
    skipAfterMinutes: protocol.skip_after_minutes,
    // Only when true: a pilot could have looked the study's texts up in the published release.
    ...(studyById(db, studyId)?.from_published_release === 1 ? { fromPublishedRelease: true } : {}),
    pilots: aliasesOfStudy(db, studyId).map((a) => {
      const own = sessions.filter((s) => s.user_id === a.user_id);
      return {
        alias: a.alias,
        code: codeTelemetry(own, runs),
        studyQuestionnaire: Object.fromEntries(answers.filter((x) => x.scope === 'study' && own.some((s) => s.id === x.session_id)).map((x) => [x.question, x.value])),
        tasks: own.map((s) => ({
          task_id: s.task_id,
          status: s.status,
          opened_at: s.opened_at,
          submitted_at: s.submitted_at,
          skipped_at: s.skipped_at ?? null,
          skip_reason: s.skip_reason ?? null,
          runs: allRuns
            .filter((r) => r.session_id === s.id)
            .map((r) => ({ kind: r.kind, at: r.at, ms: r.ms, exitCode: r.exit_code, timedOut: r.timed_out === 1, truncated: r.truncated === 1, passed: r.passed, total: r.total })),
          questionnaire: Object.fromEntries(answers.filter((x) => x.scope === 'task' && x.session_id === s.id).map((x) => [x.question, x.value])),
        })),
      };
    }),
  };
}
