/**
 * A pilot run's condition and its Run/Test telemetry, for the Runs page. A study that offered the
 * public tests while coding (RealHumanEval's condition) is not the protocol's human baseline: its
 * pilots saw the statement's samples, which the underspecified text deliberately leaves out.
 */
import type { DB } from '../../../db/database';
import { studyProtocol, type CodeRunRow } from '../../../db/pilotCodeRuns';
import type { SessionRow } from '../../../db/pilots';
import type { CodeTelemetry, TestsMode } from '../../../shared/schemas/pilotCode';
import { codeRunsBySession, codeTelemetry } from './codeTelemetry';

export interface HumanCondition {
  tests: TestsMode;
  code: CodeTelemetry;
}

/** Reads each study's settings and runs once, however many pilots it has. */
export function humanConditions(db: DB): { of: (studyId: number, sessions: readonly SessionRow[]) => HumanCondition } {
  const studies = new Map<number, { tests: TestsMode; runs: Map<number, CodeRunRow[]> }>();
  return {
    of(studyId, sessions) {
      let study = studies.get(studyId);
      if (!study) studies.set(studyId, (study = { tests: studyProtocol(db, studyId)!.tests_mode, runs: codeRunsBySession(db, studyId) }));
      return { tests: study.tests, code: codeTelemetry(sessions, study.runs) };
    },
  };
}
