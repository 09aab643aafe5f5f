import { describe, expect, it } from 'vitest';
import {
  applyEdits,
  overlapLength,
  splitsCharacter,
  checkDeletionOnly,
  isTinyRepair,
  mergeRanges,
  rangesLength,
  validatePoints,
  MAX_POINTS,
  type Point,
  type Range,
} from '../../shared/edits';
import { pointSchema } from '../../shared/schemas/point';
import { AMBIGUITY_TYPES } from '../../shared/taxonomy';

const BASE = 'Given N positive integers, print their sum.\nPrint it in decimal, then stop.';

function at(word: string, from = 0): Range {
  const start = BASE.indexOf(word, from);
  if (start < 0) throw new Error(`no "${word}"`);
  return [start, start + word.length];
}

function point(overrides: Partial<Point> = {}): Point {
  return { deletions: [], repairs: [], question: 'Which integers?', answer: 'Positive ones.', type: 'Collection Semantics', ...overrides };
}

const paths = (points: Point[], mode: 'draft' | 'submit' = 'draft') => validatePoints(BASE, points, mode).map((f) => f.path);

describe('applyEdits', () => {
  it('returns the base text when there are no edits', () => {
    expect(applyEdits(BASE, [])).toBe(BASE);
    expect(applyEdits(BASE, [{ deletions: [], repairs: [] }])).toBe(BASE);
  });

  it('applies deletions of several points, in any order', () => {
    const text = applyEdits(BASE, [{ deletions: [at(' in decimal')], repairs: [] }, { deletions: [at(' positive')], repairs: [] }]);
    expect(text).toBe('Given N integers, print their sum.\nPrint it, then stop.');
  });

  it('applies repairs as replacements beside deletions', () => {
    const [s, e] = at(', then stop');
    const text = applyEdits(BASE, [{ deletions: [[s + 1, e + 1]], repairs: [{ start: s, end: s + 1, text: '.' }] }]);
    expect(text).toBe('Given N positive integers, print their sum.\nPrint it in decimal.');
  });

  it('keeps an insertion at the start of a deleted span before it', () => {
    const [s, e] = at(' print their sum');
    const text = applyEdits(BASE, [{ deletions: [[s, e]], repairs: [{ start: s, end: s, text: '\n' }] }]);
    expect(text.startsWith('Given N positive integers,\n.\nPrint')).toBe(true);
  });
});

describe('validatePoints: structure (every save)', () => {
  it('accepts an empty draft and valid deletions', () => {
    expect(validatePoints(BASE, [], 'draft')).toEqual([]);
    expect(paths([point({ deletions: [at(' positive')], question: '', answer: '', type: null })])).toEqual([]);
  });

  it('requires ranges inside the text with start < end', () => {
    for (const bad of [[-1, 3], [5, BASE.length + 1], [7, 7], [9, 4], [1.5, 3]] as Range[]) {
      const findings = validatePoints(BASE, [point({ deletions: [bad] })], 'draft');
      expect(findings.map((f) => f.path)).toEqual(['points[0].deletions[0]']);
      expect(findings[0]!.message).toContain(`≤ ${BASE.length}`);
    }
    expect(paths([point({ deletions: [[0, BASE.length]] })])).toEqual([]);
  });

  it('rejects overlapping deletions within a point and across points', () => {
    expect(paths([point({ deletions: [[0, 10], [5, 12]] })])).toEqual(['points[0].deletions[1]']);
    const across = validatePoints(BASE, [point({ deletions: [[0, 10]] }), point({ deletions: [[20, 30], [9, 11]] })], 'draft');
    expect(across).toEqual([expect.objectContaining({ path: 'points[1].deletions[1]', span: [9, 11] })]);
    expect(across[0]!.message).toContain('overlaps points[0].deletions[0]');
    expect(paths([point({ deletions: [[0, 10], [10, 12]] })])).toEqual([]);
  });

  it(`allows at most ${MAX_POINTS} points`, () => {
    const four = [0, 1, 2, 3].map((i) => point({ deletions: [[i * 5, i * 5 + 2]] }));
    expect(paths(four)).toEqual(['points']);
    expect(paths(four.slice(0, 3))).toEqual([]);
  });
});

describe('validatePoints: repairs', () => {
  const [ds, de] = at(', then stop');
  const base = () => point({ deletions: [[ds + 1, de]] });

  it('accepts a tiny repair next to a deletion of the same point', () => {
    expect(paths([{ ...base(), repairs: [{ start: ds, end: ds + 1, text: '.' }] }])).toEqual([]);
  });

  it('rejects a repair that is not tiny, naming it as not deletion-only', () => {
    const findings = validatePoints(BASE, [{ ...base(), repairs: [{ start: ds, end: ds, text: 'now' }] }], 'draft');
    expect(findings.map((f) => f.path)).toEqual(['points[0].repairs[0]']);
    expect(findings[0]!.message).toContain('not deletion-only');
  });

  it('rejects a repair out of range', () => {
    expect(paths([{ ...base(), repairs: [{ start: BASE.length, end: BASE.length + 2, text: '.' }] }])).toEqual(['points[0].repairs[0]']);
  });

  it('rejects a repair far from every deletion of its point', () => {
    const findings = validatePoints(BASE, [{ ...base(), repairs: [{ start: 5, end: 6, text: ',' }] }], 'draft');
    expect(findings.map((f) => f.message)).toEqual([expect.stringContaining('next to a deletion of the same point')]);
  });

  it('rejects a repair next to another point’s deletion only', () => {
    const other = point({ deletions: [at(' positive')] });
    const [ps] = at(' positive');
    expect(paths([base(), { ...other, deletions: [], repairs: [] }, point({ deletions: [[0, 2]], repairs: [{ start: ps, end: ps, text: ',' }] })])).toEqual(['points[2].repairs[0]']);
  });

  it('rejects a repair touching deleted text', () => {
    const findings = validatePoints(BASE, [{ ...base(), repairs: [{ start: ds + 2, end: ds + 3, text: 'T' }] }], 'draft');
    expect(findings.map((f) => f.message)).toContainEqual(expect.stringContaining('changes text that points[0].deletions[0] deletes'));
  });

  it('rejects overlapping repairs', () => {
    const repairs = [{ start: ds, end: ds + 1, text: '.' }, { start: ds, end: ds + 1, text: ';' }];
    expect(paths([{ ...base(), repairs }])).toEqual(['points[0].repairs[1]']);
  });
});

