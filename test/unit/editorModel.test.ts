import { describe, expect, it } from 'vitest';
import { validatePoints, type Point } from '../../shared/edits';
import {
  addDeletion,
  addRepair,
  deletionKeyProblem,
  ensurePoint,
  nearestPointFor,
  repairProblem,
  restoreDeletionAt,
  subtractRanges,
  updatePoint,
} from '../../client/src/pages/annotator/editor/model';
import { segmentText } from '../../client/src/pages/annotator/editor/segments';

const BASE = 'Given N positive integers, print their sum, then stop.';
const at = (w: string): [number, number] => [BASE.indexOf(w), BASE.indexOf(w) + w.length];

describe('editor model', () => {
  it('subtracts taken ranges', () => {
    expect(subtractRanges([0, 10], [[2, 4], [6, 8]])).toEqual([[0, 2], [4, 6], [8, 10]]);
    expect(subtractRanges([3, 5], [[0, 10]])).toEqual([]);
  });

  it('creates points on demand, at most three', () => {
    expect(ensurePoint([], 1)).toHaveLength(2);
    expect(ensurePoint([], 7)).toHaveLength(3);
  });

  it('lets 1/2/3 address existing points and the next number start a new one, never leaving an empty point between', () => {
    const one = addDeletion([], 0, at('positive'));
    expect(deletionKeyProblem(one, 0)).toBeNull();
    expect(deletionKeyProblem(one, 1)).toBeNull();
    expect(deletionKeyProblem(one, 2)).toBe('Point 3 does not exist yet: press 2 to start point 2 (points are numbered in order).');
    expect(deletionKeyProblem([], 1)).toBe('Point 2 does not exist yet: press 1 to start point 1 (points are numbered in order).');
    // Pressing 3 with only point 1 changes nothing; 2 creates exactly point 2.
    expect(addDeletion(one, 2, at('sum'))).toEqual(one);
    const two = addDeletion(one, 1, at('sum'));
    expect(two).toHaveLength(2);
    expect(two[1]!.deletions).toEqual([at('sum')]);
    const three = addDeletion(two, 2, at('stop'));
    expect(three.map((p) => p.deletions)).toEqual([[at('positive')], [at('sum')], [at('stop')]]);
    expect(deletionKeyProblem(three, 3)).toMatch(/at most 3 points/);
    expect(addDeletion(three, 3, at('Given'))).toEqual(three);
  });

  it('adds a deletion, merging the point’s own and leaving other points’ text to them', () => {
    let points: Point[] = addDeletion([], 0, at('positive'));
    points = addDeletion(points, 1, [at('N positive')[0], at('integers')[1]]);
    expect(points[0]!.deletions).toEqual([at('positive')]);
    expect(points[1]!.deletions).toEqual([[at('N ')[0], at('positive')[0]], [at('positive')[1], at('integers')[1]]]);
    points = addDeletion(points, 0, [at('positive')[0] - 1, at('positive')[1]]);
    expect(points[0]!.deletions).toEqual([at('positive')]);
    expect(validatePoints(BASE, points, 'draft')).toEqual([]);
  });

  it('restores the clicked deletion only and drops repairs left without a deletion', () => {
    const [s, e] = at(' then stop');
    let points = addDeletion(addDeletion([], 0, [s, e]), 0, at('Given '));
    points = addRepair(points, 0, { start: s - 1, end: s, text: '.' });
    expect(validatePoints(BASE, points, 'draft')).toEqual([]);
    const restored = restoreDeletionAt(points, 0, s + 2);
    expect(restored[0]!.deletions).toEqual([at('Given ')]);
    expect(restored[0]!.repairs).toEqual([]);
  });

  it('drops a repair whose text a new deletion swallows', () => {
    const [s, e] = at(' then stop');
    let points = addRepair(addDeletion([], 0, [s, e]), 0, { start: s - 1, end: s, text: '.' });
    points = addDeletion(points, 1, at('sum,'));
    expect(points[0]!.repairs).toEqual([]);
  });

  it('finds the point a repair belongs to and explains refusals', () => {
    const [s, e] = at(' then stop');
    const points = updatePoint(addDeletion([], 0, [s, e]), 0, { question: 'q' });
    expect(nearestPointFor(points, s - 1, s)).toBe(0);
    expect(nearestPointFor(points, 0, 1)).toBe(-1);
    expect(repairProblem(BASE, points, 0, { start: s - 1, end: s, text: '.' })).toBeNull();
    expect(repairProblem(BASE, points, 0, { start: s - 1, end: s, text: 'and' })).toMatch(/punctuation/);
    expect(repairProblem(BASE, points, 0, { start: 0, end: 0, text: ',' })).toMatch(/next to a deletion of point 1/);
    expect(repairProblem(BASE, points, 0, { start: s + 2, end: s + 2, text: ',' })).toMatch(/deleted text/);
    expect(repairProblem(BASE, points, 2, { start: s, end: s, text: ',' })).toMatch(/Choose a point/);
  });
});

describe('segmentText', () => {
  it('covers the base text with offset-carrying segments, deletions and repairs marked', () => {
    const [s, e] = at(' then stop');
    const points = addRepair(addDeletion(ensurePoint([], 1), 1, [s, e]), 1, { start: s - 1, end: s, text: '.' });
    const withInsert = addRepair(points, 1, { start: e, end: e, text: '\n' });
    const segs = segmentText(BASE, withInsert);
    const text = segs.filter((x) => x.kind === 'text');
    expect(text.map((x) => BASE.slice(x.start, x.end)).join('')).toBe(BASE);
    expect(text.find((x) => x.start === s)).toMatchObject({ deletedBy: 1, end: e });
    expect(text.find((x) => x.start === s - 1)).toMatchObject({ deletedBy: -1, repair: { point: 1, index: 0 } });
    expect(segs.filter((x) => x.kind === 'insert')).toEqual([{ kind: 'insert', at: e, repair: { point: 1, index: 1, repair: { start: e, end: e, text: '\n' } } }]);
  });
});
