/**
 * The pilot's questionnaires: the task's once the task is submitted or skipped, the study's once
 * every task of the pilot in that study is. Each is answered once; the answers are in the study's
 * export and their means on the study page.
 */
import { transaction, type DB } from '../../../db/database';
import { appendEvent, type Actor } from '../../../db/events';
import { insertAnswer, questionnaireAnswers, questionnaireMeans, studyAnswersOf, unfinishedSessions } from '../../../db/pilotCodeRuns';
import type { SessionRow } from '../../../db/pilots';
import { questionnaireOf, type QuestionnaireMean, type QuestionnaireScope, type QuestionnaireView } from '../../../shared/pilots/questionnaires';
import { DomainError } from '../../domain/errors';
import { systemClock, type Clock } from '../activeTime';
import { ownSession } from './sessionView';

const asRecord = (rows: { question: string; value: number }[]) => (rows.length ? Object.fromEntries(rows.map((r) => [r.question, r.value])) : null);

function answersOf(db: DB, s: SessionRow, scope: QuestionnaireScope) {
  return asRecord(scope === 'task' ? questionnaireAnswers(db, s.id, 'task') : studyAnswersOf(db, s.study_id, s.user_id));
}

function isOpen(db: DB, s: SessionRow, scope: QuestionnaireScope): boolean {
  if (scope === 'study') return unfinishedSessions(db, s.study_id, s.user_id) === 0;
  const skipped = (s as SessionRow & { skipped_at?: string | null }).skipped_at;
  return s.status === 'submitted' || typeof skipped === 'string';
}

export function questionnaire(db: DB, userId: number, id: number, scope: QuestionnaireScope): QuestionnaireView {
  const s = ownSession(db, id, userId);
  return { scope, questions: questionnaireOf(scope), answers: answersOf(db, s, scope), open: isOpen(db, s, scope) };
}

export function answerQuestionnaire(db: DB, actor: Actor, userId: number, id: number, scope: QuestionnaireScope, answers: Record<string, number>, clock: Clock = systemClock): QuestionnaireView {
  return transaction(db, () => {
    const s = ownSession(db, id, userId);
    if (!isOpen(db, s, scope)) {
      throw new DomainError('not_ready', scope === 'task' ? 'Answer this after you submit or skip the task.' : 'Answer this after all your tasks of the study are submitted or skipped.');
    }
    if (answersOf(db, s, scope) !== null) throw new DomainError('read_only', 'You answered this questionnaire already.');
    const at = new Date(clock()).toISOString();
    for (const q of questionnaireOf(scope)) insertAnswer(db, s.id, scope, q.id, answers[q.id]!, at);
    appendEvent(db, actor, { action: 'pilot_session.questionnaire', entityType: 'pilot_session', entityId: id, details: { study: s.study, scope } });
    return { scope, questions: questionnaireOf(scope), answers: answersOf(db, s, scope), open: true };
  });
}

/** Each question's mean over the study, in the questionnaires' order. */
export function studyQuestionnaireMeans(db: DB, studyId: number): QuestionnaireMean[] {
  const rows = questionnaireMeans(db, studyId);
  return (['task', 'study'] as const).flatMap((scope) =>
    questionnaireOf(scope).flatMap((q) => {
      const r = rows.find((x) => x.scope === scope && x.question === q.id);
      return r ? [{ scope, id: q.id, text: q.text, mean: r.mean, n: r.n }] : [];
    }),
  );
}
