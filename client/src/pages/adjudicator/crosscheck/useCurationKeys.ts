import { useEffect } from 'react';
import { useLatest } from '../../../useLatest';

/** 1–3 delete the gold text's selection for a gold point; the gold text takes them itself, so here they only say why not. */
export type CurationKey = 'a' | 'b' | 'm' | 'x' | 'j' | 'k' | 'p' | 'g' | 's' | 'c' | '1' | '2' | '3';
const KEYS: ReadonlySet<string> = new Set<CurationKey>(['a', 'b', 'm', 'x', 'j', 'k', 'p', 'g', 's', 'c', '1', '2', '3']);
const isCurationKey = (key: string): key is CurationKey => KEYS.has(key);

const NOT_TYPED = new Set(['checkbox', 'radio', 'button', 'submit', 'reset']);

/** Typing in a field, or a key with a modifier, is never a curation action (a focused checkbox is no field). */
function typing(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target instanceof HTMLInputElement) return !NOT_TYPED.has(target.type);
  return target.isContentEditable || ['TEXTAREA', 'SELECT'].includes(target.tagName);
}

/** One-key curation actions on the whole page: a, b, m, x, j, k, the checklist's p, g, s, c and 1–3 (outside text fields). */
export function useCurationKeys(onKey: (key: CurationKey) => void): void {
  const handler = useLatest(onKey);
  useEffect(() => {
    const listener = (e: KeyboardEvent) => {
      // A key the focused element already acted on (the gold text's 1–3, Enter) is not a curation action.
      if (e.defaultPrevented || e.ctrlKey || e.metaKey || e.altKey || typing(e.target)) return;
      const key = e.key.toLowerCase();
      if (e.shiftKey || !isCurationKey(key)) return;
      e.preventDefault();
      handler.current(key);
    };
    document.addEventListener('keydown', listener);
    return () => document.removeEventListener('keydown', listener);
  }, [handler]);
}
