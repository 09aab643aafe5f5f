import { useEffect } from 'react';
import type { Point } from '../../../../../shared/edits';
import { typeAnchor } from '../../../../../shared/guidelines/types';
import { isAmbiguityType, type AmbiguityType } from '../../../../../shared/taxonomy';
import { useLatest } from '../../../useLatest';

/** A text box (or the editable parts of the page) where "?" is typed, not a shortcut; the type picker is not one. */
function typingText(target: EventTarget | null): boolean {
  const el = target as HTMLElement | null;
  return !!el && ((el.isContentEditable && !el.closest('[data-caret-only]')) || el.tagName === 'TEXTAREA' || el.tagName === 'INPUT');
}

/** The type to open: that of the point card holding the focus (its picker's value), else the first point with a type. */
export function typeInFocus(focused: Element | null, points: readonly Point[]): AmbiguityType | null {
  const card = focused?.closest('[data-point-type]');
  const inCard = card?.getAttribute('data-point-type');
  if (card) return isAmbiguityType(inCard) ? inCard : null;
  return points.find((p) => p.type !== null)?.type ?? null;
}

/** Where "?" leads: the guidelines at the type's anchor (or at the top when no type is chosen). */
export const guidelinesHref = (type: AmbiguityType | null): string => `/guidelines${type ? `#${typeAnchor(type)}` : ''}`;

/**
 * "?" (outside text boxes) opens the guidelines at the focused point's type in a new tab: the
 * editor, its draft and its undo history stay as they are in this one.
 */
export function useGuidelinesKey(points: readonly Point[]): void {
  const latest = useLatest(points);
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== '?' || e.ctrlKey || e.metaKey || e.altKey || typingText(e.target)) return;
      e.preventDefault();
      window.open(guidelinesHref(typeInFocus(document.activeElement, latest.current)), '_blank', 'noopener');
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [latest]);
}