describe('validatePoints: completeness (submit)', () => {
  it('requires at least one point to submit, not to save', () => {
    expect(paths([], 'submit')).toEqual(['points']);
    expect(paths([], 'draft')).toEqual([]);
  });

  it('requires a deletion that removes more than whitespace', () => {
    expect(paths([point()], 'submit')).toEqual(['points[0].deletions']);
    const [s] = at(' positive');
    expect(validatePoints(BASE, [point({ deletions: [[s, s + 1]] })], 'submit')[0]!.message).toContain('only whitespace');
  });

  it('requires a non-empty question and answer and a type', () => {
    const p = point({ deletions: [at(' positive')], question: '  ', answer: '', type: null });
    expect(paths([p], 'submit')).toEqual(['points[0].question', 'points[0].answer', 'points[0].type']);
    expect(paths([p], 'draft')).toEqual([]);
    expect(paths([point({ deletions: [at(' positive')] })], 'submit')).toEqual([]);
  });

  it('takes types from the taxonomy only (the schema at the edge)', () => {
    for (const type of AMBIGUITY_TYPES) expect(pointSchema.safeParse({ deletions: [], type }).success).toBe(true);
    const bad = pointSchema.safeParse({ deletions: [], type: 'Vibes' });
    expect(bad.success).toBe(false);
    expect(AMBIGUITY_TYPES).toHaveLength(11);
  });
});

describe('checkDeletionOnly', () => {
  it('accepts a pure deletion', () => {
    expect(checkDeletionOnly(BASE, BASE.replace(' positive', '').replace(' in decimal', ''))).toEqual({ ok: true, offending: [] });
  });

  it('accepts a repaired text only when the repair is recorded', () => {
    const [s] = at(', then stop');
    const text = 'Given N positive integers, print their sum.\nPrint it in decimal; stop.';
    expect(checkDeletionOnly(BASE, text)).toEqual({ ok: false, offending: [{ at: text.indexOf(';'), text: ';' }] });
    expect(checkDeletionOnly(BASE, text, [{ start: s, end: s + 1, text: ';' }]).ok).toBe(true);
  });

  it('reports an unexplained insertion with its offset', () => {
    const text = BASE.replace('their sum', 'their big sum');
    const result = checkDeletionOnly(BASE, text);
    expect(result.ok).toBe(false);
    expect(result.offending).toEqual([{ at: BASE.indexOf('sum'), text: 'big ' }]);
  });
});

describe('isTinyRepair', () => {
  it('allows punctuation, a line break and letter case', () => {
    expect(isTinyRepair(',', '.')).toBe(true);
    expect(isTinyRepair('', '\n')).toBe(true);
    expect(isTinyRepair(' ', '')).toBe(true);
    expect(isTinyRepair('t', 'T')).toBe(true);
  });

  it('refuses words, letters for punctuation, no-ops and long edits', () => {
    expect(isTinyRepair('', 'big')).toBe(false);
    expect(isTinyRepair('a', '.')).toBe(false);
    expect(isTinyRepair(',', ',')).toBe(false);
    expect(isTinyRepair('', '....')).toBe(false);
    expect(isTinyRepair('abcd', 'ABCD')).toBe(false);
  });
});

describe('mergeRanges and rangesLength', () => {
  it('sorts and joins overlapping or adjacent ranges', () => {
    expect(mergeRanges([[8, 10], [0, 3], [2, 5], [5, 6]])).toEqual([[0, 6], [8, 10]]);
    expect(rangesLength([[0, 3], [2, 5], [8, 10]])).toBe(7);
    expect(rangesLength([])).toBe(0);
  });
});

describe('ranges and surrogate pairs', () => {
  it('rejects a deletion or repair that cuts a character in two', () => {
    const base = 'Print 😀 then stop.';
    const emoji = base.indexOf('😀');
    expect(splitsCharacter(base, emoji + 1)).toBe(true);
    expect(splitsCharacter(base, emoji)).toBe(false);
    const cut = validatePoints(base, [{ deletions: [[emoji + 1, emoji + 3]], repairs: [], question: 'q', answer: 'a', type: 'Units' }], 'draft');
    expect(cut.map((f) => f.path)).toEqual(['points[0].deletions[0]']);
    expect(cut[0]!.message).toContain('cuts a character in two');
    const whole = validatePoints(base, [{ deletions: [[emoji, emoji + 3]], repairs: [], question: 'q', answer: 'a', type: 'Units' }], 'draft');
    expect(whole).toEqual([]);
  });
});

describe('overlapLength', () => {
  it('counts the characters two sorted range lists share', () => {
    expect(overlapLength([[0, 5], [10, 20]], [[3, 12], [15, 16], [30, 40]])).toBe(2 + 2 + 1);
    expect(overlapLength([[0, 5]], [[5, 9]])).toBe(0);
    expect(overlapLength([], [[0, 3]])).toBe(0);
  });
});
