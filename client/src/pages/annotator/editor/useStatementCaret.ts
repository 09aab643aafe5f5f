import { useEffect, useRef, useState, type RefObject } from 'react';
import { placeCaret } from './selection';

export interface StatementCaret {
  /** Key for the statement element: it is rendered afresh if its text was changed after all. */
  generation: number;
  /** Where the caret goes when the keyboard comes back to the statement: the end of the last deletion. */
  remember: (offset: number) => void;
  /** Back to the statement (Esc from a point's field), the caret where the last deletion ended. */
  focus: () => void;
}

/**
 * The statement shows a caret but its text never changes: typing, pasting and dropping are
 * refused; should anything slip through (an IME composition), the statement is rendered
 * afresh. Keyboard users keep their place: after a deletion the caret waits at its end for
 * when they come back (Esc from the point's question).
 */
export function useStatementCaret(textRef: RefObject<HTMLDivElement | null>, readOnly: boolean): StatementCaret {
  const [generation, setGeneration] = useState(0);
  const caretAt = useRef<number | null>(null);

  useEffect(() => {
    const el = textRef.current;
    if (!el || readOnly) return;
    const refuse = (e: Event) => e.preventDefault();
    const repaint = () => setGeneration((g) => g + 1);
    el.addEventListener('beforeinput', refuse);
    el.addEventListener('drop', refuse);
    el.addEventListener('input', repaint);
    return () => {
      el.removeEventListener('beforeinput', refuse);
      el.removeEventListener('drop', refuse);
      el.removeEventListener('input', repaint);
    };
  }, [textRef, readOnly, generation]);

  return {
    generation,
    remember: (offset) => {
      caretAt.current = offset;
    },
    focus: () => {
      const el = textRef.current;
      if (!el) return;
      el.focus();
      if (caretAt.current !== null) placeCaret(el, caretAt.current);
    },
  };
}
