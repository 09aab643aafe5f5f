import { useEffect, useRef, useState, type RefObject } from 'react';
import { placeCaret } from './selection';

export interface StatementCaret {
  /** Key for the statement element: it is rendered afresh if its text was changed after all. */
  generation: number;
  /** Put the caret at this base offset after the next render (if the statement has focus). */
  placeAfterRender: (offset: number) => void;
}

/**
 * The statement shows a caret but its text never changes: typing, pasting and dropping are
 * refused; should anything slip through (an IME composition), the statement is rendered
 * afresh. Keyboard users keep their place: after a deletion the caret sits at its end.
 */
export function useStatementCaret(textRef: RefObject<HTMLDivElement | null>, readOnly: boolean): StatementCaret {
  const [generation, setGeneration] = useState(0);
  const caretAfter = useRef<number | null>(null);

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

  useEffect(() => {
    const at = caretAfter.current;
    caretAfter.current = null;
    if (at !== null && document.activeElement === textRef.current) placeCaret(textRef.current, at);
  });

  return {
    generation,
    placeAfterRender: (offset) => {
      caretAfter.current = offset;
    },
  };
}
