import { describe, expect, it } from 'vitest';
import { findingText, pathLabel } from '../../client/src/findingText';
import { resolveFindings } from '../../shared/adjudication';
import type { GoldPoint } from '../../shared/schemas/adjudication';

describe('findings in words', () => {
  it('names points, fields and items from 1', () => {
    expect(pathLabel('points[1].deletions[0]')).toBe('Point 2, deletion 1');
    expect(pathLabel('points[0].question')).toBe('Point 1, question');
    expect(pathLabel('points[2].repairs[1]')).toBe('Point 3, repair 2');
    expect(pathLabel('questions[0]')).toBe('Question 1');
    expect(pathLabel('points')).toBe('Points');
    expect(pathLabel('text')).toBe('Text');
  });

  it('turns the checklist and note findings into what to do', () => {
    expect(findingText({ path: 'points[1].checklist', message: 'answer sufficient not checked' })).toBe('Point 2: tick “answer sufficient”');
    expect(findingText({ path: 'points[0].note', message: 'a note is required when overriding both annotators (it is a new point)' })).toBe(
      'Point 1: write a note — required when overriding both annotators (it is a new point)',
    );
  });

  it('rewrites paths quoted inside a message', () => {
    expect(findingText({ path: 'points[1].deletions[0]', message: 'overlaps points[0].deletions[1]; a character can be deleted by one point only' })).toBe(
      'Point 2, deletion 1: overlaps point 1, deletion 2; a character can be deleted by one point only',
    );
  });

  it('leaves no machine path in any finding of an incomplete gold point', () => {
    const point: GoldPoint = {
      deletions: [],
      repairs: [],
      question: '',
      answer: '',
      type: null,
      provenance: 'new',
      sources: { from: { a: null, b: null } },
      checklist: { plausible: false, ambiguous: false, sufficient: false },
      note: '',
    };
    const lines = resolveFindings('Some base text.', [point, { ...point, deletions: [[0, 4]] }]).map(findingText);
    expect(lines.length).toBeGreaterThan(5);
    for (const line of lines) expect(line).not.toMatch(/points\[|\.checklist|\.note/);
    expect(lines).toContain('Point 2: tick “plausible”');
  });
});
