/**
 * The study's vocabulary grown one question at a time gives the very similarities a
 * full refit (fitJudgeSimilarity, what matchQuestion does at every question) gives.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { matchQuestion } from '../../shared/pilots/protocol';
import { GrowingJudgeSimilarity } from '../../shared/runs/growingTfidf';
import { fitJudgeSimilarity } from '../../shared/runs/judge';
import { normalizeWhitespace } from '../../shared/runs/pyText';

const WORDS = ['the', 'input', 'is', 'sorted', 'may', 'values', 'be', 'negative', 'zero', 'output', 'format', 'Ünïcode', 'x', 'a_b', '42', 'is?'];
/** Documents from a small pool (terms shared, so max_df drops some), with repeats and the odd free string. */
const doc = fc.oneof(
  { weight: 5, arbitrary: fc.array(fc.constantFrom(...WORDS), { minLength: 0, maxLength: 8 }).map((ws) => ws.join(' ')) },
  { weight: 1, arbitrary: fc.string({ maxLength: 12 }) },
  { weight: 1, arbitrary: fc.constantFrom('the input', 'the input', '') },
);

describe('the grown vocabulary', () => {
  it('equals a full refit after every appended document, for every pair', () => {
    fc.assert(
      fc.property(fc.array(doc, { minLength: 1, maxLength: 10 }), fc.array(doc, { minLength: 1, maxLength: 8 }), (start, added) => {
        const corpus = start.map(normalizeWhitespace);
        const grown = new GrowingJudgeSimilarity(corpus);
        for (const d of added.map(normalizeWhitespace)) {
          corpus.push(d);
          expect(grown.add(d)).toBe(corpus.length - 1);
          const full = fitJudgeSimilarity(corpus);
          for (let a = 0; a < corpus.length; a++) for (let b = 0; b < corpus.length; b++) expect(grown.similarity(a, b)).toBe(full(a, b));
        }
      }),
      { numRuns: 150 },
    );
  });

  it("gives matchQuestion's match for a study's next question", () => {
    const releaseKeys = ['May the values be negative?', 'Is the input sorted?', 'What is the output format?'];
    const asked = ['Can values be zero?', 'Is the input sorted ascending?'];
    const grown = new GrowingJudgeSimilarity([...releaseKeys, ...asked].map(normalizeWhitespace));
    const q = 'Are negative values allowed?';
    const doc = grown.add(normalizeWhitespace(q));
    const expected = matchQuestion(q, releaseKeys, 0, 2, asked);
    expect(grown.similarity(doc, expected.best)).toBe(expected.similarity);
    expect(grown.similarity(doc, expected.best)).toBeGreaterThan(grown.similarity(doc, 1 - expected.best));
  });
});
