/** Creating a pilot study and what the study page shows of it. */
import { setStudyProtocol, studyProtocol } from '../../../db/pilotCodeRuns';
import { codeRunsBySession, codeTelemetry } from './codeTelemetry';
import { studyQuestionnaireMeans } from './questionnaires';
import { transaction, type DB } from '../../../db/database';
import { appendEvent, type Actor } from '../../../db/events';
import {
  accountByName,
  aliasesOfStudy,
  insertAlias,
  insertSession,
  insertStudy,
  insertStudyTask,
  lastAliasNumber,
  listStudyRows,
  sessionsOfStudy,
  studyByName,
  studyKeyReaderOverride,
  studyTaskCount,
  usersWhoHeldRoles,
  type SessionRow,
  type StudyRow,
} from '../../../db/pilots';
import { assignPilots } from '../../../shared/pilots/assign';
import { stratifiedSample } from '../../../shared/pilots/sample';
import { pilotModelName, type CreateStudyRequest, type StudyDetail, type StudyFigures, type StudyPilot, type StudySummary, type StudyTasks } from '../../../shared/schemas/pilots';
import { runRow } from '../../../db/runs';
import { pilotErrors } from './errors';
import { requireStudy } from './lookup';
import { pilotTimings } from './timings';
import { labelAgreement } from './review';
import { releasePublishedAt, studyRelease } from './release';
import { barredFor, KEY_QUESTION_READERS } from './eligibility';

function progress(sessions: readonly SessionRow[], questions: number, reviewed: number): StudyFigures {
  return {
    sessions: sessions.length,
    submitted: sessions.filter((s) => s.status === 'submitted').length,
    started: sessions.filter((s) => s.status !== 'new').length,
    questions,
    reviewed,
  };
}

function summary(db: DB, study: StudyRow, sessions: readonly SessionRow[]): StudySummary {
  const agreement = labelAgreement(db, study.id);
  return {
    name: study.name,
    release: study.release_name,
    createdAt: study.created_at,
    createdBy: study.created_by,
    tasks: studyTaskCount(db, study.id),
    pilots: aliasesOfStudy(db, study.id).length,
    pilotsPerTask: study.pilots_per_task,
    maxRounds: study.max_rounds,
    threshold: study.threshold,
    timeLimitMinutes: study.time_limit_minutes,
    sampling: study.sampling,
    progress: progress(sessions, agreement.questions, agreement.agreement.n),
    fromPublishedRelease: study.from_published_release === 1,
    ...protocolOf(db, study.id),
  };
}

/** The study's RealHumanEval settings. */
function protocolOf(db: DB, studyId: number): Pick<StudySummary, 'tests' | 'skipAfterMinutes'> {
  const p = studyProtocol(db, studyId)!;
  return { tests: p.tests_mode, skipAfterMinutes: p.skip_after_minutes };
}

export const listStudies = (db: DB): { studies: StudySummary[] } => ({ studies: listStudyRows(db).map((s) => summary(db, s, sessionsOfStudy(db, s.id))) });

/** A study's page; usernames only for maintainers. */
export function studyDetail(db: DB, name: string, showUsernames: boolean, shortfall: StudyDetail['shortfall'] = []): StudyDetail {
  const study = requireStudy(db, name);
  const sessions = sessionsOfStudy(db, study.id);
  const codeRuns = codeRunsBySession(db, study.id);
  const pilotList: StudyPilot[] = aliasesOfStudy(db, study.id).map((a) => {
    const own = sessions.filter((s) => s.user_id === a.user_id);
    return {
      alias: a.alias,
      username: showUsernames ? a.username : null,
      model: pilotModelName(a.alias),
      sessions: own.length,
      submitted: own.filter((s) => s.status === 'submitted').length,
      ...pilotTimings(own),
      activeMs: own.reduce((n, s) => n + s.active_ms, 0),
      pastes: own.reduce((n, s) => n + s.pastes, 0),
      code: codeTelemetry(own, codeRuns),
    };
  });
  return { ...summary(db, study, sessions), pilotList, keyReaders: keyReadersOf(db, study), agreement: labelAgreement(db, study.id).agreement, shortfall, questionnaireMeans: studyQuestionnaireMeans(db, study.id) };
}

/** The study's pilots who once held a role that reads key questions, by alias: excluded, or let in. */
function keyReadersOf(db: DB, study: StudyRow): StudyDetail['keyReaders'] {
  const aliases = aliasesOfStudy(db, study.id);
  const readers = new Set(usersWhoHeldRoles(db, aliases.map((a) => a.user_id), KEY_QUESTION_READERS));
  const allowed = new Set(studyKeyReaderOverride(db, study.id));
  const out: StudyDetail['keyReaders'] = { excluded: [], allowed: [] };
  for (const a of aliases) if (readers.has(a.user_id)) (allowed.has(a.username) ? out.allowed : out.excluded).push(a.alias);
  return out;
}

