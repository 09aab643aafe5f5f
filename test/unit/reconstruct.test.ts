import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { applyEdits, type Range } from '../../shared/edits';
import { reconstructEdits } from '../../shared/release/reconstruct';

const BASE = [
  'Find the minimum number of operations on a non-empty (contiguous) subarray of A.',
  'Output',
  'If it is possible, print the answer; otherwise, print -1.',
  'Print the resulting string after the operations.',
].join('\n');

function at(word: string, from = 0): Range {
  const start = BASE.indexOf(word, from);
  if (start < 0) throw new Error(`no "${word}"`);
  return [start, start + word.length];
}

const deletedTexts = (text: string) => reconstructEdits(BASE, text).deletions.map(([s, e]) => BASE.slice(s, e));

describe('reconstructEdits', () => {
  it('finds no edits when the text is the base text', () => {
    expect(reconstructEdits(BASE, BASE)).toEqual({ deletions: [], repairs: [], pure: true, explainable: true });
  });

  it('finds a pure deletion as one contiguous range', () => {
    const text = BASE.replace(' (contiguous)', '');
    const result = reconstructEdits(BASE, text);
    expect(result).toMatchObject({ pure: true, explainable: true, repairs: [] });
    expect(result.deletions).toHaveLength(1);
    expect(applyEdits(BASE, [result])).toBe(text);
  });

  it('keeps a deleted phrase whole where a minimal edit script would split it around equal letters', () => {
    // diffChars alone gives "[mi]n[im]um[ num]ber": three pieces for one deleted word.
    expect(deletedTexts(BASE.replace('minimum ', ''))).toEqual(['minimum ']);
    // "[(contiguou]s[) s]ubarray" → "(contiguous) " in one piece.
    expect(deletedTexts(BASE.replace('(contiguous) ', ''))).toEqual(['(contiguous) ']);
  });

  it('shifts a deletion to word boundaries when both places give the same text', () => {
    const base = 'Find the number of triples of integers.';
    const result = reconstructEdits(base, 'Find triples of integers.');
    expect(result.pure).toBe(true);
    expect(result.deletions.map(([s, e]) => base.slice(s, e))).toEqual(['the number of ']);
  });

  it('finds several separate deletions', () => {
    const text = BASE.replace('non-empty ', '').replace('; otherwise, print -1', '');
    const result = reconstructEdits(BASE, text);
    expect(result.pure).toBe(true);
    expect(result.deletions).toEqual([at('non-empty '), at('; otherwise, print -1')]);
  });

  it('reports a comma turned into a period as a small repair, with its base position', () => {
    const text = BASE.replace('If it is possible, print the answer; otherwise, print -1.', 'If it is possible. Print the answer.').replace('possible. Print', 'possible. print');
    const result = reconstructEdits(BASE, text);
    expect(result.pure).toBe(false);
    expect(result.explainable).toBe(true);
    expect(applyEdits(BASE, [result])).toBe(text);
    const comma = BASE.indexOf(', print the answer');
    expect(result.repairs).toContainEqual({ start: comma, end: comma + 1, text: '.' });
  });

  it('reports an inserted line break and a letter-case change as small repairs', () => {
    const text = `${BASE.replace('If it is possible, print', 'Print')}\n`;
    const result = reconstructEdits(BASE, text);
    expect(result).toMatchObject({ pure: false, explainable: true });
    const p = BASE.indexOf('print the answer');
    expect(result.repairs).toEqual([
      { start: p, end: p + 1, text: 'P' },
      { start: BASE.length, end: BASE.length, text: '\n' },
    ]);
    expect(result.deletions).toEqual([at('If it is possible, ')]);
  });

  it('reports a word substitution as a repair that is not small', () => {
    const text = BASE.replace('print the answer', 'print the result');
    const result = reconstructEdits(BASE, text);
    expect(result).toMatchObject({ pure: false, explainable: false, deletions: [] });
    const p = BASE.indexOf('answer');
    expect(result.repairs).toEqual([{ start: p, end: p + 'answer'.length, text: 'result' }]);
  });

  it('reports a deletion that cuts a word as a change of that word', () => {
    const text = BASE.replace('resulting string after the operations', 'result');
    const result = reconstructEdits(BASE, text);
    expect(result).toMatchObject({ pure: false, explainable: false });
    const w = BASE.indexOf('resulting');
    expect(result.repairs).toEqual([{ start: w, end: w + 'resulting'.length, text: 'result' }]);
    expect(result.deletions.map(([s, e]) => BASE.slice(s, e))).toEqual([' string after the operations']);
    expect(applyEdits(BASE, [result])).toBe(text);
  });

  it('reproduces any text exactly, pure or not (property)', () => {
    const base = 'Print the answer, or -1 if there is none.\nThe answer is an integer between 1 and N.';
    const piece = fc.record({ start: fc.nat(base.length), length: fc.nat(12), insert: fc.constantFrom('', '', '', '.', '\n', 'X', 'the ') });
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 4 }), (edits) => {
        let text = base;
        for (const e of [...edits].sort((a, b) => b.start - a.start)) {
          text = text.slice(0, e.start) + e.insert + text.slice(Math.min(base.length, e.start + e.length));
        }
        const result = reconstructEdits(base, text);
        expect(applyEdits(base, [result])).toBe(text);
        if (text === base) expect(result.deletions).toEqual([]);
      }),
      { numRuns: 300 },
    );
  });

  it('finds pure deletions for any deletion-only text (property)', () => {
    const base = 'Find the minimum number of (contiguous) subarrays, modulo 998244353, of A.';
    fc.assert(
      fc.property(fc.array(fc.tuple(fc.nat(base.length), fc.nat(10)), { maxLength: 3 }), (cuts) => {
        const keep = Array.from(base, () => true);
        for (const [s, n] of cuts) for (let i = s; i < Math.min(base.length, s + n); i++) keep[i] = false;
        const text = Array.from(base).filter((_, i) => keep[i]).join('');
        const result = reconstructEdits(base, text);
        expect(applyEdits(base, [result])).toBe(text);
        // Any deletion-only text is explained without insertions: only word changes may appear as repairs.
        for (const r of result.repairs) expect(r.text.length).toBeLessThan(r.end - r.start);
      }),
      { numRuns: 300 },
    );
  });
});
