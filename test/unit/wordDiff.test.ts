import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { buildCrossCheck, wordDiff, type DiffPart } from '../../shared/crossCheck';

const sideA = (parts: DiffPart[]) => parts.filter((p) => p.kind !== 'onlyB').map((p) => p.value);
const sideB = (parts: DiffPart[]) => parts.filter((p) => p.kind !== 'onlyA').map((p) => p.value);
const WORD = /[\p{L}\p{N}_]/u;
/** A part boundary inside one side's text that falls between two word characters cuts a word. */
const cutsAWord = (pieces: string[]) => pieces.some((p, i) => i > 0 && WORD.test(pieces[i - 1]!.slice(-1)) && WORD.test(p.charAt(0)));

describe('word diff', () => {
  it('rebuilds each side exactly: no stray space before punctuation ("town K ." for "town K.")', () => {
    const parts = wordDiff('Go to town K.', 'Go to town.');
    expect(sideA(parts).join('')).toBe('Go to town K.');
    expect(sideB(parts).join('')).toBe('Go to town.');
    expect(parts).toEqual([
      { value: 'Go to town', kind: 'same' },
      { value: ' K', kind: 'onlyA' },
      { value: '.', kind: 'same' },
    ]);
  });

  it('keeps spaces between changed words on both sides', () => {
    const parts = wordDiff('city city a-b .', '( , town . town )');
    expect(sideA(parts).join('')).toBe('city city a-b .');
    expect(sideB(parts).join('')).toBe('( , town . town )');
  });

  it('never cuts a word and always rebuilds both texts (property)', () => {
    const word = fc.constantFrom('town', 'K', 'A_1', 'x2', '.', ',', '(', ')', '?', 'the', 'ÄÖ', "it's", '\\leq');
    const text = fc.array(fc.tuple(word, fc.constantFrom(' ', '', '  ', '\n')), { maxLength: 8 }).map((ws) => ws.map(([w, s]) => w + s).join(''));
    fc.assert(
      fc.property(text, text, (a, b) => {
        const parts = wordDiff(a, b);
        expect(sideA(parts).join('')).toBe(a);
        expect(sideB(parts).join('')).toBe(b);
        expect(cutsAWord(sideA(parts))).toBe(false);
        expect(cutsAWord(sideB(parts))).toBe(false);
        expect(parts.every((p) => p.value !== '')).toBe(true);
      }),
    );
  });

  it('gives aligned points’ questions and answers the same treatment', () => {
    const base = 'Walk to town K. Then stop.';
    const point = (question: string) => ({ deletions: [[0, 4]] as [number, number][], repairs: [], question, answer: 'x', type: 'Behavior' as const });
    const pair = buildCrossCheck(base, [point('Which town K.')], [point('Which town?')]).alignment.pairs[0]!;
    expect(sideA(pair.question).join('')).toBe('Which town K.');
    expect(sideB(pair.question).join('')).toBe('Which town?');
  });
});
