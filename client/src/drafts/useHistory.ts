import { useCallback, useRef, useState } from 'react';
import { emptyHistory, record, redo, undo, type History, type Moved } from './history';

export interface UndoHistory<T> {
  canUndo: boolean;
  canRedo: boolean;
  undoLabel: string | null;
  redoLabel: string | null;
  /** Note that an action labelled `label` (a field edit: with its key) replaces `before`. */
  record: (before: T, label: string, key?: string | null) => void;
  /** The state to go back to (and the action undone), or null. */
  undo: (current: T) => { state: T; label: string } | null;
  redo: (current: T) => { state: T; label: string } | null;
  clear: () => void;
}

/** A page's undo/redo history (see history.ts), kept across renders. */
export function useHistory<T>(): UndoHistory<T> {
  const [history, setHistory] = useState<History<T>>(emptyHistory);
  const latest = useRef(history);
  const commit = useCallback((h: History<T>) => {
    latest.current = h;
    setHistory(h);
  }, []);
  const move = useCallback(
    (step: (h: History<T>, current: T) => Moved<T> | null, current: T) => {
      const moved = step(latest.current, current);
      if (!moved) return null;
      commit(moved.history);
      return { state: moved.state, label: moved.label };
    },
    [commit],
  );
  return {
    canUndo: history.past.length > 0,
    canRedo: history.future.length > 0,
    undoLabel: history.past[history.past.length - 1]?.label ?? null,
    redoLabel: history.future[history.future.length - 1]?.label ?? null,
    record: useCallback((before: T, label: string, key: string | null = null) => commit(record(latest.current, before, label, key, Date.now())), [commit]),
    undo: useCallback((current: T) => move(undo, current), [move]),
    redo: useCallback((current: T) => move(redo, current), [move]),
    clear: useCallback(() => commit(emptyHistory()), [commit]),
  };
}
