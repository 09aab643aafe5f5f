import { useEffect } from 'react';
import { useLatest } from '../useLatest';

const TEXT_INPUTS = new Set(['text', 'search', 'url', 'tel', 'email', 'password', 'number']);

/**
 * A text field's own typing keeps the browser's native undo. The statement is editable only
 * for its caret (data-caret-only) and is not one.
 */
export function isTextField(target: EventTarget | null): boolean {
  const el = target as HTMLElement | null;
  if (!el?.tagName) return false;
  if (el.tagName === 'TEXTAREA') return true;
  if (el.tagName === 'INPUT') return TEXT_INPUTS.has((el as HTMLInputElement).type);
  return el.isContentEditable && !el.closest('[data-caret-only]');
}

/** Ctrl+Z undoes, Ctrl+Shift+Z and Ctrl+Y redo (⌘ on a Mac) wherever focus is, except in a text field. */
export function useUndoKeys(onUndo: () => void, onRedo: () => void, enabled: boolean): void {
  const latest = useLatest({ onUndo, onRedo });
  useEffect(() => {
    if (!enabled) return;
    const onKey = (e: KeyboardEvent) => {
      if (!(e.ctrlKey || e.metaKey) || e.altKey || isTextField(e.target)) return;
      const key = e.key.toLowerCase();
      if (key === 'z' && !e.shiftKey) {
        e.preventDefault();
        latest.current.onUndo();
      } else if ((key === 'z' && e.shiftKey) || key === 'y') {
        e.preventDefault();
        latest.current.onRedo();
      }
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [enabled, latest]);
}
