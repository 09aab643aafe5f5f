import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { buildCrossCheck, markBaseText, wordSimilarity, DISAGREEMENT_WEIGHTS } from '../../shared/crossCheck';
import type { Point, Range } from '../../shared/edits';

const BASE = 'Given an array of N integers, print the largest sum of a contiguous subarray. The array may be empty.';
//            0         1         2         3         4         5         6         7         8         9
//            0123456789012345678901234567890123456789012345678901234567890123456789012345678901234567890123456789

const point = (deletions: Range[], over: Partial<Point> = {}): Point => ({
  deletions,
  repairs: [],
  question: 'What should be printed?',
  answer: 'The largest sum.',
  type: 'Behavior',
  ...over,
});

describe('markBaseText', () => {
  it('cuts the base text into kept, both, only-A and only-B runs covering every character once', () => {
    const marks = markBaseText(20, [[2, 8]], [[5, 12]]);
    expect(marks).toEqual([
      { start: 0, end: 2, kind: 'kept' },
      { start: 2, end: 5, kind: 'onlyA' },
      { start: 5, end: 8, kind: 'both' },
      { start: 8, end: 12, kind: 'onlyB' },
      { start: 12, end: 20, kind: 'kept' },
    ]);
  });

  it('joins adjacent ranges of one side into one run', () => {
    expect(markBaseText(10, [[0, 3], [3, 6]], [])).toEqual([
      { start: 0, end: 6, kind: 'onlyA' },
      { start: 6, end: 10, kind: 'kept' },
    ]);
  });
});

describe('wordSimilarity', () => {
  it('is the Dice coefficient of the words', () => {
    expect(wordSimilarity([{ value: 'a b', kind: 'same' }])).toBe(1);
    expect(wordSimilarity([{ value: 'a ', kind: 'same' }, { value: 'b', kind: 'onlyA' }, { value: 'c', kind: 'onlyB' }])).toBeCloseTo(0.5);
    expect(wordSimilarity([])).toBe(1);
  });
});

