/**
 * Long checks of uploaded files (a run, LiveCodeBench problems, annotations, a release) run in
 * slices: after SLICE_MS of work the check waits for the event loop to come round (setImmediate),
 * so other users' requests are answered in between, however large or bad the file.
 */
import { performance } from 'node:perf_hooks';
import { setImmediate as nextTurn } from 'node:timers/promises';

/** Work between two pauses: long enough to keep the pauses' cost small, short enough to stay unnoticed. */
export const SLICE_MS = 10;

type PauseListener = () => void;
const listeners = new Set<PauseListener>();

/** Observe the pauses (tests and the bench: proof that a check lets the event loop run). Returns the unsubscribe. */
export function onCheckPause(listener: PauseListener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export class Pacer {
  private sliceStart = performance.now();

  /** Call once per unit of work: resolves at once inside the slice, after a turn of the event loop past it. */
  async step(): Promise<void> {
    if (performance.now() - this.sliceStart < SLICE_MS) return;
    for (const listener of listeners) listener();
    await nextTurn();
    this.sliceStart = performance.now();
  }
}
