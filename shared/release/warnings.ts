import { finding, type LineRecord, type ReleaseFinding } from './rules';

// Function words: sharing only these does not show that an answer restores what was deleted.
const STOPWORDS = new Set('a an the of to is are be and or in on at by as it for that this with yes no'.split(' '));

/** Lower-cased words and numbers (subscripts folded, letters and digits split), without function words. */
export function contentWords(text: string): Set<string> {
  const words = text.normalize('NFKC').toLowerCase().match(/\p{L}+|\p{N}+/gu) ?? [];
  return new Set(words.filter((w) => !STOPWORDS.has(w)));
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

/**
 * The deleted spans widened to whole words, so a deletion inside a word still names the word.
 * The deleted text reads as these pieces joined by spaces; a space ends every word, case
 * context and normalisation, so its content words are those of the pieces together (a
 * property test holds the two equal), and a piece recurs in every task that deletes it.
 */
function deletedPieces(base: string, deleted: readonly [number, number][]): string[] {
  return deleted.map(([start, end]) => {
    let s = start;
    let e = end;
    while (s > 0 && WORD_CHAR.test(base[s - 1]!)) s--;
    while (e < base.length && WORD_CHAR.test(base[e]!)) e++;
    return base.slice(s, e);
  });
}

/** An answer this long found word for word in the text suggests the information was not removed. */
const VERBATIM_ANSWER_MIN = 24;

/**
 * The warnings on what a task deletes. `words` is contentWords, or a memo of it shared by a
 * validation run (answers and deleted pieces recur from task to task of a problem).
 */
function forDerivation(entry: LineRecord, base: string, deleted: readonly [number, number][], words: (text: string) => ReadonlySet<string> = contentWords): ReleaseFinding[] {
  const { record } = entry;
  const at = { task_id: record.task_id, line: entry.line };
  const pieces = deletedPieces(base, deleted);
  if (pieces.every((p) => p.trim() === '')) return [finding(at, 'nothing-deleted', `modified_content: deletes nothing from the base text (${base.length} characters)`)];
  const removedWords = pieces.map(words);
  const removes = (w: string) => removedWords.some((set) => set.has(w));
  const out: ReleaseFinding[] = [];
  record.qa_pairs.forEach((qa, i) => {
    const answer = words(qa.answer);
    if (answer.size > 0 && ![...answer].some(removes)) {
      out.push(finding(at, 'answer-not-from-deletion', `qa_pairs[${i}].answer: shares no content word with the deleted text`));
    }
  });
  return out;
}

function forRecord({ record, line }: LineRecord): ReleaseFinding[] {
  const at = { task_id: record.task_id, line };
  const out: ReleaseFinding[] = [];
  record.qa_pairs.forEach((qa, i) => {
    const answer = qa.answer.trim();
    if (answer.length >= VERBATIM_ANSWER_MIN && record.modified_content.includes(answer)) {
      out.push(finding(at, 'answer-in-text', `qa_pairs[${i}].answer: appears word for word in modified_content, so the task may not hide it`));
    }
  });
  return out;
}

/** A question asked word for word about two different problems is probably copied. */
function questionsRepeated(entries: readonly LineRecord[]): ReleaseFinding[] {
  const firstProblem = new Map<string, string>();
  const reported = new Set<string>();
  const out: ReleaseFinding[] = [];
  for (const { record, line } of entries) {
    for (const qa of record.qa_pairs) {
      const q = qa.question.trim();
      if (q === '') continue;
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
