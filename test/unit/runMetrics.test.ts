import { describe, expect, it } from 'vitest';
import { hitSequence, keyQuestionNum, meanScores, ora, scoreTask, tkqr, turnsTotal } from '../../shared/runs/metrics';

describe('turns_total and K fallbacks', () => {
  it('takes turns, else the responses, else the assistant messages, else len(hit_dict)', () => {
    expect(turnsTotal({ turns: 4, response_contents: ['a'], hit_dict: {} })).toBe(4);
    expect(turnsTotal({ response_contents: ['q', 'q', 'c'], messages: [{ role: 'assistant' }] })).toBe(3);
    expect(turnsTotal({ messages: [{ role: 'system' }, { role: 'assistant' }, { role: 'user' }, { role: 'assistant' }] })).toBe(2);
    expect(turnsTotal({ hit_dict: { '0': 1, '1': 0 } })).toBe(2);
    expect(turnsTotal({ turns: null, response_contents: null, hit_dict: { '0': 1 } })).toBe(1);
  });

  it('takes key_question_num, else the number of the record’s qa pairs', () => {
    expect(keyQuestionNum({ key_question_num: 2, qa_pairs: [{}] })).toBe(2);
    expect(keyQuestionNum({ qa_pairs: [{}, {}, {}] })).toBe(3);
    expect(keyQuestionNum({})).toBe(0);
  });
});

describe('hit sequence', () => {
  it('reads keys 0 … len(hit_dict) − 1 in order, skips missing ones, pads with zeros', () => {
    expect(hitSequence({ '1': 1, '0': 0 }, 3)).toEqual([0, 1, 0]);
    // len = 2: key "2" is never read, key "1" is missing and skipped.
    expect(hitSequence({ '0': 1, '2': 1 }, 4)).toEqual([1, 0, 0, 0]);
    expect(hitSequence({}, 1)).toEqual([0]);
    expect(hitSequence({ '0': 1, '1': 1 }, 1)).toEqual([1, 1]);
  });
});

describe('TKQR', () => {
  it('is DCG / IDCG with IDCG over min(n, K) turns', () => {
    // DCG = 1/log2(3); IDCG = 1 + 1/log2(3).
    expect(tkqr([0, 1, 0], 2)).toBeCloseTo(0.6309297535714575 / 1.6309297535714575, 15);
    expect(tkqr([1, 1, 0], 2)).toBeCloseTo(1, 15);
    // One hit at turn 1 with K = 3 over 2 turns: IDCG has 2 terms only.
    expect(tkqr([1, 0], 3)).toBeCloseTo(1 / 1.6309297535714575, 15);
  });

  it('is 0 for an empty sequence or K ≤ 0, except K = 0 with a single (code) turn, which scores 1', () => {
    expect(tkqr([], 2)).toBe(0);
    expect(tkqr([1], 0)).toBe(0);
    expect(scoreTask(0, 1, {}).tkqr).toBe(1);
    expect(scoreTask(0, 2, { '0': 0 }).tkqr).toBe(0);
  });
});

describe('ORA and diff', () => {
  it('is a Gaussian on rounds − K with σ = 0.425·K (0.3 when K = 0)', () => {
    expect(ora(1, 1)).toBe(1);
    expect(ora(0, 1)).toBeCloseTo(Math.exp(-1 / (2 * 0.425 * 0.425)), 15);
    expect(ora(0, 1)).toBeCloseTo(0.06277702665912487, 15);
    expect(ora(1, 0)).toBeCloseTo(Math.exp(-1 / 0.18), 15);
    expect(ora(3, 2)).toBeCloseTo(Math.exp(-1 / (2 * 0.85 * 0.85)), 15);
  });

  it('counts rounds as turns_total − 1 and diff as rounds − K', () => {
    expect(scoreTask(2, 3, { '0': 0, '1': 1 })).toEqual({ tkqr: tkqr([0, 1, 0], 2), ora: 1, turns: 2, diff: 0 });
    expect(scoreTask(3, 1, {})).toMatchObject({ tkqr: 0, turns: 0, diff: -3 });
  });

  it('refuses negative rounds', () => {
    expect(() => ora(-1, 1)).toThrow(RangeError);
  });
});

describe('run means', () => {
  it('averages every record, and has no figures for none', () => {
    const m = meanScores([scoreTask(1, 2, { '0': 1 }), scoreTask(1, 1, {})])!;
    expect(m.tasks).toBe(2);
    expect(m.tkqr).toBe(0.5);
    expect(m.avgTurns).toBe(0.5);
    expect(m.avgDiff).toBe(-0.5);
    expect(m.ora).toBeCloseTo((1 + 0.06277702665912487) / 2, 15);
    expect(meanScores([])).toBeNull();
  });
});
