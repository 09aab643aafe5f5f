import { describe, expect, it } from 'vitest';
import { checkOverrideQuestions, checkOverrideText, deriveProvenance, overriddenFields, resolveFindings } from '../../shared/adjudication';
import { checkDeletionOnly, type Point } from '../../shared/edits';
import { goldPointSchema, type GoldPoint } from '../../shared/schemas/adjudication';

const BASE = 'Given an array of N integers, print the largest sum of a contiguous subarray. The array may be empty.';

const A: Point = { deletions: [[8, 28]], repairs: [], question: 'How many integers?', answer: 'N integers.', type: 'Collection Semantics' };
const B: Point = { deletions: [[17, 28]], repairs: [], question: 'How long is the array?', answer: 'It has N integers.', type: 'Terminology' };

function gold(point: Point, from: { a: number | null; b: number | null }, over: Partial<GoldPoint> = {}): GoldPoint {
  const derived = deriveProvenance(point, from, [A], [B]);
  return goldPointSchema.parse({
    ...point,
    ...derived,
    checklist: { plausible: true, ambiguous: true, sufficient: true },
    ...over,
  });
}

describe('deriveProvenance', () => {
  it('names the side of every field and the point’s provenance', () => {
    expect(deriveProvenance(A, { a: 0, b: 0 }, [A], [B])).toEqual({
      provenance: 'A',
      sources: { from: { a: 0, b: 0 }, span: 'A', question: 'A', answer: 'A', type: 'A' },
    });
    expect(deriveProvenance({ ...B }, { a: 0, b: 0 }, [A], [B]).provenance).toBe('B');
    const spanAQuestionB = { ...A, question: B.question };
    expect(deriveProvenance(spanAQuestionB, { a: 0, b: 0 }, [A], [B])).toEqual({
      provenance: 'merged',
      sources: { from: { a: 0, b: 0 }, span: 'A', question: 'B', answer: 'A', type: 'A' },
    });
  });

  it('marks fields both annotators share as "both" and whitespace differences as equal', () => {
    const b2 = { ...B, type: A.type };
    const derived = deriveProvenance({ ...A, question: ' How many   integers? ' }, { a: 0, b: 0 }, [A], [b2]);
    expect(derived.sources).toMatchObject({ question: 'A', type: 'both' });
    expect(derived.provenance).toBe('A');
  });

  it('calls a point new when it has no origin or keeps nothing of either side', () => {
    expect(deriveProvenance(A, { a: null, b: null }, [A], [B]).provenance).toBe('new');
    const nothingKept: Point = { deletions: [[78, 101]], repairs: [], question: 'Q?', answer: 'Ans.', type: 'Edge Cases' };
    expect(deriveProvenance(nothingKept, { a: 0, b: 0 }, [A], [B]).provenance).toBe('new');
    expect(deriveProvenance(A, { a: 2, b: null }, [A], [B]).sources.from).toEqual({ a: null, b: null });
  });

  it('lists the fields that override both annotators', () => {
    const edited = deriveProvenance({ ...A, answer: 'Exactly N.' }, { a: 0, b: 0 }, [A], [B]);
    expect(edited.provenance).toBe('merged');
    expect(overriddenFields(edited)).toEqual(['answer']);
    expect(overriddenFields(deriveProvenance(A, { a: 0, b: 0 }, [A], [B]))).toEqual([]);
  });
});

describe('resolveFindings', () => {
  it('accepts complete gold points', () => {
    expect(resolveFindings(BASE, [gold(A, { a: 0, b: 0 })])).toEqual([]);
  });

  it('names every unchecked checklist item', () => {
    const p = gold(A, { a: 0, b: 0 }, { checklist: { plausible: true, ambiguous: false, sufficient: false } });
    const other = gold({ ...B, deletions: [[78, 101]] }, { a: null, b: 0 }, { note: 'Span moved to the last sentence.' });
    const findings = resolveFindings(BASE, [other, p]);
    expect(findings.map((f) => `${f.path}: ${f.message}`)).toEqual([
      'points[1].checklist: genuinely ambiguous not checked',
      'points[1].checklist: answer sufficient not checked',
    ]);
  });

  it('requires a note when a point overrides both annotators', () => {
    const edited = gold({ ...A, answer: 'Exactly N.' }, { a: 0, b: 0 });
    expect(resolveFindings(BASE, [edited])).toEqual([
      { path: 'points[0].note', message: 'a note is required when overriding both annotators (answer edited)' },
    ]);
    expect(resolveFindings(BASE, [{ ...edited, note: 'Both answers were vague.' }])).toEqual([]);
    const fresh = gold({ deletions: [[78, 101]], repairs: [], question: 'Empty?', answer: 'It may be empty.', type: 'Edge Cases' }, { a: null, b: null });
    expect(resolveFindings(BASE, [fresh])[0]?.message).toContain('it is a new point');
  });

  it('applies the editor’s submit rules: at least one point, complete, non-overlapping', () => {
    expect(resolveFindings(BASE, []).map((f) => f.path)).toEqual(['points']);
    const noQuestion = gold({ ...A, question: '' }, { a: 0, b: 0 }, { note: 'n' });
    expect(resolveFindings(BASE, [noQuestion]).map((f) => f.path)).toContain('points[0].question');
    const overlapping = [gold(A, { a: 0, b: null }), gold(B, { a: null, b: 0 })];
    expect(resolveFindings(BASE, overlapping).some((f) => f.message.includes('overlaps'))).toBe(true);
  });
});

describe('checkOverrideText', () => {
  it('accepts pure deletions with no repairs', () => {
    expect(checkOverrideText(BASE, 'Given an array, print the largest sum.')).toEqual({ repairs: [], findings: [] });
  });

  it('reports tiny repairs (punctuation, case) so they can be stored flagged', () => {
    const text = 'Print the largest sum of a contiguous subarray; the array may be empty.';
    const { repairs, findings } = checkOverrideText(BASE, text);
    expect(findings).toEqual([]);
    expect(repairs.length).toBeGreaterThan(0);
    expect(checkDeletionOnly(BASE, text, repairs).ok).toBe(true);
  });

  it('rejects inserted words with the offending span', () => {
    const { findings } = checkOverrideText(BASE, 'Given an array of N positive integers, print the largest sum.');
    expect(findings).toHaveLength(1);
    expect(findings[0]!.path).toBe('text');
    expect(findings[0]!.message).toContain('"positive ');
    expect(findings[0]!.span).toEqual([20, 20]);
  });
});

describe('checkOverrideQuestions', () => {
  it('wants one non-empty question per point of the task', () => {
    expect(checkOverrideQuestions(['A?', 'B?'], 2)).toEqual([]);
    expect(checkOverrideQuestions(['A?'], 2)[0]!.message).toContain('one question per point');
    expect(checkOverrideQuestions(['A?', '  '], 2)).toEqual([{ path: 'questions[1]', message: 'the question must not be empty' }]);
  });
});