describe('buildCrossCheck', () => {
  it('reports exact agreement (whitespace-normalised) with disagreement 0', () => {
    const a = [point([[30, 77]])];
    const b = [point([[30, 77]], { question: '  What should   be printed? ' })];
    const cc = buildCrossCheck(BASE, a, b);
    expect(cc.exactAgreement).toBe(true);
    expect(cc.disagreement).toBe(0);
    expect(cc.textA).toBe(cc.textB);
    expect(cc.marks.filter((m) => m.kind !== 'kept')).toEqual([{ start: 30, end: 77, kind: 'both' }]);
    expect(cc.alignment.pairs[0]).toMatchObject({ a: 0, b: 0, iou: 1, typeMatch: true, questionMatch: true, answerMatch: true });
  });

  it('is not exact when types, repairs or point counts differ', () => {
    const a = [point([[30, 77]])];
    expect(buildCrossCheck(BASE, a, [point([[30, 77]], { type: 'Output Format' })]).exactAgreement).toBe(false);
    expect(buildCrossCheck(BASE, a, [point([[30, 77]], { repairs: [{ start: 29, end: 30, text: '' }] })]).exactAgreement).toBe(false);
    expect(buildCrossCheck(BASE, a, [...a, point([[78, 101]])]).exactAgreement).toBe(false);
    expect(buildCrossCheck(BASE, [], []).exactAgreement).toBe(false);
  });

  it('diffs the two underspecified texts and the wording of aligned points word by word', () => {
    const a = [point([[8, 28]], { question: 'What is the array size?' })];
    const b = [point([[17, 28]], { question: 'What is the element type?', type: 'Collection Semantics' })];
    const cc = buildCrossCheck(BASE, a, b);
    expect(cc.textA).toBe('Given an, print the largest sum of a contiguous subarray. The array may be empty.');
    expect(cc.textDiff.filter((p) => p.kind === 'onlyB').map((p) => p.value.trim())).toContain('array of');
    const pair = cc.alignment.pairs[0]!;
    expect(pair.typeMatch).toBe(false);
    expect(pair.questionMatch).toBe(false);
    expect(pair.question.filter((p) => p.kind === 'onlyA').map((p) => p.value)).toEqual(['array size']);
    expect(pair.question.filter((p) => p.kind === 'onlyB').map((p) => p.value)).toEqual(['element type']);
  });

  it('scores disagreement from IoU, type, wording and unmatched points, in [0, 1]', () => {
    const a = [point([[30, 77]]), point([[78, 101]], { question: 'Can it be empty?', answer: 'Yes.', type: 'Edge Cases' })];
    const same = buildCrossCheck(BASE, a, a.map((p) => ({ ...p })));
    const typeOff = buildCrossCheck(BASE, a, [a[0]!, { ...a[1]!, type: 'Collection Semantics' }]);
    const missing = buildCrossCheck(BASE, a, [a[0]!]);
    expect(same.disagreement).toBe(0);
    expect(typeOff.disagreement).toBeCloseTo(DISAGREEMENT_WEIGHTS.type / 2);
    // one slot agrees fully, one is unmatched: mean agreement 1/2
    expect(missing.disagreement).toBeCloseTo(0.5);
    expect(missing.alignment.unmatchedA).toEqual([1]);
    const disjoint = buildCrossCheck(BASE, [point([[0, 5]])], [point([[78, 101]])]);
    expect(disjoint.disagreement).toBe(1);
    expect(disjoint.alignment.unmatchedA).toEqual([0]);
    expect(disjoint.alignment.unmatchedB).toEqual([0]);
  });

  it('orders problems sensibly: a span shift disagrees less than a wholly different point', () => {
    const a = [point([[30, 77]])];
    const shifted = buildCrossCheck(BASE, a, [point([[35, 77]])]);
    const other = buildCrossCheck(BASE, a, [point([[78, 101]])]);
    expect(shifted.disagreement).toBeGreaterThan(0);
    expect(shifted.disagreement).toBeLessThan(other.disagreement);
  });

  it('has a text diff that spells out A’s text (same + only A) and B’s text (same + only B)', () => {
    const text = 'Read N numbers.\nPrint  the sum, then the product.\nNumbers are 1-indexed; the list may be empty.\n';
    const range = fc.tuple(fc.nat(text.length - 1), fc.integer({ min: 1, max: 12 })).map(([s, l]): Range => [s, Math.min(text.length, s + l)]);
    const side = fc.uniqueArray(range, { maxLength: 3, selector: (r) => r[0] }).map((ranges) => {
      // keep a side's ranges disjoint, as the editor does
      const kept: Range[] = [];
      for (const r of ranges) if (!kept.some(([s, e]) => r[0] < e && s < r[1])) kept.push(r);
      return kept.map((r) => point([r]));
    });
    fc.assert(
      fc.property(side, side, (a, b) => {
        const cc = buildCrossCheck(text, a, b);
        expect(cc.textDiff.filter((p) => p.kind !== 'onlyB').map((p) => p.value).join('')).toBe(cc.textA);
        expect(cc.textDiff.filter((p) => p.kind !== 'onlyA').map((p) => p.value).join('')).toBe(cc.textB);
      }),
    );
  });

  it('keeps repairs in the text diff', () => {
    const a = [point([[30, 77]], { repairs: [{ start: 28, end: 29, text: '.' }] })];
    const cc = buildCrossCheck(BASE, a, []);
    expect(cc.textA.startsWith('Given an array of N integers. ')).toBe(true);
    expect(cc.textDiff.filter((p) => p.kind !== 'onlyB').map((p) => p.value).join('')).toBe(cc.textA);
    expect(cc.textDiff.filter((p) => p.kind !== 'onlyA').map((p) => p.value).join('')).toBe(BASE);
  });
});
