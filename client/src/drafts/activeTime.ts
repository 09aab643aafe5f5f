import { MAX_ACTIVE_MS_PER_SAVE } from '../../../shared/schemas/annotation';

/** Idle after this long without keyboard or pointer activity. */
export const IDLE_AFTER_MS = 60_000;
/** A longer gap between ticks (a sleeping laptop, a throttled tab) counts as this much at most. */
const MAX_TICK_MS = 2_000;

/**
 * Time on task: counts only while the tab is visible and the annotator was active
 * within the last minute. The clock is injected so the rule is testable.
 */
export class ActiveTimer {
  private lastActivity: number;
  private lastTick: number;
  private pending = 0;

  constructor(private readonly now: () => number = () => Date.now()) {
    this.lastActivity = now();
    this.lastTick = now();
  }

  activity(): void {
    this.lastActivity = this.now();
  }

  tick(visible: boolean): void {
    const now = this.now();
    const elapsed = Math.min(now - this.lastTick, MAX_TICK_MS);
    this.lastTick = now;
    if (visible && now - this.lastActivity <= IDLE_AFTER_MS) this.pending += Math.max(0, elapsed);
  }

  /** Active time not yet sent; the caller sends it with a save (capped to what one save may carry). */
  take(): number {
    const ms = Math.min(Math.round(this.pending), MAX_ACTIVE_MS_PER_SAVE);
    this.pending -= ms;
    return ms;
  }

  /** A save failed: keep its time for the next one. */
  giveBack(ms: number): void {
    this.pending += ms;
  }

  get unsent(): number {
    return this.pending;
  }
}
