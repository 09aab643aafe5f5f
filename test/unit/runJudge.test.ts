import { describe, expect, it } from 'vitest';
import { askedQuestions, binaryKappa, extractQuestion, judgeCheck, JUDGE_SWEEP } from '../../shared/runs/judge';
import { normalizeWhitespace, pySplit, pyStrip } from '../../shared/runs/pyText';
import { charWbNgrams, cosine, fitTfidf, wordNgrams } from '../../shared/runs/tfidf';

describe('Python whitespace', () => {
  it('splits and strips as str.split / str.strip do (U+0085 and U+001F are whitespace, U+FEFF is not)', () => {
    expect(normalizeWhitespace('  a\u0085b \u001f c\ufeffd\n')).toBe('a b c\ufeffd');
    expect(pySplit(' \t ')).toEqual([]);
    expect(pyStrip('\u3000x\u00a0')).toBe('x');
    expect(pyStrip('\u2028 \t\u001c\u200a')).toBe('');
    expect(pyStrip('\ufeff a \n b \u0085\u205f')).toBe('\ufeff a \n b');
  });
});

describe('question turns', () => {
  it('take the text after [QUESTION] up to [/QUESTION] or the end, stripped', () => {
    expect(extractQuestion('[QUESTION]\n Why? \n[/QUESTION]')).toBe('Why?');
    expect(extractQuestion('pre [QUESTION] open ended\n')).toBe('open ended');
    expect(extractQuestion('[CODE]\nx\n[/CODE]')).toBeNull();
  });

  it('are the non-empty questions of assistant messages only', () => {
    const messages = [
      { role: 'user', content: '[QUESTION] not mine [/QUESTION]' },
      { role: 'assistant', content: '[QUESTION][/QUESTION]' },
      { role: 'assistant', content: '[QUESTION] first [/QUESTION]' },
      { role: 'assistant', content: '[CODE]x[/CODE]' },
    ];
    expect(askedQuestions(messages)).toEqual(['first']);
  });
});

describe('analyzers (scikit-learn defaults)', () => {
  it('word: lowercase runs of ≥ 2 word characters, then 1- and 2-grams', () => {
    expect(wordNgrams(1, 2)('A b Cd, EF_g 12')).toEqual(['cd', 'ef_g', '12', 'cd ef_g', 'ef_g 12']);
    expect(wordNgrams(1, 2)('x')).toEqual([]);
  });

  it('char_wb: n-grams inside each space-padded word; a padded word no longer than n is one n-gram and ends the word', () => {
    const grams = charWbNgrams(3, 5);
    expect(grams('a')).toEqual([' a ']);
    expect(grams('Ab')).toEqual([' ab', 'ab ', ' ab ']);
    expect(grams('abc')).toEqual([' ab', 'abc', 'bc ', ' abc', 'abc ', ' abc ']);
    expect(grams('abcd').filter((g) => g.length === 5)).toEqual([' abcd', 'abcd ']);
    expect(grams('a  b')).toEqual([' a ', ' b ']);
  });
});

describe('TF-IDF', () => {
  it('drops terms in more than max_df·N documents and weights the rest by ln((1+N)/(1+df)) + 1, L2-normalised', () => {
    const model = fitTfidf(['aa bb', 'aa cc', 'aa bb bb'], wordNgrams(1, 1), 0.95);
    expect(model.idf.has('aa')).toBe(false); // df 3 > 0.95·3
    expect(model.idf.get('bb')).toBeCloseTo(Math.log(4 / 3) + 1, 15);
    expect(model.idf.get('cc')).toBeCloseTo(Math.log(4 / 2) + 1, 15);
    const row = model.weights(model.transform('bb cc bb'));
    const wb = 2 * (Math.log(4 / 3) + 1);
    const wc = Math.log(2) + 1;
    const norm = Math.hypot(wb, wc);
    expect(row.get('bb')).toBeCloseTo(wb / norm, 15);
    expect(row.get('cc')).toBeCloseTo(wc / norm, 15);
    expect(model.transform('zz').ids.length).toBe(0);
  });

  it('keeps a term whose df equals max_df·N exactly', () => {
    const model = fitTfidf(['aa', 'aa', 'bb', 'cc'], wordNgrams(1, 1), 0.5);
    expect(model.idf.has('aa')).toBe(true);
  });

  it('cosine is 0 against an empty row', () => {
    const model = fitTfidf(['aa bb', 'cc'], wordNgrams(1, 1), 1);
    expect(cosine(model.transform('aa'), model.transform('zz'))).toBe(0);
    expect(cosine(model.transform('aa bb'), model.transform('bb aa'))).toBeCloseTo(1, 15);
  });
});

describe('Cohen’s kappa (binary)', () => {
  it('is (p_o − p_e)/(1 − p_e) and undefined when both raters use one class', () => {
    expect(binaryKappa({ tp: 1, tn: 1, fp: 1, fn: 1 })).toBeCloseTo(0, 15);
    // run: 4 positive of 10, ours: 6; p_o = 0.8, p_e = 0.4·0.6 + 0.6·0.4 = 0.48 → 0.32 / 0.52
    expect(binaryKappa({ tp: 4, tn: 4, fp: 2, fn: 0 })).toBeCloseTo(0.32 / 0.52, 15);
    expect(binaryKappa({ tp: 0, tn: 5, fp: 0, fn: 0 })).toBeNull();
  });
});

describe('judge check', () => {
  const keys = new Map([
    ['t1', ['Should the answer be printed modulo 998244353?']],
    ['t2', ['Are indices 0-based or 1-based?', 'May the list be empty?']],
  ]);
  const records = [
    { taskId: 't1', questions: ['Should the answer be printed modulo 998244353?', 'What about the weather today?'], hitDict: { '0': 1, '1': 0 } },
    { taskId: 't2', questions: ['Are the indices 1-based?', 'May the   list be empty?'], hitDict: { '0': 0, '1': 1 } },
  ];

  it('labels each question turn by its best key question and compares with hit_dict', () => {
    const check = judgeCheck(records, keys)!;
    expect(check.n_turns).toBe(4);
    expect(check.gpt_positive_rate).toBe(0.5);
    // The unrelated question is below the threshold; the paraphrase of a key question is above it, but hit_dict says 0.
    expect(check.confusion_matrix).toEqual({ tp: 2, tn: 1, fp: 1, fn: 0 });
    expect(check.agreement_accuracy).toBe(0.75);
    expect(check.threshold_sensitivity.map((r) => r.threshold)).toEqual([...JUDGE_SWEEP]);
  });

  it('has no report when the run asked nothing', () => {
    expect(judgeCheck([{ taskId: 't1', questions: [], hitDict: {} }], keys)).toBeNull();
  });
});
