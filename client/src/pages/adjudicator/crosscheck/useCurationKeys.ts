import { useEffect } from 'react';
import { useLatest } from '../../../useLatest';

export type CurationKey = 'a' | 'b' | 'm' | 'x' | 'j' | 'k' | 'p' | 'g' | 's' | 'c';
const KEYS: ReadonlySet<string> = new Set<CurationKey>(['a', 'b', 'm', 'x', 'j', 'k', 'p', 'g', 's', 'c']);
const isCurationKey = (key: string): key is CurationKey => KEYS.has(key);

const NOT_TYPED = new Set(['checkbox', 'radio', 'button', 'submit', 'reset']);

/** Typing in a field, or a key with a modifier, is never a curation action (a focused checkbox is no field). */
function typing(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target instanceof HTMLInputElement) return !NOT_TYPED.has(target.type);
  return target.isContentEditable || ['TEXTAREA', 'SELECT'].includes(target.tagName);
}

/** One-key curation actions on the whole page: a, b, m, x, j, k and the checklist's p, g, s, c (outside text fields). */
export function useCurationKeys(onKey: (key: CurationKey) => void): void {
  const handler = useLatest(onKey);
  useEffect(() => {
    const listener = (e: KeyboardEvent) => {
      if (e.ctrlKey || e.metaKey || e.altKey || typing(e.target)) return;
      const key = e.key.toLowerCase();
      if (e.shiftKey || !isCurationKey(key)) return;
      e.preventDefault();
      handler.current(key);
    };
    document.addEventListener('keydown', listener);
    return () => document.removeEventListener('keydown', listener);
  }, [handler]);
}
