import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ActiveTimer, IDLE_AFTER_MS } from '../../client/src/drafts/activeTime';
import { annotationSaver, type SaveState } from '../../client/src/pages/annotator/editor/saver';
import { ApiError } from '../../client/src/api';
import type { Point } from '../../shared/edits';
import type { SavedDraft, SaveAnnotationBody } from '../../shared/schemas/annotation';

describe('ActiveTimer', () => {
  it('counts only visible, recently active time, and caps long gaps', () => {
    let now = 0;
    const timer = new ActiveTimer(() => now);
    now = 1000;
    timer.tick(true);
    now = 2000;
    timer.tick(false);
    expect(timer.take()).toBe(1000);
    now = 2000 + IDLE_AFTER_MS + 1000;
    timer.tick(true);
    expect(timer.take()).toBe(0);
    timer.activity();
    now += 60_000;
    timer.tick(true);
    expect(timer.take()).toBe(2000);
  });

  it('gives back the time of a failed save', () => {
    let now = 0;
    const timer = new ActiveTimer(() => now);
    now = 1500;
    timer.tick(true);
    const ms = timer.take();
    timer.giveBack(ms);
    expect(timer.take()).toBe(1500);
  });
});

const point = (question: string): Point => ({ deletions: [[0, 1]], repairs: [], question, answer: '', type: null });

function savedDraft(version: number): SavedDraft {
  return { questionId: 'q', status: 'draft', version, activeMs: 0, updatedAt: '2026-01-01T00:00:00.000Z', findings: [] };
}

describe('the annotation draft saver', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  function setup(send: (body: SaveAnnotationBody) => Promise<SavedDraft>) {
    const states: SaveState['kind'][] = [];
    let given = 0;
    const saver = annotationSaver({ version: 3, send, takeActiveMs: () => 500, giveBackActiveMs: (ms) => (given += ms), onState: (s) => states.push(s.kind), onSaved: () => {} });
    return { saver, states, given: () => given };
  }

  it('debounces changes into one save carrying the version, then the next version', async () => {
    const bodies: SaveAnnotationBody[] = [];
    const { saver, states } = setup(async (b) => (bodies.push(b), savedDraft(b.version + 1)));
    saver.change([point('a')]);
    saver.change([point('ab')]);
    await vi.advanceTimersByTimeAsync(799);
    expect(bodies).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(bodies).toEqual([{ version: 3, points: [point('ab')], activeMs: 500 }]);
    saver.change([point('abc')]);
    expect(await saver.flush()).toBe(true);
    expect(bodies[1]!.version).toBe(4);
    expect(states.at(-1)).toBe('saved');
  });

  it('stops on a 409 and never sends again', async () => {
    const send = vi.fn(async () => {
      throw new ApiError(409, 'conflict', 'out of date', { currentVersion: 9 });
    });
    const { saver, states, given } = setup(send);
    saver.change([point('a')]);
    expect(await saver.flush()).toBe(false);
    expect(states.at(-1)).toBe('conflict');
    expect(given()).toBe(500);
    saver.change([point('b')]);
    await vi.advanceTimersByTimeAsync(2000);
    expect(send).toHaveBeenCalledTimes(1);
  });

  it('keeps changes after a network error and retries them', async () => {
    let fail = true;
    const bodies: SaveAnnotationBody[] = [];
    const { saver, states } = setup(async (b) => {
      if (fail) throw new ApiError(0, 'network', 'offline');
      bodies.push(b);
      return savedDraft(b.version + 1);
    });
    saver.change([point('a')]);
    expect(await saver.flush()).toBe(false);
    expect(states.at(-1)).toBe('error');
    expect(saver.hasUnsaved).toBe(true);
    fail = false;
    expect(await saver.flush()).toBe(true);
    expect(bodies).toEqual([{ version: 3, points: [point('a')], activeMs: 500 }]);
  });

  it('retries by itself after a busy server (503), backing off, and stops once saved', async () => {
    let busy = 2;
    const bodies: SaveAnnotationBody[] = [];
    const { saver, states } = setup(async (b) => {
      if (busy-- > 0) throw new ApiError(503, 'unavailable', 'The database is busy; please retry.');
      bodies.push(b);
      return savedDraft(b.version + 1);
    });
    saver.change([point('a')]);
    await vi.advanceTimersByTimeAsync(800); // the debounced save: busy
    expect(states.at(-1)).toBe('error');
    await vi.advanceTimersByTimeAsync(1000); // first retry after 1 s: busy again
    expect(bodies).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(1999);
    expect(bodies).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(1); // second retry after 2 s: saved
    expect(bodies).toEqual([{ version: 3, points: [point('a')], activeMs: 500 }]);
    expect(states.at(-1)).toBe('saved');
    await vi.advanceTimersByTimeAsync(60_000);
    expect(bodies).toHaveLength(1);
  });

  it('does not retry a rejected draft (400) by itself', async () => {
    let calls = 0;
    const { saver, states } = setup(async () => {
      calls++;
      throw new ApiError(400, 'validation_failed', 'points[0].deletions[0]: bad');
    });
    saver.change([point('a')]);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(calls).toBe(1);
    expect(states.at(-1)).toBe('invalid');
  });
});
