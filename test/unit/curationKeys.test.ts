import { describe, expect, it } from 'vitest';
import type { CaseView } from '../../shared/adjudicationView';
import { buildCrossCheck } from '../../shared/crossCheck';
import type { Point } from '../../shared/edits';
import { addPoint, takeSlot, type Sides } from '../../client/src/pages/adjudicator/crosscheck/goldModel';
import { checkAction, curationSlots, keyAction, slotLabel, TOO_MANY_POINTS } from '../../client/src/pages/adjudicator/crosscheck/slots';

const BASE = 'Given an array of integers, print the largest sum of a contiguous subarray. The array may be empty.';
const point = (s: number, e: number, question = 'Q?'): Point => ({ deletions: [[s, e]], repairs: [], question, answer: 'A.', type: 'Behavior' });
// A: one point paired with B's first, two unmatched; B: one unmatched
const A = [point(8, 28), point(40, 50), point(60, 70)];
const B = [point(9, 28, 'Other?'), point(80, 90)];
const sides: Sides = { A, B };
const view = { annotations: { A: { points: A }, B: { points: B } }, crossCheck: buildCrossCheck(BASE, A, B) } as unknown as CaseView;

describe('curation rows and one-key actions', () => {
  it('lists pairs, then only-A, then only-B points, then gold points of no slot', () => {
    const gold = addPoint(takeSlot([], { a: 0, b: 0 }, 'A', 'A', sides), sides);
    expect(curationSlots(view, gold).map(slotLabel)).toEqual(['Pair 1', 'Only A: point 2', 'Only A: point 3', 'Only B: point 2', 'Row 2 of the gold set (no annotator slot)']);
  });

  it('takes, merges and drops where the row allows it, and says why not otherwise', () => {
    const slots = curationSlots(view, []);
    expect(keyAction('a', slots[0], [], null)).toEqual({ do: 'take', span: 'A', text: 'A' });
    expect(keyAction('m', slots[0], [], null)).toEqual({ do: 'take', span: 'A', text: 'B' });
    expect(keyAction('b', slots[1], [], null)).toEqual({ refuse: 'Nothing to take from B: only A wrote this point.' });
    expect(keyAction('m', slots[3], [], null)).toEqual({ refuse: 'Nothing to merge: only B wrote this point.' });
    expect(keyAction('x', slots[0], [], null)).toEqual({ refuse: 'Nothing to drop: this row is not in the gold version.' });
    const gold = takeSlot([], { a: 0, b: 0 }, 'A', 'A', sides);
    expect(keyAction('x', slots[0], gold, null)).toEqual({ do: 'drop', goldIndex: 0 });
    expect(keyAction('a', slots[0], gold, 'Read-only: resolved.')).toEqual({ refuse: 'Read-only: resolved.' });
    expect(keyAction('a', undefined, gold, null)).toEqual({ refuse: 'There is no row to act on.' });
  });

  it('refuses a fourth gold point, but retaking a row already in a full gold set replaces it', () => {
    let gold = takeSlot([], { a: 0, b: 0 }, 'A', 'A', sides);
    gold = takeSlot(gold, { a: 1, b: null }, 'A', 'A', sides);
    gold = takeSlot(gold, { a: 2, b: null }, 'A', 'A', sides);
    const slots = curationSlots(view, gold);
    expect(keyAction('b', slots[3], gold, null)).toEqual({ refuse: TOO_MANY_POINTS });
    expect(TOO_MANY_POINTS).toBe('At most 3 gold points: drop one before taking another.');
    expect(keyAction('b', slots[0], gold, null)).toEqual({ do: 'take', span: 'B', text: 'B' });
  });

  it('ticks the checklist of the row’s gold point by key: p, g, s flip one item, c ticks all three', () => {
    const gold = takeSlot([], { a: 0, b: 0 }, 'A', 'A', sides);
    const slots = curationSlots(view, gold);
    const none = { plausible: false, ambiguous: false, sufficient: false };
    expect(gold[0]!.checklist).toEqual(none);
    expect(checkAction('p', slots[0], gold, null)).toEqual({ do: 'check', goldIndex: 0, checklist: { ...none, plausible: true } });
    expect(checkAction('s', slots[0], gold, null)).toEqual({ do: 'check', goldIndex: 0, checklist: { ...none, sufficient: true } });
    expect(checkAction('c', slots[0], gold, null)).toEqual({ do: 'check', goldIndex: 0, checklist: { plausible: true, ambiguous: true, sufficient: true } });
    const ticked = [{ ...gold[0]!, checklist: { plausible: true, ambiguous: true, sufficient: true } }];
    expect(checkAction('c', slots[0], ticked, null)).toEqual({ refuse: 'The whole checklist is already ticked.' });
    expect(checkAction('g', slots[0], ticked, null)).toEqual({ do: 'check', goldIndex: 0, checklist: { plausible: true, ambiguous: false, sufficient: true } });
    expect(checkAction('p', slots[1], gold, null)).toEqual({ refuse: 'Nothing to tick: this row is not in the gold version.' });
    expect(checkAction('p', slots[0], gold, 'Read-only: resolved.')).toEqual({ refuse: 'Read-only: resolved.' });
    expect(checkAction('c', undefined, gold, null)).toEqual({ refuse: 'There is no row to act on.' });
  });
});
