import { finding, type LineRecord, type ReleaseFinding } from './rules';

// Function words: sharing only these does not show that an answer restores what was deleted.
const STOPWORDS = new Set('a an the of to is are be and or in on at by as it for that this with yes no'.split(' '));

const NON_ASCII = /[^\p{ASCII}]/u;
const ASCII_WORDS = /[a-z]+|[0-9]+/g;
const WORDS = /\p{L}+|\p{N}+/gu;

/** Lower-cased words and numbers (subscripts folded, letters and digits split), without function words. */
export function contentWords(text: string): Set<string> {
  // ASCII text is its own NFKC form, and its letters and numbers are [a-z] and [0-9] once
  // lower-cased: the same words without normalising or Unicode classes (a property test).
  const words = (!NON_ASCII.test(text) ? text.toLowerCase().match(ASCII_WORDS) : text.normalize('NFKC').toLowerCase().match(WORDS)) ?? [];
  const out = new Set<string>();
  for (const w of words) if (!STOPWORDS.has(w)) out.add(w);
  return out;
}

/**
 * contentWords remembering the texts it has seen, for one validation run: the answers of a
 * problem's points and the pieces of text they delete recur in every task that asks them.
 * The sets it returns are shared: read only.
 */
export function contentWordsMemo(): (text: string) => ReadonlySet<string> {
  const seen = new Map<string, Set<string>>();
  return (text) => {
    let words = seen.get(text);
    if (!words) seen.set(text, (words = contentWords(text)));
    return words;
  };
}

const WORD_CHAR = /[\p{L}\p{N}_]/u;

/** WORD_CHAR.test for the code unit at `i`: a table for ASCII (letters, digits, `_`), the regex above it. */
export function isWordChar(text: string, i: number): boolean {
  const unit = text.charCodeAt(i);
  if (unit < 128) return (unit >= 97 && unit <= 122) || (unit >= 65 && unit <= 90) || (unit >= 48 && unit <= 57) || unit === 95;
  return WORD_CHAR.test(text[i]!);
}

/** The deleted span [start, end) widened to whole words, so a deletion inside a word still names the word. */
export function deletedPiece(base: string, start: number, end: number): string {
  let s = start;
  let e = end;
  while (s > 0 && isWordChar(base, s - 1)) s--;
  while (e < base.length && isWordChar(base, e)) e++;
  return base.slice(s, e);
}

/** What forDerivation reads of one deleted span: whether its piece is blank, and its content words. */
export interface PieceWords {
  blank: boolean;
  words: ReadonlySet<string>;
}

/**
 * The content words of answers and of deleted pieces for one validation run. The deleted
 * text reads as its pieces (deletedPiece) joined by spaces; a space ends every word, case
 * context and normalisation, so its content words are those of the pieces together (a
 * property test holds the two equal). A problem's tasks delete the same few spans again and
 * again, so each span's piece is read once per base text, found by its offsets, and answers
 * (the same few per problem) once per text. The sets it returns are shared: read only.
 */
export function deletionWordsMemo() {
  const words = contentWordsMemo();
  const byBase = new Map<string, BaseWords>();
  let last: BaseWords | null = null;
  return {
    /** The memo of one base text (a problem's tasks come one after another: the last one is kept at hand). */
    of(base: string): BaseWords {
      if (last?.base === base) return last;
      let found = byBase.get(base);
      if (!found) byBase.set(base, (found = new BaseWords(base, words)));
      return (last = found);
    },
  };
}

/** The deleted pieces of one base text by span offsets, and the answers of its tasks, read once each. */
class BaseWords {
  private spans = new Map<number, PieceWords>();
  private answers = new Map<string, ReadonlySet<string>>();

  constructor(
    readonly base: string,
    private words: (text: string) => ReadonlySet<string>,
  ) {}

  piece(start: number, end: number): PieceWords {
    const key = start * (this.base.length + 1) + end; // one number per span of this base
    let found = this.spans.get(key);
    if (!found) {
      const piece = deletedPiece(this.base, start, end);
      this.spans.set(key, (found = { blank: piece.trim() === '', words: this.words(piece) }));
    }
    return found;
  }

  answer(text: string): ReadonlySet<string> {
    let found = this.answers.get(text);
    if (!found) this.answers.set(text, (found = this.words(text)));
    return found;
  }
}
export type DeletionWords = ReturnType<typeof deletionWordsMemo>;

