import { useEffect, useRef } from 'react';

const KEYS = new Set(['a', 'b', 'm', 'x', 'j', 'k']);
export type CurationKey = 'a' | 'b' | 'm' | 'x' | 'j' | 'k';

/** Typing in a field, or a key with a modifier, is never a curation action. */
function typing(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  return target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName);
}

/** One-key curation actions on the whole page: a, b, m, x, j, k (outside text fields). */
export function useCurationKeys(onKey: (key: CurationKey) => void): void {
  const handler = useRef(onKey);
  useEffect(() => {
    handler.current = onKey;
  });
  useEffect(() => {
    const listener = (e: KeyboardEvent) => {
      if (e.ctrlKey || e.metaKey || e.altKey || typing(e.target)) return;
      const key = e.key.toLowerCase();
      if (e.shiftKey || !KEYS.has(key)) return;
      e.preventDefault();
      handler.current(key as CurationKey);
    };
    document.addEventListener('keydown', listener);
    return () => document.removeEventListener('keydown', listener);
  }, []);
}
