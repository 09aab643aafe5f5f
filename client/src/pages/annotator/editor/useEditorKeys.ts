import { useEffect } from 'react';
import { useLatest } from '../../../useLatest';

export interface EditorKeyActions {
  deleteFor: (point: number) => void;
  repair: () => void;
  cyclePreview: () => void;
  saveNow: () => void;
  /** Esc, wherever the focus is (the target says where). */
  escape: (target: EventTarget | null) => void;
}

function typingInField(target: EventTarget | null): boolean {
  const el = target as HTMLElement | null;
  // The statement is editable only for its caret (data-caret-only): its keys are the editor's.
  // A dialog's keys (the submit confirmation) are its own; so are the type picker's (digits, letters).
  return !!el && (el.closest('dialog') !== null || el.getAttribute('role') === 'listbox' || (el.isContentEditable && !el.closest('[data-caret-only]')) || ['INPUT', 'TEXTAREA', 'SELECT'].includes(el.tagName));
}

/** The editor's keyboard shortcuts; keys typed into form fields are left alone. */
export function useEditorKeys(actions: EditorKeyActions, enabled: boolean): void {
  const latest = useLatest(actions);
  useEffect(() => {
    if (!enabled) return;
    const onKey = (e: KeyboardEvent) => {
      const a = latest.current;
      if ((e.ctrlKey || e.metaKey) && e.key.toLowerCase() === 's') {
        e.preventDefault();
        a.saveNow();
        return;
      }
      if (e.key === 'Escape') return a.escape(e.target);
      if (e.ctrlKey || e.metaKey || e.altKey || typingInField(e.target)) return;
      if (['1', '2', '3'].includes(e.key)) {
        e.preventDefault();
        a.deleteFor(Number(e.key) - 1);
      } else if (e.key === 'r') {
        e.preventDefault();
        a.repair();
      } else if (e.key === 'p') {
        a.cyclePreview();
      }
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [enabled, latest]);
}
