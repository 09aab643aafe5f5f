import { describe, expect, it } from 'vitest';
import { BURST_GAP_MS, emptyHistory, endBurst, fieldEditKey, record, redo, undo, type History } from '../../client/src/drafts/history';
import { nextOpenProblem } from '../../client/src/pages/annotator/nextProblem';
import type { QueueItem } from '../../shared/schemas/annotation';

describe('undo history', () => {
  it('undoes and redoes actions in order, and a new action clears the redo steps', () => {
    let h: History<string> = emptyHistory();
    h = record(h, 'a', 'delete', null, 0);
    h = record(h, 'ab', 'restore', null, 10);
    const back = undo(h, 'abc')!;
    expect(back).toMatchObject({ state: 'ab', label: 'restore' });
    const back2 = undo(back.history, back.state)!;
    expect(back2.state).toBe('a');
    expect(undo(back2.history, back2.state)).toBeNull();
    const fwd = redo(back2.history, 'a')!;
    expect(fwd).toMatchObject({ state: 'ab', label: 'delete' });
    const fwd2 = redo(fwd.history, fwd.state)!;
    expect(fwd2.state).toBe('abc');
    expect(redo(fwd2.history, fwd2.state)).toBeNull();
    const branched = record(back.history, 'ab', 'repair', null, 20);
    expect(redo(branched, 'ab!')).toBeNull();
  });

  it('folds a burst of edits to one field into one step, and starts a new step for another field, an action, a pause or a blur', () => {
    let h: History<string> = emptyHistory();
    h = record(h, '', 'edit answer', '0.answer', 0);
    h = record(h, 'k', 'edit answer', '0.answer', 100);
    h = record(h, 'ke', 'edit answer', '0.answer', 200);
    expect(h.past).toHaveLength(1);
    expect(undo(h, 'key')!.state).toBe('');
    h = record(h, 'key', 'edit question', '0.question', 300);
    expect(h.past).toHaveLength(2);
    h = record(h, 'key?', 'edit question', '0.question', 300 + BURST_GAP_MS + 1);
    expect(h.past).toHaveLength(3);
    h = record(h, 'key??', 'delete', null, 5000);
    h = record(h, 'x', 'edit question', '0.question', 5001);
    expect(h.past).toHaveLength(5);
    h = record(endBurst(h), 'xy', 'edit question', '0.question', 5002);
    expect(h.past).toHaveLength(6);
  });

  it('undo after a burst brings back the state before the burst, without touching an earlier action', () => {
    let h: History<string[]> = emptyHistory();
    h = record(h, ['deleted'], 'restore', null, 0);
    const u = undo(h, ['restored'])!;
    expect(u.state).toEqual(['deleted']);
  });

  it('names the one text field a change edits, or null for a structural change', () => {
    const p = { question: 'q', answer: 'keyboard', type: 'Behavior' as string | null, deletions: [[0, 1]] };
    expect(fieldEditKey([p, p], [p, { ...p, answer: 'keyboa' }], ['question', 'answer'])).toBe('1.answer');
    expect(fieldEditKey([p], [{ ...p, type: 'Units' }], ['question', 'answer'])).toBeNull();
    expect(fieldEditKey([p], [{ ...p, deletions: [] }], ['question', 'answer'])).toBeNull();
    expect(fieldEditKey([p], [{ ...p, question: 'x', answer: 'y' }], ['question', 'answer'])).toBeNull();
    expect(fieldEditKey([p], [], ['question', 'answer'])).toBeNull();
  });
});

describe('next problem after a submit', () => {
  const item = (questionId: string, status: QueueItem['status']): QueueItem => ({ questionId, title: questionId, difficulty: 'easy', status });
  it('takes the next open problem after the current one, then wraps around, else none', () => {
    const queue = [item('a', 'todo'), item('b', 'submitted'), item('c', 'in-progress'), item('d', 'submitted'), item('e', 'todo')];
    expect(nextOpenProblem(queue, 'c')?.questionId).toBe('e');
    expect(nextOpenProblem(queue, 'e')?.questionId).toBe('a');
    expect(nextOpenProblem(queue, 'b')?.questionId).toBe('c');
    expect(nextOpenProblem([item('a', 'submitted'), item('b', 'todo')], 'b')).toBeNull();
  });
});