/** An answer this long found word for word in the text suggests the information was not removed. */
const VERBATIM_ANSWER_MIN = 24;

/** The answer-in-text rule: an answer long enough to mean something, still there word for word. */
export function answerLeftInText(answer: string, text: string): boolean {
  const trimmed = answer.trim();
  return trimmed.length >= VERBATIM_ANSWER_MIN && text.includes(trimmed);
}

/** The nothing-deleted rule: every deleted piece (widened to whole words) is blank. */
export function deletesNothing(pieces: readonly Pick<PieceWords, 'blank'>[]): boolean {
  return pieces.every((p) => p.blank);
}

/** The answer-not-from-deletion rule: an answer with content words none of which the deleted pieces hold. */
export function answerNotFromDeletion(answer: ReadonlySet<string>, pieces: readonly PieceWords[]): boolean {
  return answer.size > 0 && !sharesWord(answer, pieces);
}

/** How a repair reads in a finding: what it turns into what. */
export function repairChange(before: string, after: string): string {
  return `${JSON.stringify(before)} becomes ${JSON.stringify(after)}`;
}

/**
 * The warnings on what a task deletes. `memo` is shared by a validation run (deleted spans
 * and answers recur from task to task of a problem); by default a fresh one.
 */
function forDerivation(entry: LineRecord, base: string, deleted: readonly [number, number][], memo: DeletionWords = deletionWordsMemo()): ReleaseFinding[] {
  const { record } = entry;
  const at = { task_id: record.task_id, line: entry.line };
  const words = memo.of(base);
  const pieces: PieceWords[] = [];
  for (const [start, end] of deleted) pieces.push(words.piece(start, end));
  if (deletesNothing(pieces)) return [finding(at, 'nothing-deleted', `modified_content: deletes nothing from the base text (${base.length} characters)`)];
  const out: ReleaseFinding[] = [];
  for (let i = 0; i < record.qa_pairs.length; i++) {
    if (answerNotFromDeletion(words.answer(record.qa_pairs[i]!.answer), pieces)) {
      out.push(finding(at, 'answer-not-from-deletion', `qa_pairs[${i}].answer: shares no content word with the deleted text`));
    }
  }
  return out;
}

function sharesWord(answer: ReadonlySet<string>, pieces: readonly PieceWords[]): boolean {
  for (const w of answer) for (const p of pieces) if (p.words.has(w)) return true;
  return false;
}

function forRecord({ record, line }: LineRecord): ReleaseFinding[] {
  const at = { task_id: record.task_id, line };
  const out: ReleaseFinding[] = [];
  record.qa_pairs.forEach((qa, i) => {
    if (answerLeftInText(qa.answer, record.modified_content)) {
      out.push(finding(at, 'answer-in-text', `qa_pairs[${i}].answer: appears word for word in modified_content, so the task may not hide it`));
    }
  });
  return out;
}

/** What the question-repeated rule compares: the question without surrounding space; null for an empty one. */
export function repeatableQuestion(question: string): string | null {
  const q = question.trim();
  return q === '' ? null : q;
}

/** A question asked word for word about two different problems is probably copied. */
function questionsRepeated(entries: readonly LineRecord[]): ReleaseFinding[] {
  const firstProblem = new Map<string, string>();
  const reported = new Set<string>();
  const out: ReleaseFinding[] = [];
  for (const { record, line } of entries) {
    for (const qa of record.qa_pairs) {
      const q = repeatableQuestion(qa.question);
      if (q === null) continue;
      const first = firstProblem.get(q);
      if (first === undefined) firstProblem.set(q, record.question_id);
      else if (first !== record.question_id && !reported.has(`${q}\u0000${record.question_id}`)) {
        reported.add(`${q}\u0000${record.question_id}`);
        out.push(finding({ task_id: record.task_id, line }, 'question-repeated', `question ${JSON.stringify(q)} is also asked about ${first}`));
      }
    }
  }
  return out;
}

/** Signs a reviewer should look at; none of them blocks a release. */
export const reviewWarnings = {
  forDerivation,
  acrossRecords: (entries: readonly LineRecord[]) => [...entries.flatMap(forRecord), ...questionsRepeated(entries)],
};
