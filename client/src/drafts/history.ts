/**
 * Undo/redo history of a page's own actions (pure: no DOM, no React). Each step keeps the
 * state before an action and the action's label. Field edits carry a key (which field), and a
 * burst of edits to the same field — no other action in between, no pause longer than
 * BURST_GAP_MS — is one step.
 */
export interface Step<T> {
  state: T;
  label: string;
}

export interface History<T> {
  past: readonly Step<T>[];
  future: readonly Step<T>[];
  burst: { key: string; at: number } | null;
}

export const BURST_GAP_MS = 2000;
export const HISTORY_LIMIT = 200;

export function emptyHistory<T>(): History<T> {
  return { past: [], future: [], burst: null };
}

/** Record that an action labelled `label` replaces `before`; a new action clears the redo steps. */
export function record<T>(h: History<T>, before: T, label: string, key: string | null, at: number): History<T> {
  if (key !== null && h.burst?.key === key && at - h.burst.at <= BURST_GAP_MS && h.past.length > 0) {
    return { past: h.past, future: [], burst: { key, at } };
  }
  return { past: [...h.past, { state: before, label }].slice(-HISTORY_LIMIT), future: [], burst: key === null ? null : { key, at } };
}

export interface Moved<T> {
  history: History<T>;
  state: T;
  label: string;
}

/** Step back from `current`, or null when there is nothing to undo. */
export function undo<T>(h: History<T>, current: T): Moved<T> | null {
  const step = h.past[h.past.length - 1];
  if (!step) return null;
  return { history: { past: h.past.slice(0, -1), future: [...h.future, { state: current, label: step.label }], burst: null }, state: step.state, label: step.label };
}

/** Step forward again from `current`, or null when there is nothing to redo. */
export function redo<T>(h: History<T>, current: T): Moved<T> | null {
  const step = h.future[h.future.length - 1];
  if (!step) return null;
  return { history: { past: [...h.past, { state: current, label: step.label }], future: h.future.slice(0, -1), burst: null }, state: step.state, label: step.label };
}

/** Break the current field burst (e.g. the field lost focus): the next edit is a new step. */
export function endBurst<T>(h: History<T>): History<T> {
  return h.burst === null ? h : { ...h, burst: null };
}

/**
 * The key of a field edit: when `next` differs from `prev` in exactly one text field of one
 * item (e.g. point 2's answer), "2.answer"; otherwise null (a structural change).
 */
export function fieldEditKey<P extends object>(prev: readonly P[], next: readonly P[], fields: readonly (keyof P & string)[]): string | null {
  if (prev.length !== next.length) return null;
  let key: string | null = null;
  for (let i = 0; i < prev.length; i++) {
    const a = prev[i]!;
    const b = next[i]!;
    if (a === b) continue;
    for (const k of Object.keys({ ...a, ...b }) as (keyof P & string)[]) {
      if (a[k] === b[k]) continue;
      if (key !== null || !fields.includes(k) || typeof a[k] !== 'string' || typeof b[k] !== 'string') return null;
      key = `${i}.${k}`;
    }
  }
  return key;
}
