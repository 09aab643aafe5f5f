import { describe, expect, it } from 'vitest';
import type { Point } from '../../shared/edits';
import { addPoint, deleteRange, dropPoint, restoreAt, takeField, takeSlot, updatePoint, type Sides } from '../../client/src/pages/adjudicator/crosscheck/goldModel';

const A: Point = { deletions: [[10, 20]], repairs: [], question: 'QA?', answer: 'AA.', type: 'Behavior' };
const B: Point = { deletions: [[12, 20]], repairs: [], question: 'QB?', answer: 'AB.', type: 'Edge Cases' };
const U: Point = { deletions: [[40, 50]], repairs: [], question: 'QU?', answer: 'AU.', type: 'Units' };
const sides: Sides = { A: [A], B: [B, U] };

describe('the cross-check page’s gold model', () => {
  it('takes a slot from one side or mixes span and text, replacing the slot’s gold point in place', () => {
    let gold = takeSlot([], { a: 0, b: 0 }, 'A', 'A', sides);
    expect(gold).toHaveLength(1);
    expect(gold[0]).toMatchObject({ deletions: [[10, 20]], question: 'QA?', provenance: 'A' });
    gold = updatePoint(gold, 0, { checklist: { plausible: true, ambiguous: false, sufficient: false }, note: 'kept' }, sides);
    gold = takeSlot(gold, { a: 0, b: 0 }, 'A', 'B', sides);
    expect(gold).toHaveLength(1);
    expect(gold[0]).toMatchObject({ deletions: [[10, 20]], question: 'QB?', answer: 'AB.', type: 'Edge Cases', provenance: 'merged', note: 'kept' });
    expect(gold[0]!.checklist.plausible).toBe(true);
    expect(gold[0]!.sources).toMatchObject({ span: 'A', question: 'B', answer: 'B', type: 'B' });
  });

  it('takes single fields and marks free edits as edited', () => {
    let gold = takeSlot([], { a: 0, b: 0 }, 'B', 'B', sides);
    gold = takeField(gold, 0, 'question', 'A', sides);
    expect(gold[0]).toMatchObject({ question: 'QA?', provenance: 'merged', sources: { span: 'B', question: 'A' } });
    gold = updatePoint(gold, 0, { answer: 'Something else.' }, sides);
    expect(gold[0]!.sources.answer).toBe('edited');
  });

  it('adds, drops, deletes and restores spans', () => {
    let gold = takeSlot([], { a: null, b: 1 }, 'B', 'B', sides);
    gold = addPoint(gold, sides);
    expect(gold[1]).toMatchObject({ provenance: 'new', deletions: [], sources: { from: { a: null, b: null } } });
    gold = deleteRange(gold, 1, [45, 60], sides);
    expect(gold[0]!.deletions).toEqual([[40, 45]]);
    expect(gold[1]!.deletions).toEqual([[45, 60]]);
    expect(gold[0]!.sources.span).toBe('edited');
    gold = restoreAt(gold, 1, 50, sides);
    expect(gold[1]!.deletions).toEqual([]);
    expect(dropPoint(gold, 0)).toEqual([gold[1]]);
  });
});
