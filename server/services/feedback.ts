import type { DB } from '../../db/database';
import { findFeedbackTarget, otherAnnotatorNames, readResolvedWork, type FeedbackTargetRow } from '../../db/feedback';
import { readAnnotationPoints, readGoldPoints } from '../../db/points';
import { buildCrossCheck } from '../../shared/crossCheck';
import type { FeedbackView, MyAgreementView } from '../../shared/feedback/view';
import { myAgreement } from '../../shared/feedback/myAgreement';
import type { Annotator } from '../domain/annotator';
import { DomainError, notFound } from '../domain/errors';

const OTHER = 'the other annotator';
const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The adjudicator's text with every other annotator's account name replaced: feedback never names them. */
export function withoutNames(text: string, names: readonly string[]): string {
  return names.reduce((t, name) => t.replace(new RegExp(`(?<![\\p{L}\\p{N}_])${escapeRegExp(name)}(?![\\p{L}\\p{N}_])`, 'giu'), OTHER), text);
}

/**
 * The problem as feedback may show it: the caller annotated it (else 404, whether or not it
 * exists), submitted, and its gold is resolved (else 403: nothing of the gold shows before).
 */
function resolvedTarget(db: DB, user: Annotator, questionId: string): FeedbackTargetRow & { annotation_id: number; resolved_at: string } {
  const row = findFeedbackTarget(db, questionId, user.id);
  if (!row) throw notFound(`Problem ${questionId} is not one you annotated.`);
  if (row.annotation_status !== 'submitted' || row.annotation_id === null || row.adjudication_status !== 'resolved' || row.resolved_at === null) {
    throw new DomainError('forbidden', `Feedback on ${questionId} opens once you have submitted it and its adjudication is resolved.`);
  }
  return { ...row, annotation_id: row.annotation_id, resolved_at: row.resolved_at };
}

/** The caller's own submission beside the gold, compared with the cross-check's rules (A: theirs, B: gold). */
export function getFeedback(db: DB, user: Annotator, questionId: string): FeedbackView {
  const row = resolvedTarget(db, user, questionId);
  const names = otherAnnotatorNames(db, row.problem_id, user.id);
  const mine = readAnnotationPoints(db, row.annotation_id);
  const gold = readGoldPoints(db, row.problem_id).map((g) => ({
    deletions: g.deletions,
    repairs: g.repairs,
    question: g.question,
    answer: g.answer,
    type: g.type,
    note: withoutNames(g.note, names),
  }));
  return {
    questionId: row.question_id,
    title: row.title,
    baseText: row.base_text,
    submittedAt: row.submitted_at,
    guidelinesVersion: row.guidelines_version,
    resolvedAt: row.resolved_at,
    mine,
    gold,
    notes: withoutNames(row.notes ?? '', names),
    crossCheck: buildCrossCheck(row.base_text, mine, gold),
  };
}

/** The caller's agreement with the gold over their submitted annotations of resolved problems. */
export function getMyAgreement(db: DB, user: Annotator): MyAgreementView {
  const items = readResolvedWork(db, user.id).map((r) => ({
    questionId: r.question_id,
    title: r.title,
    resolvedAt: r.resolved_at,
    baseLength: r.base_text.length,
    mine: readAnnotationPoints(db, r.annotation_id),
    gold: readGoldPoints(db, r.problem_id),
  }));
  return myAgreement(items);
}
