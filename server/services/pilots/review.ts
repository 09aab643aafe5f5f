/** Review of pilot questions: the reviewed label beside the live one, and their agreement. */
import { transaction, type DB } from '../../../db/database';
import { appendEvent, type Actor } from '../../../db/events';
import { reviewRow, reviewRows, setReview, type ReviewRow } from '../../../db/pilots';
import { binaryKappa, type Confusion } from '../../../shared/runs/judge';
import type { LabelAgreement, ReviewQuestionRequest } from '../../../shared/schemas/pilots';
import { releaseTasks, type StoredTask } from '../../../db/runs';
import { pilotErrors } from './errors';
import { materializePilotRun } from './pilotRuns';
import { requireStudy } from './lookup';

/** A pilot's question with its review so far and the task it was asked on (server/presenters/pilots.ts shows it). */
export interface PilotQuestionUnderReview {
  row: ReviewRow;
  task: StoredTask | undefined;
}

/** A study's questions for review, with the study's judge threshold. */
export interface StudyQuestions {
  study: string;
  threshold: number;
  questions: PilotQuestionUnderReview[];
}

/** Every question of a study, with what a reviewer needs side by side. */
export function studyQuestions(db: DB, name: string, state: 'all' | 'pending' | 'reviewed'): StudyQuestions {
  const study = requireStudy(db, name);
  const tasks = new Map(releaseTasks(db, study.release_sha256).map((t) => [t.taskId, t]));
  const rows = reviewRows(db, study.id).filter((r) => state === 'all' || (state === 'pending') === (r.reviewed_hit === null));
  return { study: study.name, threshold: study.threshold, questions: rows.map((row) => ({ row, task: tasks.get(row.task_id) })) };
}

/** Live labels against reviewed labels over the reviewed questions (reviewed = truth, as the run's label). */
export function labelAgreement(db: DB, studyId: number): { questions: number; agreement: LabelAgreement } {
  const rows = reviewRows(db, studyId);
  const c: Confusion = { tp: 0, tn: 0, fp: 0, fn: 0 };
  for (const r of rows) {
    if (r.reviewed_hit === null) continue;
    const reviewed = r.reviewed_hit === 1;
    const live = r.live_hit === 1;
    if (reviewed && live) c.tp++;
    else if (reviewed) c.fn++;
    else if (live) c.fp++;
    else c.tn++;
  }
  const n = c.tp + c.tn + c.fp + c.fn;
  return { questions: rows.length, agreement: { n, accuracy: n ? (c.tp + c.tn) / n : null, kappa: binaryKappa(c), confusion: c } };
}

/** Confirm or correct one live label; the event keeps both, and the pilot's run is rescored. */
export function reviewQuestion(db: DB, actor: Actor, name: string, turnId: number, body: ReviewQuestionRequest): PilotQuestionUnderReview {
  return transaction(db, () => {
    const study = requireStudy(db, name);
    const row = reviewRow(db, study.id, turnId);
    if (!row) throw pilotErrors.noQuestion(turnId);
    const tasks = releaseTasks(db, study.release_sha256);
    const task = tasks.find((t) => t.taskId === row.task_id);
    const k = task?.keyQuestions.length ?? 0;
    if (body.keyQuestion !== null && body.keyQuestion >= k) throw pilotErrors.field('keyQuestion', `the task has ${k} key question${k === 1 ? '' : 's'} (0 to ${k - 1})`);
    if (body.version !== row.review_version || !setReview(db, turnId, body.version, body.hit, body.keyQuestion, body.note, actor.id, new Date().toISOString())) {
      throw pilotErrors.staleReview(row.review_version, row.reviewed_by);
    }
    appendEvent(db, actor, {
      action: 'pilot_question.review',
      entityType: 'pilot_question',
      entityId: turnId,
      before: { version: row.review_version, live: { hit: row.live_hit === 1, keyQuestion: row.live_key }, reviewed: row.reviewed_hit === null ? null : { hit: row.reviewed_hit === 1, keyQuestion: row.reviewed_key } },
      after: { version: row.review_version + 1, hit: body.hit, keyQuestion: body.keyQuestion },
      details: { study: study.name, alias: row.alias, task: row.task_id, turn: row.turn },
    });
    materializePilotRun(db, study.id, row.user_id);
    return { row: reviewRow(db, study.id, turnId)!, task };
  });
}
