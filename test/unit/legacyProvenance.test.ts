import { describe, expect, it } from 'vitest';
import { deriveProvenance, overriddenFields, resolveFindings, splitLegacyFindings } from '../../shared/adjudication';
import type { Point } from '../../shared/edits';
import { goldPointSchema, type GoldPoint } from '../../shared/schemas/adjudication';

const BASE = 'Given an array of N integers, print the largest sum. The array may be empty.';
const LEGACY: Point = { deletions: [[8, 28]], repairs: [], question: 'How many integers?', answer: 'N integers.', type: 'Collection Semantics' };
const CHECKED = { plausible: true, ambiguous: true, sufficient: true };
const goldOf = (p: Point, provenance: GoldPoint['provenance']) => goldPointSchema.parse({ ...p, provenance, checklist: CHECKED });

describe('provenance of points recovered from a legacy release', () => {
  it('stays legacy while the point is unchanged, whatever the client labels it', () => {
    expect(deriveProvenance({ ...LEGACY }, { a: null, b: null }, [], [], [LEGACY])).toEqual({ provenance: 'legacy', sources: { from: { a: null, b: null } } });
    expect(goldPointSchema.parse({ ...LEGACY, provenance: 'legacy' }).provenance).toBe('legacy');
  });

  it('becomes new once any field changes, even only by whitespace (the wording is exported verbatim)', () => {
    for (const changed of [{ question: 'How many integers? ' }, { type: 'Terminology' as const }, { deletions: [[8, 20]] as [number, number][] }]) {
      expect(deriveProvenance({ ...LEGACY, ...changed }, { a: null, b: null }, [], [], [LEGACY]).provenance).toBe('new');
    }
  });

  it('becomes merged when a changed point takes fields from an annotator', () => {
    const annotated: Point = { ...LEGACY, question: 'What does the array hold?' };
    expect(deriveProvenance({ ...LEGACY, question: annotated.question, answer: 'Any N integers.' }, { a: 0, b: null }, [annotated], [], [LEGACY]).provenance).toBe('merged');
  });

  it('needs no note: a legacy point overrides no annotator', () => {
    expect(overriddenFields({ provenance: 'legacy', sources: { from: { a: null, b: null } } })).toEqual([]);
  });
});

describe('rule findings on legacy points', () => {
  const overlapping: Point = { deletions: [[20, 35]], repairs: [], question: 'Print what?', answer: 'The largest sum.', type: 'Output Format' };

  it('do not block while every point they name is unchanged legacy', () => {
    const points = [goldOf(LEGACY, 'legacy'), goldOf(overlapping, 'legacy')];
    expect(resolveFindings(BASE, points)).toEqual([]);
  });

  it('block as soon as they name a changed point', () => {
    const points = [goldOf(LEGACY, 'legacy'), goldOf(overlapping, 'new')];
    expect(resolveFindings(BASE, points).map((f) => f.path)).toEqual(['points[1].deletions[0]', 'points[1].note']);
    const split = splitLegacyFindings([{ path: 'points[1].deletions[0]', message: 'overlaps points[0].deletions[0]' }], [goldOf(LEGACY, 'new'), goldOf(overlapping, 'legacy')]);
    expect(split).toEqual({ blocking: [{ path: 'points[1].deletions[0]', message: 'overlaps points[0].deletions[0]' }], inherited: [] });
  });
});
