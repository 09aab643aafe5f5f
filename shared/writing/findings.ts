import { applyEdits, mergeRanges, type Point } from '../edits';
import { answerLeftInText, answerNotFromDeletion, contentWords, deletedPiece, deletesNothing, isWordChar, repairChange, repeatableQuestion, type PieceWords } from '../release/warnings';
import { invisibleName, invisiblesIn } from './invisible';

/**
 * The release check's rules that concern one point, plus two that only the moment of writing
 * can catch (a deletion cut inside a word, an invisible character typed or pasted). They run
 * on every save, from the same predicates as the release check (shared/release/warnings.ts),
 * and read only the point's own text: what a save costs does not grow with the release.
 */
export const POINT_RULES = ['nothing-deleted', 'answer-not-from-deletion', 'answer-in-text', 'question-repeated', 'repair', 'partial-word', 'invisible-characters'] as const;
export type PointRule = (typeof POINT_RULES)[number];

/** Each rule's name for people (the UI's words; the API keeps the rule ids). */
export const RULE_LABELS: Record<PointRule, string> = {
  'nothing-deleted': 'Nothing deleted',
  'answer-not-from-deletion': 'Answer not from the deletion',
  'answer-in-text': 'Answer still in the text',
  'question-repeated': 'Question repeated',
  repair: 'Repair',
  'partial-word': 'Part of a word',
  'invisible-characters': 'Invisible characters',
};

/** A finding about one point of an annotation: `point` is its index in `points`. */
export interface PointFinding {
  point: number;
  rule: PointRule;
  message: string;
}

/** A finding the annotator accepted on submit, with their reason. */
export interface AcknowledgedFinding {
  point: number;
  rule: PointRule;
  reason: string;
}

export interface PointFindingContext {
  /** Whether this question (trimmed) is asked word for word about another problem; absent: not checked (the client). */
  askedElsewhere?: (question: string) => boolean;
}

const piecesOf = (base: string, point: Point): PieceWords[] =>
  point.deletions.map(([s, e]) => {
    const piece = deletedPiece(base, s, e);
    return { blank: piece.trim() === '', words: contentWords(piece) };
  });

/** A deletion edge with a letter or digit on both sides cuts a word ("sequ|ence"). */
function cutsWord(base: string, at: number): boolean {
  return at > 0 && at < base.length && isWordChar(base, at - 1) && isWordChar(base, at);
}

function partialWords(base: string, point: Point): string[] {
  const out: string[] = [];
  for (const [s, e] of mergeRanges(point.deletions)) {
    if (cutsWord(base, s) || cutsWord(base, e)) out.push(JSON.stringify(deletedPiece(base, s, e)));
  }
  return out;
}

function invisibleFindings(point: Point, add: (rule: PointRule, message: string) => void): void {
  for (const field of ['question', 'answer'] as const) {
    const found = invisiblesIn(point[field]);
    if (found.length > 0) add('invisible-characters', `${field}: holds ${found.map(invisibleName).join(', ')}, which readers do not see (bidirectional controls reorder what they see)`);
  }
}

/** The findings of one point. */
export function findingsOfPoint(base: string, point: Point, index: number, context: PointFindingContext = {}): PointFinding[] {
  const out: PointFinding[] = [];
  const add = (rule: PointRule, message: string) => out.push({ point: index, rule, message });
  if (point.deletions.length > 0) {
    const pieces = piecesOf(base, point);
    if (deletesNothing(pieces)) add('nothing-deleted', 'the deletions remove only spaces or punctuation');
    else if (answerNotFromDeletion(contentWords(point.answer), pieces)) add('answer-not-from-deletion', 'answer: shares no content word with the deleted text');
    const partial = partialWords(base, point);
    if (partial.length > 0) add('partial-word', `a deletion starts or ends inside a word: ${partial.join(', ')}`);
  }
  if (point.answer.trim() !== '' && answerLeftInText(point.answer, applyEdits(base, [point]))) {
    add('answer-in-text', 'answer: appears word for word in the text after this point’s deletions, so the task may not hide it');
  }
  const question = repeatableQuestion(point.question);
  if (question !== null && context.askedElsewhere?.(question)) add('question-repeated', 'question: asked word for word about another problem');
  for (const r of point.repairs) add('repair', `repair: ${repairChange(base.slice(r.start, r.end), r.text)}; the adjudicator checks every repair`);
  invisibleFindings(point, add);
  return out;
}

/** The findings of every point of an annotation, in point order. */
export function pointFindings(base: string, points: readonly Point[], context: PointFindingContext = {}): PointFinding[] {
  return points.flatMap((p, i) => findingsOfPoint(base, p, i, context));
}

/** The findings not among the acknowledged ones (matched by point and rule). */
export function unacknowledged(findings: readonly PointFinding[], acknowledged: readonly Pick<AcknowledgedFinding, 'point' | 'rule'>[]): PointFinding[] {
  return findings.filter((f) => !acknowledged.some((a) => a.point === f.point && a.rule === f.rule));
}
