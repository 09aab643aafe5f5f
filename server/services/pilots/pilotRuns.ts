/**
 * A pilot's submitted sessions as a run (`human:<alias>`) beside the models' runs, rewritten
 * whole in the transaction of each submit and review; and the study's export, one run-output
 * JSONL per pilot, which `runs import` reads back to the same figures.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { DB } from '../../../db/database';
import { aliasesOfStudy, allAliases, studyById, studyCreatorId, sessionsOfStudy, submittedSessions, turnsOfSession, type SessionRow, type StudyRow } from '../../../db/pilots';
import { sessionRunLine } from '../../../shared/pilots/protocol';
import { scoreTask } from '../../../shared/runs/metrics';
import { toRunRecord, type RunLine } from '../../../shared/runs/runLine';
import { pilotModelName } from '../../../shared/schemas/pilots';
import { deleteRun, releaseTask, runRow, runWriter } from '../../../db/runs';
import { pilotErrors } from './errors';
import { requireStudy } from './lookup';
import { pilotTimings } from './timings';
import { studyTelemetry, TELEMETRY_FILE } from './telemetryExport';
import { humanConditions, type HumanCondition } from './humanCondition';

/** A submitted session that never reached "Write code" or a save: its last allowed question ended it. */
const endedWithoutCode = (s: SessionRow): boolean => s.code_started_at === null;

/** The run-output lines of one pilot's submitted sessions, in release order. */
function runLines(db: DB, study: { id: number; release_sha256: string }, userId: number): RunLine[] {
  return submittedSessions(db, study.id, userId).map((s) => {
    const task = releaseTask(db, study.release_sha256, s.task_id)!;
    const turns = turnsOfSession(db, s.id).map((t) => ({
      question: t.question,
      answer: t.answer,
      liveKey: t.live_key,
      reviewed: t.reviewed_hit === null ? null : { hit: t.reviewed_hit === 1, key: t.reviewed_key },
    }));
    return sessionRunLine({ taskId: s.task_id, questionId: s.question_id, text: task.text, keyQuestions: task.keyQuestions, turns, code: endedWithoutCode(s) ? null : s.code });
  });
}

const sourceFile = (study: string) => `pilot study ${study}`;

/**
 * Rewrite the pilot's run from their submitted sessions (call inside the caller's transaction).
 * The run is recorded as imported by the study's creator: the pilot's username never shows.
 */
export function materializePilotRun(db: DB, studyId: number, userId: number): void {
  const alias = aliasesOfStudy(db, studyId).find((a) => a.user_id === userId);
  if (!alias) return;
  const study = studyById(db, studyId)!;
  const model = pilotModelName(alias.alias);
  const name = study.name;
  const existing = runRow(db, model);
  if (existing && existing.source_file !== sourceFile(name)) throw pilotErrors.runNameTaken(model);
  if (existing) deleteRun(db, existing.id);
  const lines = runLines(db, { id: studyId, release_sha256: study.release_sha256 }, userId);
  if (lines.length === 0) return;
  const writer = runWriter(db, model, study.release_sha256, sourceFile(name), studyCreatorId(db, studyId));
  lines.forEach((line, i) => {
    const parsed = toRunRecord(line);
    if ('problems' in parsed) throw new Error(`pilot run line of ${line.task_id} does not read back: ${parsed.problems[0]!.message}`);
    const r = parsed.record;
    writer.add({ ...r, line: i + 1, messagesJson: JSON.stringify(r.messages) }, scoreTask(r.k, r.turnsTotal, r.hitDict));
  });
  writer.finish();
}

/** Which runs are pilots', with their study and timings: for the runs report. */
type HumanRun = ReturnType<typeof pilotTimings> & { study: string } & HumanCondition;

export function humanRuns(db: DB): Map<string, HumanRun> {
  const out = new Map<string, HumanRun>();
  const byStudy = new Map<number, SessionRow[]>();
  const conditions = humanConditions(db);
  for (const a of allAliases(db)) {
    let sessions = byStudy.get(a.study_id);
    if (!sessions) byStudy.set(a.study_id, (sessions = sessionsOfStudy(db, a.study_id)));
    const own = sessions.filter((s) => s.user_id === a.user_id);
    out.set(pilotModelName(a.alias), { study: a.study, ...pilotTimings(own), ...conditions.of(a.study_id, own) });
  }
  return out;
}

/** Write one `<alias>.jsonl` per pilot with submitted sessions into `dir`; returns the files written. */
export function exportStudy(db: DB, name: string, dir: string): { study: string; files: { alias: string; file: string; tasks: number }[] } {
  const study: StudyRow = requireStudy(db, name);
  fs.mkdirSync(dir, { recursive: true });
  const files: { alias: string; file: string; tasks: number }[] = [];
  for (const a of aliasesOfStudy(db, study.id)) {
    const lines = runLines(db, study, a.user_id);
    if (lines.length === 0) continue;
    const file = path.join(dir, `${a.alias}.jsonl`);
    fs.writeFileSync(file, lines.map((l) => `${JSON.stringify(l)}\n`).join(''));
    files.push({ alias: a.alias, file, tasks: lines.length });
  }
  // Beside the run files, in a file of its own: Run/Test, skips and questionnaires (the run files keep the evaluator's schema).
  fs.writeFileSync(path.join(dir, TELEMETRY_FILE), `${JSON.stringify(studyTelemetry(db, study.id, study.name), null, 2)}\n`);
  return { study: study.name, files };
}
