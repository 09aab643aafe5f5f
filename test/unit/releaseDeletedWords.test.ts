import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { finding, type LineRecord, type ReleaseFinding } from '../../shared/release/rules';
import { contentWords, deletionWordsMemo, reviewWarnings } from '../../shared/release/warnings';

// forDerivation reads the content words of each deleted piece (memoised across tasks)
// instead of those of the pieces joined by spaces. The straightforward reading, as it was:
const WORD_CHAR = /[\p{L}\p{N}_]/u;
function joinedDeletion(base: string, deleted: readonly [number, number][]): string {
  return deleted
    .map(([start, end]) => {
      let s = start;
      let e = end;
      while (s > 0 && WORD_CHAR.test(base[s - 1]!)) s--;
      while (e < base.length && WORD_CHAR.test(base[e]!)) e++;
      return base.slice(s, e);
    })
    .join(' ');
}
function straightforward(entry: LineRecord, base: string, deleted: readonly [number, number][]): ReleaseFinding[] {
  const at = { task_id: entry.record.task_id, line: entry.line };
  const removed = joinedDeletion(base, deleted);
  if (removed.trim() === '') return [finding(at, 'nothing-deleted', `modified_content: deletes nothing from the base text (${base.length} characters)`)];
  const removedWords = contentWords(removed);
  const out: ReleaseFinding[] = [];
  entry.record.qa_pairs.forEach((qa, i) => {
    const words = contentWords(qa.answer);
    if (words.size > 0 && ![...words].some((w) => removedWords.has(w))) out.push(finding(at, 'answer-not-from-deletion', `qa_pairs[${i}].answer: shares no content word with the deleted text`));
  });
  return out;
}

// Letters with case context (final sigma), combining marks, compatibility forms (NFKC folds
// ﬁ, ①, fullwidth and superscripts), digits, underscores and spaces, so words meet at piece edges.
const CHARS = ['a', 'B', 'Σ', 'σ', 'ς', 'Ο', '\u0301', '\u0308', 'é', 'ﬁ', '①', 'Ａ', '²', '1', '9', '_', ' ', '\n', '.', "'", 'the', 'İ', '\u00a0', '𝑥', '\u200b'];
const text = fc.array(fc.constantFrom(...CHARS), { maxLength: 30 }).map((cs) => cs.join(''));

describe('answer-not-from-deletion reads the deleted text piece by piece', () => {
  it('gives the content words of the pieces joined by spaces', () => {
    fc.assert(
      fc.property(fc.array(text, { maxLength: 4 }), (pieces) => {
        const union = new Set(pieces.flatMap((p) => [...contentWords(p)]));
        expect(union).toEqual(contentWords(pieces.join(' ')));
      }),
      { numRuns: 3000 },
    );
  });

  it('gives the same findings as reading the joined deleted text, memoised or not', () => {
    const spans = (length: number) =>
      fc.array(fc.tuple(fc.nat(length), fc.nat(length)), { maxLength: 4 }).map((pairs) =>
        pairs
          .map(([x, y]): [number, number] => [Math.min(x, y), Math.max(x, y)])
          .filter(([x, y]) => x < y)
          .sort((p, q) => p[0] - q[0]),
      );
    const memo = deletionWordsMemo(); // shared across cases (and base texts), as across the tasks of a run
    fc.assert(
      fc.property(
        text.chain((base) => fc.tuple(fc.constant(base), spans(base.length), fc.array(text, { minLength: 1, maxLength: 3 }))),
        ([base, deleted, answers]) => {
          const entry: LineRecord = { line: 1, record: { task_id: 'task_1', question_id: 'q', keywords: [], modified_content: '', qa_pairs: answers.map((answer) => ({ question: 'Q?', answer })) } };
          const expected = straightforward(entry, base, deleted);
          expect(reviewWarnings.forDerivation(entry, base, deleted)).toEqual(expected);
          expect(reviewWarnings.forDerivation(entry, base, deleted, memo)).toEqual(expected);
        },
      ),
      { numRuns: 3000 },
    );
  });
});

// contentWords skips normalising and Unicode classes for ASCII text; the reading it had before:
const STOPWORDS = new Set('a an the of to is are be and or in on at by as it for that this with yes no'.split(' '));
const unicodeWords = (text: string) => new Set((text.normalize('NFKC').toLowerCase().match(/\p{L}+|\p{N}+/gu) ?? []).filter((w) => !STOPWORDS.has(w)));

describe('contentWords on ASCII text', () => {
  it('gives the words of the Unicode reading, function words left out', () => {
    const ascii = fc.string({ unit: fc.integer({ min: 0, max: 127 }).map((c) => String.fromCharCode(c)), maxLength: 40 });
    const words = fc.array(fc.constantFrom('The', 'answer', 'IS', '42', 'x1', 'n_max', 'Yes', 'of', 'A-B', '\t', ' ', '\n', ',', 'Zz9'), { maxLength: 12 }).map((w) => w.join(''));
    fc.assert(
      fc.property(fc.oneof(ascii, words), (text) => {
        expect(contentWords(text)).toEqual(unicodeWords(text));
      }),
      { numRuns: 3000 },
    );
    expect([...contentWords('Print N_MAX, the Answer: 42x.')]).toEqual(['print', 'n', 'max', 'answer', '42', 'x']);
  });
});
