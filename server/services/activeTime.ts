/**
 * Active time credited to a save (an annotation draft, a pilot's code): what the client reports,
 * but never more than the wall time since the previous credited save plus one small slack. The
 * slack is not granted again on every save: each save moves a mark (stored with the draft) to
 * the later of "credited up to" and its own time, and the next save is credited at most up to its
 * own time + the slack past that mark. So n saves within w ms never credit more than w + slack.
 */

/** Milliseconds since the epoch; injected in tests. */
export type Clock = () => number;
export const systemClock: Clock = Date.now;

/** What the saves of one burst may report beyond their wall time: request latency, clock granularity. */
export const ACTIVE_MS_SLACK = 5_000;

export interface Credit {
  /** Milliseconds credited to this save. */
  credited: number;
  /** The mark to store for the next save. */
  mark: number;
}

/**
 * @param reported what the client says it was active since its previous save (already ≤ 10 min by the schema)
 * @param at this save's time
 * @param since the stored mark, or (no mark yet) the previous save's time, or when the work began; null: nothing known
 */
export function creditActiveTime(reported: number, at: number, since: number | null): Credit {
  const base = since ?? at;
  const credited = Math.max(0, Math.min(reported, Math.floor(at + ACTIVE_MS_SLACK - base)));
  return { credited, mark: Math.max(base + credited, at) };
}

/** An ISO time as ms, or null. */
export const msOf = (iso: string | null | undefined): number | null => (iso ? Date.parse(iso) : null);