/** The next free aliases P01, P02, … (numbers continue over studies; a name some model run took is skipped). */
function nextAliases(db: DB, count: number): string[] {
  const out: string[] = [];
  for (let n = lastAliasNumber(db) + 1; out.length < count; n++) {
    const alias = `P${String(n).padStart(2, '0')}`;
    if (!runRow(db, pilotModelName(alias))) out.push(alias);
  }
  return out;
}

function chooseTasks<T extends { taskId: string; k: number; type: string | null }>(candidates: readonly T[], choice: StudyTasks): T[] {
  if (choice.mode === 'all') return [...candidates];
  if (choice.mode === 'sample') return stratifiedSample(candidates, choice.size, choice.seed);
  const known = new Set(candidates.map((t) => t.taskId));
  choice.taskIds.forEach((id, i) => {
    if (!known.has(id)) throw pilotErrors.field(`tasks.taskIds.${i}`, `"${id}" is not a task of the release`);
  });
  const wanted = new Set(choice.taskIds);
  return candidates.filter((t) => wanted.has(t.taskId));
}

/** Create the study and assign its tasks, in one transaction, with one event. */
export function createStudy(db: DB, actor: Actor, body: CreateStudyRequest): StudyDetail {
  if (studyByName(db, body.name)) throw pilotErrors.studyTaken(body.name);
  const pilots = body.pilots.map((username, i) => {
    const account = accountByName(db, username);
    if (!account || account.role !== 'pilot' || account.active !== 1) throw pilotErrors.field(`pilots.${i}`, `"${username}" is not an active pilot account`);
    return account;
  });
  const ids = [...new Set(pilots.map((p) => p.id))];
  if (ids.length !== pilots.length) throw pilotErrors.field('pilots', 'name each pilot once');
  body.allowKeyReaders.forEach((name, i) => {
    if (!body.pilots.includes(name)) throw pilotErrors.field(`allowKeyReaders.${i}`, `"${name}" is not one of the study's pilots`);
  });
  const published = releasePublishedAt(db, body.release);
  if (published !== null && !body.allowPublished) throw pilotErrors.releasePublished(body.release, published);
  const release = studyRelease(db, body.release);
  const candidates = release.tasks.map((t) => ({ ...t, k: t.keyQuestions.length, type: t.keyQuestions[0]?.type ?? null }));
  const tasks = chooseTasks(candidates, body.tasks);
  return transaction(db, () => {
    const studyId = insertStudy(db, {
      name: body.name,
      releaseName: body.release,
      releaseSha256: release.sha256,
      sampling: body.tasks,
      pilotsPerTask: body.pilotsPerTask,
      maxRounds: body.maxRounds,
      threshold: body.threshold,
      timeLimitMinutes: body.timeLimitMinutes,
      createdBy: actor.id,
      keyReaderOverride: [...new Set(body.allowKeyReaders)],
      fromPublishedRelease: published !== null,
    });
    setStudyProtocol(db, studyId, body.tests, body.skipAfterMinutes);
    const aliases = nextAliases(db, ids.length);
    ids.forEach((id, i) => insertAlias(db, studyId, id, aliases[i]!));
    const barred = barredFor(db, pilots, new Set(body.allowKeyReaders));
    const byId = new Map(tasks.map((t) => [t.taskId, t]));
    for (const t of tasks) insertStudyTask(db, studyId, t.taskId, t.position);
    const result = assignPilots(tasks, ids.filter((id) => !barred.keyReaders.has(id)), body.pilotsPerTask, barred.problems);
    const aliasOf = (id: number) => aliases[ids.indexOf(id)]!;
    for (const a of result.assignments) {
      const t = byId.get(a.taskId)!;
      insertSession(db, studyId, a.pilot, t.taskId, t.questionId, t.position);
    }
    appendEvent(db, actor, {
      action: 'pilot_study.create',
      entityType: 'pilot_study',
      entityId: body.name,
      after: {
        release: body.release,
        ...(published !== null ? { fromPublishedRelease: true } : {}),
        tasks: tasks.length,
        pilots: aliases,
        sessions: result.assignments.length,
        shortfall: result.shortfall.length,
        keyReaders: { excluded: [...barred.keyReaders].map(aliasOf), allowed: [...barred.overridden].map(aliasOf) },
      },
    });
    return studyDetail(db, body.name, true, result.shortfall);
  });
}
