import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AUTOSAVE_DELAY_MS, DraftSaver, type SaveState } from '../../client/src/drafts/draftSaver';
import { ApiError } from '../../client/src/api';

interface Saved {
  version: number;
  text: string;
}

describe('the shared versioned-draft saver', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  function setup(send: (draft: string, version: number, keepalive: boolean) => Promise<Saved>) {
    const states: SaveState['kind'][] = [];
    const kept = new Map<number, string>();
    const saver = new DraftSaver<string, Saved>({
      version: 1,
      send,
      versionOf: (s) => s.version,
      onState: (s) => states.push(s.kind),
      keeper: { keep: (d, v) => kept.set(v, d), forget: (v) => kept.delete(v) },
    });
    return { saver, states, kept };
  }

  it('keeps the draft on 401 (in memory and with the keeper), sends nothing until resumed, then saves it on its version', async () => {
    let signedIn = false;
    const sent: [string, number][] = [];
    const { saver, states, kept } = setup(async (d, v) => {
      if (!signedIn) throw new ApiError(401, 'unauthenticated', 'Log in first.');
      sent.push([d, v]);
      return { version: v + 1, text: d };
    });
    saver.change('typed answer');
    await vi.advanceTimersByTimeAsync(AUTOSAVE_DELAY_MS);
    expect(states.at(-1)).toBe('signedOut');
    expect(saver.unsaved).toBe('typed answer');
    expect(kept.get(1)).toBe('typed answer');
    saver.change('typed answer, more');
    await vi.advanceTimersByTimeAsync(60_000);
    expect(sent).toEqual([]);
    expect(kept.get(1)).toBe('typed answer, more');
    signedIn = true;
    saver.resume();
    await vi.advanceTimersByTimeAsync(0);
    expect(sent).toEqual([['typed answer, more', 1]]);
    expect(states.at(-1)).toBe('saved');
    expect(kept.size).toBe(0);
  });

  it('still stops on 409 after a new login (the version rules apply)', async () => {
    let calls = 0;
    const { saver, states } = setup(async () => {
      calls++;
      throw new ApiError(calls === 1 ? 401 : 409, calls === 1 ? 'unauthenticated' : 'conflict', 'no');
    });
    saver.change('x');
    await saver.flush();
    saver.resume();
    await vi.advanceTimersByTimeAsync(0);
    expect(states.at(-1)).toBe('conflict');
    expect(saver.unsaved).toBe('x');
  });

  it('runs other actions after pending saves, with the version the saves produced', async () => {
    const order: string[] = [];
    const { saver } = setup(async (d, v) => {
      order.push(`save ${d}@${v}`);
      return { version: v + 1, text: d };
    });
    saver.change('a');
    const result = await saver.run(async (v) => {
      order.push(`resolve@${v}`);
      return { version: v + 1, text: 'resolved' };
    });
    expect(result.version).toBe(3);
    expect(saver.currentVersion).toBe(3);
    saver.change('b');
    await saver.flush();
    expect(order).toEqual(['save a@1', 'resolve@2', 'save b@3']);
  });

  it('sends with keepalive when flushed while leaving', async () => {
    const flags: boolean[] = [];
    const { saver } = setup(async (d, v, keepalive) => {
      flags.push(keepalive);
      return { version: v + 1, text: d };
    });
    saver.change('a');
    await saver.flush(true);
    saver.change('b');
    await vi.advanceTimersByTimeAsync(AUTOSAVE_DELAY_MS);
    expect(flags).toEqual([true, false]);
  });

  it('counts a change as unacknowledged until the server answers its save (leaving asks until then), and again after a failed save', async () => {
    let answer: (ok: boolean) => void = () => undefined;
    const { saver } = setup(
      (d, v) =>
        new Promise<Saved>((resolve, reject) => {
          answer = (ok) => (ok ? resolve({ version: v + 1, text: d }) : reject(new ApiError(400, 'validation_failed', 'no')));
        }),
    );
    expect(saver.unacknowledged).toBe(false);
    saver.change('a');
    expect([saver.hasUnsaved, saver.unacknowledged]).toEqual([true, true]);
    await vi.advanceTimersByTimeAsync(AUTOSAVE_DELAY_MS);
    // Sent, not answered: nothing left to send, but not safe to leave either.
    expect([saver.hasUnsaved, saver.unacknowledged]).toEqual([false, true]);
    answer(true);
    await vi.advanceTimersByTimeAsync(0);
    expect([saver.hasUnsaved, saver.unacknowledged]).toEqual([false, false]);
    saver.change('b');
    await vi.advanceTimersByTimeAsync(AUTOSAVE_DELAY_MS);
    answer(false);
    await vi.advanceTimersByTimeAsync(0);
    expect([saver.hasUnsaved, saver.unacknowledged]).toEqual([true, true]);
  });

  it('stops on a 409 from an action too, keeping unsaved changes', async () => {
    const { saver, states } = setup(async (d, v) => ({ version: v + 1, text: d }));
    await expect(saver.run(async () => Promise.reject(new ApiError(409, 'conflict', 'stale')))).rejects.toThrow('stale');
    expect(states.at(-1)).toBe('conflict');
    saver.change('later');
    expect(await saver.flush()).toBe(false);
    expect(saver.unsaved).toBe('later');
  });
});
