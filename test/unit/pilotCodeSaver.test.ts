import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../client/src/api';
import { CodeSaver } from '../../client/src/pages/pilot/codeSaver';
import { questionProblem } from '../../client/src/pages/pilot/questionRule';
import { CODE_SNAPSHOT_MS, MAX_QUESTION_CHARS, type PilotSessionView, type SaveCodeBody } from '../../shared/schemas/pilots';

function setup(fail: () => ApiError | null = () => null) {
  const saves: SaveCodeBody[] = [];
  const submits: SaveCodeBody[] = [];
  let active = 0;
  const saver = new CodeSaver({
    version: 0,
    save: async (body) => {
      const err = fail();
      if (err) throw err;
      saves.push(body);
      return { version: body.version + 1, savedAt: 'now', activeMs: 0, pastes: 0, status: 'coding' };
    },
    submit: async (body) => {
      submits.push(body);
      return { code: { content: body.code, version: body.version + 1, savedAt: 'now' }, activeMs: 0, pastes: 0, status: 'submitted' } as PilotSessionView;
    },
    takeActiveMs: () => {
      const ms = active;
      active = 0;
      return ms;
    },
    giveBackActiveMs: (ms) => (active += ms),
    onState: () => undefined,
    onSaved: () => undefined,
  });
  return { saver, saves, submits, work: (ms: number) => (active += ms) };
}

describe("the pilot's code saver", () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('saves a snapshot CODE_SNAPSHOT_MS after the last change, not at every keystroke', async () => {
    const { saver, saves } = setup();
    saver.drafts.change('p');
    await vi.advanceTimersByTimeAsync(1000);
    saver.drafts.change('print');
    await vi.advanceTimersByTimeAsync(CODE_SNAPSHOT_MS - 1);
    expect(saves).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(saves.map((s) => [s.version, s.code])).toEqual([[0, 'print']]);
  });

  it('still takes a snapshot while typing never pauses, when the 15-second tick comes', async () => {
    const { saver, saves } = setup();
    for (let second = 1; second <= 20; second++) {
      saver.drafts.change(`x = ${second}`);
      await vi.advanceTimersByTimeAsync(1000);
      if (second === 15) {
        saver.snapshotDue();
        await vi.advanceTimersByTimeAsync(0);
      }
    }
    expect(saves.map((s) => s.code)).toEqual(['x = 15']);
    saver.snapshotDue(); // the next tick takes the change still waiting …
    await vi.advanceTimersByTimeAsync(0);
    saver.snapshotDue(); // … and a tick with nothing new sends nothing
    await vi.advanceTimersByTimeAsync(CODE_SNAPSHOT_MS);
    expect(saves.map((s) => s.code)).toEqual(['x = 15', 'x = 20']);
  });

  it('sends the pastes and active time since the last save with it, and keeps them when a save fails', async () => {
    let down = true;
    const { saver, saves, work } = setup(() => (down ? new ApiError(0, 'network', 'Offline.') : null));
    saver.notePaste();
    saver.notePaste();
    work(4000);
    saver.drafts.change('a = 1');
    await vi.advanceTimersByTimeAsync(CODE_SNAPSHOT_MS);
    expect(saves).toEqual([]);
    down = false;
    saver.notePaste();
    await vi.advanceTimersByTimeAsync(2000); // the saver retries by itself
    expect(saves).toEqual([{ version: 0, code: 'a = 1', activeMs: 4000, pastes: 3 }]);
    saver.drafts.change('a = 2');
    await vi.advanceTimersByTimeAsync(CODE_SNAPSHOT_MS);
    expect(saves[1]).toEqual({ version: 1, code: 'a = 2', activeMs: 0, pastes: 0 });
  });

  it('submits after the pending save, on the version it produced, with the rest of the telemetry; nothing is saved afterwards', async () => {
    const { saver, saves, submits, work } = setup();
    saver.drafts.change('print(1)');
    work(1500);
    saver.notePaste();
    const view = await saver.submit('print(1)');
    expect(saves).toEqual([{ version: 0, code: 'print(1)', activeMs: 1500, pastes: 1 }]);
    expect(submits).toEqual([{ version: 1, code: 'print(1)', activeMs: 0, pastes: 0 }]);
    expect(view.status).toBe('submitted');
    saver.drafts.change('print(2)');
    await vi.advanceTimersByTimeAsync(CODE_SNAPSHOT_MS * 2);
    expect(saves).toHaveLength(1);
  });
});

describe("the pilot's question rule (the shared schema decides)", () => {
  it('refuses an empty or blank question, and one of 1,000 characters or more, saying why', () => {
    expect(questionProblem('')).toMatch(/^Write a question first/);
    expect(questionProblem('  \n ')).toMatch(/^Write a question first/);
    expect(questionProblem('x'.repeat(MAX_QUESTION_CHARS))).toBe('A question must be shorter than 1,000 characters; yours has 1,000. Ask about one thing at a time.');
    expect(questionProblem('x'.repeat(MAX_QUESTION_CHARS - 1))).toBeNull();
    expect(questionProblem('May the elements be zero?')).toBeNull();
  });
});
