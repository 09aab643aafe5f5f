import type { DB } from '../../db/database';
import { annotatorNames, findFeedbackTarget, readResolvedWork, type FeedbackTargetRow } from '../../db/feedback';
import { readSideRows } from '../../db/annotations';
import { findLatestReopen } from '../../db/events';
import { readAnnotationPoints, readGoldPoints } from '../../db/points';
import type { Point } from '../../shared/edits';
import type { FeedbackGoldPoint, FeedbackView, MyAgreementView } from '../../shared/feedback/view';
import { myAgreement } from '../../shared/feedback/myAgreement';
import type { Annotator } from '../domain/annotator';
import { DomainError, notFound } from '../domain/errors';

const OTHER = 'the other annotator';
const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** What may follow a marked name: not more of a name ("@bert.x"), though a full stop or dash may end it ("@bert."). */
const NAME_END = "(?![\\p{L}\\p{N}_]|[.-][\\p{L}\\p{N}_])(['’]s(?![\\p{L}\\p{N}_]))?";

/** Who the feedback's reader is and who the problem's other annotators are, as the adjudicator may have written them. */
export interface NotePeople {
  /** The reader's account name, and their cross-check label ("A" or "B") if they hold a slot. */
  reader: { username: string; slot: 'A' | 'B' | null };
  /** Every other annotator of the problem (assigned or holding an annotation). */
  others: readonly string[];
}

const said = (who: 'you' | 'other' | 'someone', possessive: boolean): string =>
  who === 'you' ? (possessive ? 'your' : 'you') : `${who === 'other' ? OTHER : 'an annotator'}${possessive ? "'s" : ''}`;

/**
 * The adjudicator's text as a problem's annotator may read it: what marks a person — an account
 * name written as a mention (`@bert`) and the cross-check's labels ("Annotator A", or "Annotator A
 * (bert)" when names were revealed) — becomes "you" or "the other annotator". Nothing else is
 * touched: a name that is also a word ("input") stays as written, since replacing every such word
 * would show the reader which word is the other annotator's name.
 */
export function withoutNames(text: string, people: NotePeople): string {
  const reader = people.reader.username.toLowerCase();
  const names = [people.reader.username, ...people.others].filter((n) => n !== '').sort((a, b) => b.length - a.length).map(escapeRegExp);
  const mentions = new RegExp(names.length > 0 ? `(?<![\\p{L}\\p{N}_.-])@(${names.join('|')})${NAME_END}` : '(?!)', 'giu');
  const labels = new RegExp(`(?<![\\p{L}\\p{N}_])Annotator ([AB])(?: \\([^()\\n]{1,64}\\))?${NAME_END}`, 'gu');
  return text
    .replace(mentions, (_, name: string, s?: string) => said(name.toLowerCase() === reader ? 'you' : 'other', s !== undefined))
    .replace(labels, (_, slot: string, s?: string) => said(people.reader.slot === null ? 'someone' : slot === people.reader.slot ? 'you' : 'other', s !== undefined));
}

function notePeople(db: DB, problemId: number, readerId: number): NotePeople {
  const annotators = annotatorNames(db, problemId);
  const slot = readSideRows(db, problemId).find((r) => r.user_id === readerId)?.slot;
  return {
    reader: { username: annotators.find((a) => a.id === readerId)?.username ?? '', slot: slot === 1 ? 'A' : slot === 2 ? 'B' : null },
    others: annotators.filter((a) => a.id !== readerId).map((a) => a.username),
  };
}

/** A problem the caller submitted whose adjudication is resolved. */
export type ResolvedTarget = FeedbackTargetRow & { annotation_id: number; resolved_at: string };

/**
 * The problem as feedback may show it: the caller annotated it (else 404, whether or not it
 * exists), submitted, and its gold is resolved (else 403: nothing of the gold shows before).
 */
function resolvedTarget(db: DB, user: Annotator, questionId: string): ResolvedTarget {
  const row = findFeedbackTarget(db, questionId, user.id);
  if (!row) throw notFound(`Problem ${questionId} is not one you annotated.`);
  const reopen = row.annotation_status === 'submitted' && row.adjudication_status === 'draft' ? findLatestReopen(db, questionId) : undefined;
  if (reopen) {
    const why = reopen.reason ? withoutNames(reopen.reason, notePeople(db, row.problem_id, user.id)) : null;
    throw new DomainError('forbidden', `${questionId} was reopened on ${reopen.at.slice(0, 10)}${why ? `: ${why}${/[.!?]$/.test(why) ? '' : '.'}` : ' (no reason given).'} Its feedback opens again once the adjudication is resolved.`, { reopened: { at: reopen.at, reason: why } });
  }
  if (row.annotation_status !== 'submitted' || row.annotation_id === null || row.adjudication_status !== 'resolved' || row.resolved_at === null) {
    throw new DomainError('forbidden', `Feedback on ${questionId} opens once you have submitted it and its adjudication is resolved.`);
  }
  return { ...row, annotation_id: row.annotation_id, resolved_at: row.resolved_at };
}

/** The latest reopen, when the gold was reopened before being resolved again (its reason without names). */
function reopenedBefore(db: DB, questionId: string, people: NotePeople): FeedbackView['reopened'] {
  const reopen = findLatestReopen(db, questionId);
  return reopen ? { at: reopen.at, reason: reopen.reason ? withoutNames(reopen.reason, people) : null } : null;
}

/** A resolved problem the caller annotated, as its feedback may show it (server/presenters/feedback.ts shows it). */
export interface Feedback {
  target: ResolvedTarget;
  /** The caller's submitted points. */
  mine: Point[];
  /** The gold points without provenance, their notes without the annotators' names. */
  gold: FeedbackGoldPoint[];
  /** The adjudicator's notes on the problem, without the annotators' names. */
  notes: string;
  reopened: FeedbackView['reopened'];
}

/** The caller's own submission beside the gold (the presenter compares them with the cross-check's rules). */
export function getFeedback(db: DB, user: Annotator, questionId: string): Feedback {
  const target = resolvedTarget(db, user, questionId);
  const people = notePeople(db, target.problem_id, user.id);
  const mine = readAnnotationPoints(db, target.annotation_id);
  const gold = readGoldPoints(db, target.problem_id).map((g) => ({
    deletions: g.deletions,
    repairs: g.repairs,
    question: g.question,
    answer: g.answer,
    type: g.type,
    note: withoutNames(g.note, people),
  }));
  return {
    target,
    mine,
    gold,
    notes: withoutNames(target.notes ?? '', people),
    reopened: reopenedBefore(db, target.question_id, people),
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
